"""Fair shuffles: each deal's own seed, its commitment, its reveal, and old games' shuffles."""

from __future__ import annotations

import hashlib
import hmac
import json
import random

import pytest

from engine.base import LEGACY, DeckSource, commitment, deal_seed, shuffle_by
from engine.canasta import CanastaGame, CanastaOptions
from engine.canasta.state import build_deck as canasta_deck
from engine.cards import make_deck
from engine.gin import GinGame, GinOptions, TeamGin
from engine.ramino import RaminoGame
from engine.ramino import preset as ramino_preset
from engine.ramino51 import Ramino51Game
from engine.ramino51 import preset as ramino51_preset
from engine.rummy500 import Rummy500Game, Rummy500Options
from engine.verify_deal import ENGINES, dealt_hands, deck_order, main, matches


def texts(cards: object) -> list[str]:
    return [c.text for c in cards]  # type: ignore[attr-defined]


def test_a_deal_seed_is_the_hmac_of_its_number_keyed_by_the_game_seed() -> None:
    mac = hmac.new(b"123456789", b"deal:3", hashlib.sha256).hexdigest()
    assert deal_seed(123456789, 3) == mac[:32]
    assert commitment(mac[:32]) == hashlib.sha256(mac[:32].encode()).hexdigest()[:16]
    assert len(commitment("anything")) == 16


def test_each_deal_is_shuffled_by_its_own_seed_alone() -> None:
    source = DeckSource.of(2024)
    decks = [texts(source.next(make_deck)) for _ in range(3)]
    for number, deck in enumerate(decks, start=1):
        shown = source.seed_of(number)
        assert shown is not None and shown.commitment == commitment(shown.seed)
        # what a player holds after the hand: the seed, nothing of the game's
        assert texts(shuffle_by(make_deck(), shown.seed)) == deck
        assert deck_order("gin", shown.seed) == deck


def test_one_deal_seed_tells_nothing_of_the_others() -> None:
    seeds = [deal_seed(77, n) for n in range(1, 200)]
    assert len(set(seeds)) == len(seeds)
    first = seeds[0]
    # deal 2's seed is none of what one could compute from deal 1's seed alone
    guesses = {hashlib.sha256(first.encode()).hexdigest()[:32], commitment(first),
               hmac.new(first.encode(), b"deal:2", hashlib.sha256).hexdigest()[:32],
               deal_seed(int(first, 16), 2), deal_seed(int(first, 16) % 2**63, 2)}
    assert seeds[1] not in guesses and first not in {str(77), hex(77)}
    # a neighbouring game seed shares no deal seed
    assert not set(seeds) & {deal_seed(78, n) for n in range(1, 200)}


def test_scripted_decks_have_no_commitment_and_shuffles_after_them_do() -> None:
    source = DeckSource.of(5, [make_deck()])
    assert texts(source.next(make_deck)) == texts(make_deck())
    assert source.live_commitment() is None and source.seed_of(1) is None
    source.next(make_deck)
    shown = source.seed_of(2)
    assert shown is not None and source.live_commitment() == shown.commitment
    assert shown.seed == deal_seed(5, 2)
    again = DeckSource.from_json(json.loads(json.dumps(source.to_json())))
    assert again == source and again.seed_of(2) == shown


def test_the_hand_just_ended_is_the_one_before_a_new_deal() -> None:
    source = DeckSource.of(9)
    source.next(make_deck)
    assert source.ended(dealt_again=False) == source.seed_of(1)
    source.next(make_deck)  # hand 2, dealt with the move that ended hand 1
    source.next(make_deck, again=True)  # hand 2 misdealt, dealt again
    assert source.ended(dealt_again=True) == source.seed_of(1)
    assert source.ended(dealt_again=False) == source.seed_of(3)
    assert source.live_commitment() == commitment(deal_seed(9, 3))


def test_a_game_saved_before_per_deal_seeds_goes_on_with_the_same_decks() -> None:
    game = Rummy500Game(Rummy500Options(), players=3, seed=31, first_dealer=0)
    old = game.to_json()
    for key in ("shuffle", "deals_before", "scripted_deals"):
        del old[key]  # a snapshot as it was saved before
    loaded = Rummy500Game.from_json(json.loads(json.dumps(old)))
    assert loaded.deck.shuffle == LEGACY and loaded.to_json() == old
    assert loaded.commitments() == [] and loaded.revealed(dealt_again=False) == []
    # its next deck is the one the old shuffle gave: seed "<game seed>:<deal number>"
    expected = make_deck()
    random.Random("31:2").shuffle(expected)
    assert texts(loaded.deck.next(make_deck)) == texts(expected)
    side = make_deck()
    random.Random("31:knock:2").shuffle(side)
    assert texts(loaded.deck.side_deck("knock", make_deck)) == texts(side)


