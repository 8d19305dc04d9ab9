"""Fair shuffles at the table: the commitment shown at each deal, the seed only at the hand's
end, and `/rummy verify` checking them, for every game, in English and Italian."""

from __future__ import annotations

import json

import pytest

from bot.i18n import card_text
from cogs.host import ScriptedDeals
from cogs.host.fairness import commitment_lines, reveal_lines
from engine.base import commitment, deal_seed
from engine.cards import make_deck
from engine.gin import GinOptions, TeamGin
from engine.verify_deal import deck_order
from tests.cogs.conftest import set_turn_seconds, texts
from tests.conftest import Sim

SEED = 20261127
# game, whether the public lines are Italian
PLAYS = [("gin", False), ("rummy500", True), ("ramino", False), ("ramino51", True),
         ("canasta", False)]
WORDS = {False: ("Shuffle commitment: `{c}`", "Shuffle seed of this hand: `{s}` "
                 "(commitment `{c}`). Anyone can check it with /rummy verify."),
         True: ("Impronta della mescolata: `{c}`", "La chiave della mescolata di questa "
                "mano: `{s}` (impronta `{c}`). Chiunque può verificarla con /rummy verify.")}


def sent(sim: Sim) -> list[str]:
    """Return everything the bot sent or edited so far, in order: every REST call's body
    (the channel's messages and their edits, DMs, ephemeral answers)."""
    return [json.dumps([r.path, r.json, r.params], ensure_ascii=False)
            for r in sim.env.http_requests]


async def play_first_hand(sim: Sim, deals: ScriptedDeals, game: str, italian: bool) -> None:
    """Alice and a computer play `game` (seeded) while her clock runs out, until a hand
    ends."""
    await set_turn_seconds(sim, 30)
    if italian:
        await sim.bot.storage.set_guild_settings(sim.guild.id, locale="it")
    deals.queue(game, seed=SEED)
    await sim.alice.slash(sim.channel, "rummy new", game=game)
    lobby = sim.channel.history()[-1]
    buttons = {False: ("Add computer", "Start"), True: ("Aggiungi computer", "Inizia")}
    for label in buttons[italian]:
        await sim.alice.click(lobby, label=label)
    seed = deal_seed(SEED, 1)
    for _ in range(600):
        if any(seed in text for text in texts(sim)):
            return
        await sim.env.advance_time(30)
    raise AssertionError("no hand ended")


@pytest.mark.parametrize("game, italian", PLAYS)
async def test_the_deal_shows_its_commitment_and_the_hand_end_its_seed(
        sim: Sim, deals: ScriptedDeals, game: str, italian: bool) -> None:
    await play_first_hand(sim, deals, game, italian)
    first, second = deal_seed(SEED, 1), deal_seed(SEED, 2)
    committed, revealed = WORDS[italian]
    out = sent(sim)
    shown = [i for i, body in enumerate(out) if committed.format(c=commitment(first)) in body]
    told = [i for i, body in enumerate(out) if first in body]
    # committed at the deal; told once the hand is over, in the hand's result only
    assert shown and told and shown[0] < told[0]
    assert all(revealed.format(s=first, c=commitment(first)) in out[i] for i in told)
    assert any(committed.format(c=commitment(second)) in body for body in out[told[0]:])
    # the next hand is live: its seed was never sent, nor the game's other deals'
    assert not any(deal_seed(SEED, n) in body for body in out for n in range(2, 6))


async def test_verify_says_whether_a_seed_gives_its_commitment_and_its_deck(
        sim: Sim) -> None:
    seed = deal_seed(SEED, 1)
    good = await sim.alice.slash(sim.channel, "rummy verify", seed=seed,
                                 hash=commitment(seed), game="gin")
    assert good.ephemeral
    lines = good.response.content.split("\n")
    assert lines[0] == (f"The commitment `{commitment(seed)}` is the SHA-256 of the seed "
                        f"`{seed}`: this seed is the one committed to when the hand was dealt.")
    assert lines[1] == ("The deck this seed deals for Gin Rummy, in the order it is dealt "
                        "(first card first):")
    assert lines[2].split(" ") == [card_text(c) for c in deck_order("gin", seed)]
    bad = await sim.alice.slash(sim.channel, "rummy verify", seed=seed, hash="0123456789abcdef")
    assert bad.ephemeral and bad.response.content == (
        f"The commitment `0123456789abcdef` does not match the seed `{seed}` (that seed gives "
        f"`{commitment(seed)}`): check that both were copied whole.")
    alone = await sim.alice.slash(sim.channel, "rummy verify", seed=seed, hash=commitment(seed))
    assert alone.response.content.endswith(
        "Fill in the game option to see the order of the shuffled deck.")


@pytest.mark.usefixtures("chiara_speaks_italian")
async def test_verify_answers_in_the_members_language(sim: Sim) -> None:
    seed = deal_seed(SEED, 2)
    answer = await sim.chiara.slash(sim.channel, "rummy verify", seed=seed,
                                   hash=commitment(seed), game="ramino")
    lines = answer.response.content.split("\n")
    assert answer.ephemeral and lines[0] == (
        f"L'impronta `{commitment(seed)}` è lo SHA-256 della chiave `{seed}`: è proprio la "
        "chiave fissata quando la mano è stata distribuita.")
    assert lines[1].startswith("Il mazzo che questa chiave dà per Ramino, nell'ordine")
    assert lines[2].split(" ") == [card_text(c) for c in deck_order("ramino", seed)]
    assert len(lines[2].split(" ")) == 108  # the default double deck


def test_team_gin_tells_each_boards_commitment_and_seed_board_by_board() -> None:
    game = TeamGin(GinOptions(team_size=2), 4, seed=SEED)
    seeds = [b.deck.seed_of(1) for b in game.boards]
    assert seeds[0] is not None and seeds[1] is not None
    a, b = seeds[0], seeds[1]
    assert commitment_lines(game, "en") == [
        f"Shuffle commitments, board by board: `{a.commitment}`, `{b.commitment}`. "
        "The seeds are revealed when the hand ends."]
    assert reveal_lines(game, False, "it") == [
        f"Le chiavi della mescolata di questa mano, tavolo per tavolo: `{a.seed}` (impronta "
        f"`{a.commitment}`); `{b.seed}` (impronta `{b.commitment}`). Chiunque può verificarle "
        "con /rummy verify."]
    scripted = TeamGin(GinOptions(team_size=2), 4, decks=[make_deck()] * 2)
    assert commitment_lines(scripted, "en") == [] == reveal_lines(scripted, False, "en")
