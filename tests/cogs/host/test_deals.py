"""Deal sources: games are shuffled unless a test or a benchmark scripts them."""

from __future__ import annotations

from cogs.adapters import Deal
from cogs.host import GameHost, RandomDeals, ScriptedDeals

from .conftest import DECK, gin_record, offline_host


def test_the_real_bot_shuffles_every_game() -> None:
    assert isinstance(GameHost.deals, RandomDeals)
    assert GameHost.deals.next_deal("gin") == Deal()


def test_scripted_deals_are_served_per_game_in_order_then_shuffled() -> None:
    deals = ScriptedDeals()
    deals.queue("gin", ["AS", "2S"], first_dealer=1)
    deals.queue("gin", seed=7)
    deals.queue("rummy500", seed=9)
    assert deals.next_deal("rummy500") == Deal(seed=9)
    assert deals.next_deal("gin") == Deal((("AS", "2S"),), 1)
    assert deals.next_deal("gin") == Deal(seed=7)
    assert deals.next_deal("gin") == Deal()


def test_a_new_game_is_dealt_from_the_hosts_source() -> None:
    deals = ScriptedDeals()
    deals.queue("gin", DECK, first_dealer=1)
    host = offline_host(bot_delay=0.0)
    host.deals = deals
    rt = host.sessions.deal(gin_record())
    hand = rt.game.private_view(0).hand
    assert sorted(hand) == sorted(["AS", "2S", "3S", "4H", "5H", "6H", "7C", "8C", "9C", "10C"])
    assert rt.game.to_act() == [0] and rt.session.bot_delay == 0.0
    assert deals.next_deal("gin") == Deal()  # the scripted deal was used once