def test_an_unknown_shuffle_cannot_be_loaded() -> None:
    data = Rummy500Game(Rummy500Options(), players=3, seed=1).to_json()
    from engine.errors import BadState
    with pytest.raises(BadState):
        Rummy500Game.from_json({**data, "shuffle": 3})


def test_gins_second_deck_is_shuffled_by_the_deal_seed() -> None:
    game = GinGame(GinOptions(knock_rule="oklahoma", knock_card_source="second_deck"),
                   seed=12, first_dealer=0)
    shown = game.deck.seed_of(1)
    assert shown is not None and game.knock_card is not None
    assert game.knock_card.text == texts(shuffle_by(make_deck(), shown.seed, "knock"))[-1]


@pytest.mark.parametrize("make", ["ramino", "ramino51"])
def test_a_stock_rebuilt_from_the_pile_is_shuffled_by_the_deal_seed(make: str) -> None:
    game: RaminoGame | Ramino51Game = (
        RaminoGame.create(ramino_preset("classic"), 2, seed=3, first_dealer=0) if make == "ramino"
        else Ramino51Game.create(ramino51_preset("standard"), 2, seed=3, first_dealer=0))
    shown = game.deck.seed_of(1)
    assert shown is not None
    under = make_deck()[:20]
    rebuilt = game.deck.side_deck("rebuild1", lambda: list(under))
    assert texts(rebuilt) == texts(shuffle_by(list(under), shown.seed, "rebuild1"))


def test_every_game_commits_to_its_deck_and_reveals_it_once_over() -> None:
    games = [GinGame(GinOptions(), seed=1, first_dealer=0),
             Rummy500Game(Rummy500Options(), players=3, seed=1),
             RaminoGame.create(ramino_preset("classic"), 3, seed=1),
             Ramino51Game.create(ramino51_preset("standard"), 3, seed=1),
             CanastaGame(CanastaOptions(), 2, seed=1)]
    for game in games:
        shown = game.deck.seed_of(1)
        assert shown is not None and game.commitments() == [shown.commitment]
        assert game.revealed(dealt_again=False) == [shown]
    canasta = games[-1].deck.seed_of(1)
    assert canasta is not None
    assert deck_order("canasta", canasta.seed) == texts(shuffle_by(canasta_deck(), canasta.seed))


def test_team_gin_commits_board_by_board() -> None:
    game = TeamGin(GinOptions(team_size=2), 4, seed=8)
    seeds = [b.deck.seed_of(1) for b in game.boards]
    assert None not in seeds and len({s.seed for s in seeds if s}) == 2
    assert game.commitments() == [s.commitment for s in seeds if s]
    assert game.revealed(dealt_again=False) == seeds


def test_verify_deal_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    seed = deal_seed(4, 1)
    assert matches(seed, commitment(seed)) and not matches(seed, "0" * 16)
    assert main([seed, commitment(seed), "--game", "ramino", "--option", "deck=single"]) == 0
    out = capsys.readouterr().out
    assert "MATCH" in out and "NO MATCH" not in out
    assert " ".join(deck_order("ramino", seed, {"deck": "single"})) in out and "(54 cards)" in out
    assert main([seed, "0" * 16]) == 1
    assert f"NO MATCH: the seed gives {commitment(seed)}" in capsys.readouterr().out
    assert main([seed, commitment(seed), "--game", "ramino", "--option", "deck=triple"]) == 2


@pytest.mark.parametrize("name, players", [("gin", 2), ("rummy500", 4), ("ramino", 3),
                                           ("ramino51", 4), ("canasta", 4)])
def test_the_revealed_seed_deals_every_seat_the_cards_he_was_dealt(name: str,
                                                                   players: int) -> None:
    engine = ENGINES[name]
    game = engine.create(engine.options_type(), players, seed=99, first_dealer=1)
    shown = game.deck.seed_of(1)
    assert shown is not None
    hands = [list(game.private_view(seat).hand) for seat in range(players)]
    assert dealt_hands(name, shown.seed, players, 1) == hands
    assert dealt_hands(name, deal_seed(99, 2), players, 1) != hands


def test_verify_deal_prints_each_seats_cards(capsys: pytest.CaptureFixture[str]) -> None:
    game = GinGame(GinOptions(), seed=6, first_dealer=0)
    shown = game.deck.seed_of(1)
    assert shown is not None
    assert main([shown.seed, shown.commitment, "--game", "gin", "--players", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-2:] == [f"seat 1 (dealer): {' '.join(c.text for c in game.hands[0])}",
                        f"seat 2: {' '.join(c.text for c in game.hands[1])}"]
    assert main([shown.seed, shown.commitment, "--game", "gin", "--players", "3"]) == 2
