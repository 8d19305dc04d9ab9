"""Rummy 500 on the shared framework: declared options, the base's dispatch, the scoreboard,
standings, and snapshots saved by the live bot before the port."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.base import SYSTEM_SEAT, CardGame, DeckSource
from engine.errors import BadOption, GameOver, NotYourTurn
from engine.match import Scoreboard
from engine.rummy500 import PRESETS, Rummy500Game, Rummy500Options, preset
from engine.rummy500.ai import choose_action, choose_claim
from engine.rummy500.errors import ClaimTooLate
from engine.rummy500.rules import Rules
from engine.sides import Sides

from .scripted import crafted

# Saved by the code of main before the port (3 players, Italian rules with the queen of
# spades as special card, seed 500): hand 2, six melds down, a Rummy! window open on KD.
MAIN_SNAPSHOT = Path(__file__).with_name("snapshot_main.json")
# The /rummy settings keys of cogs/adapters/rummy500.py before the port, in its order.
SETTINGS = ("target_score", "min_first_meld", "top_card_free", "draw_stock_until_opened",
            "go_out_without_discard", "last_discard_unplayable", "reuse_discards", "rummy_rule",
            "rummy_call", "rummy_window_seconds", "elimination_score", "win_by_closing_only",
            "game_mode", "closings_to_win", "special_card", "special_card_value",
            "special_card_per_hand", "scala40_values")


def play_on(game: Rummy500Game, cap: int = 40) -> None:
    """Play the computer player for every seat to the end (or the cap)."""
    while not game.is_over and game.hand_no < cap:
        if game.claim_open:
            game.apply(*first_claim(game))
        else:
            game.apply(game.turn, choose_action(game.private_view(game.turn)))


def first_claim(game: Rummy500Game) -> tuple[int, Any]:
    """Return the first claim of the seats after the discarder, else the window's close."""
    assert game.discarder is not None
    for step in range(1, game.players):
        seat = (game.discarder + step) % game.players
        claim = choose_claim(game.private_view(seat))
        if claim is not None:
            return seat, claim
    return SYSTEM_SEAT, "end_claims"


# --- snapshots of the live bot -------------------------------------------------------------


def test_a_snapshot_saved_before_the_port_loads_and_saves_the_same() -> None:
    data = json.loads(MAIN_SNAPSHOT.read_text(encoding="utf-8"))
    game = Rummy500Game.from_json(data)
    assert json.dumps(game.to_json(), sort_keys=True) == json.dumps(data, sort_keys=True)
    assert list(game.to_json()) == list(data)  # same keys, same order
    assert (game.seed, game.deals, game.players, game.version) == (500, 2, 3, 269)
    assert game.claim_open and game.claim_card is not None and game.claim_card.text == "KD"


def test_a_snapshot_saved_before_the_port_plays_on_as_it_did_before() -> None:
    game = Rummy500Game.from_json(json.loads(MAIN_SNAPSHOT.read_text(encoding="utf-8")))
    play_on(game)
    # what main's code reached from the same snapshot with the same computer player
    assert game.is_over and game.winner == 2 and game.totals == [-130, -130, 380]
    assert game.eliminated == {0, 1} and game.closings == [0, 0, 1]
    assert (game.hand_no, game.version) == (3, 342)
    assert [(s.side, s.points, s.rank, s.won) for s in game.standings()] == [
        (0, -130, 2, False), (1, -130, 2, False), (2, 380, 1, True)]


# --- options declared once ---------------------------------------------------------------------


def test_options_are_declared_with_the_kinds_and_bounds_of_before() -> None:
    specs = {s.key: s for s in Rummy500Options.specs()}
    assert tuple(specs) == tuple(Rummy500Options().to_dict())
    assert (specs["elimination_score"].kind, specs["elimination_score"].negative) == (
        "int_or_off", True)
    assert specs["special_card"].kind == "card"
    lows = {k: s.low for k, s in specs.items() if s.kind == "int"}
    assert lows == {"min_first_meld": 0, "reuse_discards": 0, "rummy_window_seconds": 1,
                    "target_score": 1, "closings_to_win": 1, "special_card_value": 1}
    assert specs["go_out_without_discard"].choices == ("never", "seed_redraw", "immediate")
    assert {s.key for s in Rummy500Options.settable()} == set(SETTINGS)


def test_presets_are_overrides_and_instances_by_name() -> None:
    assert list(Rummy500Options.PRESETS) == list(PRESETS)
    for name, overrides in Rummy500Options.PRESETS.items():
        assert PRESETS[name] == Rummy500Options(**overrides) == preset(name)
    assert PRESETS["scala40"].special is not None and PRESETS["scala40"].special.text == "QS"
    assert PRESETS["standard"].special is None
    with pytest.raises(BadOption) as info:
        preset("italian", jokers=2)
    assert info.value.params["key"] == "jokers"


def test_a_member_sets_options_from_text() -> None:
    opts = Rummy500Options().with_text("elimination_score", "-150")
    assert opts.with_text("special_card", "qs").special_card == "QS"
    assert opts.elimination_score == -150 and opts.with_text("elimination_score", "off") == (
        Rummy500Options())
    with pytest.raises(BadOption):
        opts.with_text("elimination_score", "20")


# --- the game on the base ----------------------------------------------------------------------


def test_the_game_is_a_card_game_created_like_every_other() -> None:
    assert issubclass(Rummy500Game, CardGame)
    assert (Rummy500Game.name, Rummy500Game.options_type) == ("rummy500", Rummy500Options)
    assert (Rummy500Game.min_players, Rummy500Game.max_players) == (2, 5)
    made = Rummy500Game.create(PRESETS["italian"], 4, seed=9, first_dealer=2)
    built = Rummy500Game(PRESETS["italian"], players=4, seed=9, first_dealer=2)
    assert made.to_json() == built.to_json() and made.sides == Sides.singles(4)
    assert made.deck == DeckSource(9, [], 1) and made.seats == made.players == 4
    with pytest.raises(BadOption):
        Rummy500Game.create(Rummy500Options(), 6)


def test_every_action_has_a_check_on_rules_and_a_handler_on_the_game() -> None:
    game = Rummy500Game(players=2, seed=4)
    assert isinstance(game.checks(), Rules) and game.checks().g is game
    for check, handler in Rummy500Game.ACTIONS.values():
        assert getattr(Rules, check.__name__) is check
        assert getattr(Rummy500Game, handler.__name__) is handler
    assert len(Rummy500Game.ACTIONS) == 9


def test_claims_come_out_of_turn_and_anyone_closes_the_window() -> None:
    g = crafted({0: "8H 2C 4S", 1: "KD QD", 2: "9C 3D", 3: "JS 4D"},
                melds=[(0, "5H 6H 7H"), (2, "10C 10D 10S")], totals=[0, 0, 0, -200],
                eliminated=[3])
    g.apply(0, "discard 8H")
    assert g.turn == 1
    with pytest.raises(NotYourTurn) as info:
        g.verify(3, g.parse_action("claim 8H A"))  # eliminated: not in the game any more
    assert str(info.value) == "you are not playing in this game"
    g.verify(2, g.parse_action("claim 8H A high"))  # out of turn, yet not refused for it
    g.apply(SYSTEM_SEAT, "end_claims")
    with pytest.raises(ClaimTooLate):
        g.apply(SYSTEM_SEAT, "end_claims")


# --- the scoreboard and standings --------------------------------------------------------------


def _finish(totals: list[int], opts: Rummy500Options) -> Rummy500Game:
    """Seat 0 goes out scoring 0; seat 1 holds KC (−10); seat 2 holds 2C (−5)."""
    g = crafted({0: "2D", 1: "KC", 2: "2C"}, players=3, totals=totals, options=opts,
                dealer=0)
    g.apply(0, "discard 2D")
    return g


def test_totals_and_eliminations_live_on_a_scoreboard() -> None:
    g = _finish([0, -95, -96], Rummy500Options(elimination_score=-101))
    assert isinstance(g.board, Scoreboard) and g.board.totals is g.totals
    assert g.board.eliminated == {1, 2} and g.board.last_standing() == 0 == g.winner
    assert g.board.hands == [[0, -10, -5]]
    with pytest.raises(GameOver):
        g.apply(SYSTEM_SEAT, "end_claims")


def test_standings_rank_the_winner_first_then_by_total() -> None:
    g = _finish([0, -95, -96], Rummy500Options(elimination_score=-101))
    assert [(s.seats, s.points, s.rank, s.won) for s in g.standings()] == [
        ((0,), 0, 1, True), ((1,), -105, 3, False), ((2,), -101, 2, False)]
    g = _finish([500, 700, 0], Rummy500Options(win_by_closing_only=True))
    assert g.winner == 0 and g.totals == [500, 690, -5]  # the closer wins with fewer points
    assert [(s.rank, s.won) for s in g.standings()] == [(1, True), (2, False), (3, False)]


def test_standings_before_the_end_name_no_winner() -> None:
    g = _finish([400, 100, 0], Rummy500Options())
    assert g.winner is None and not any(s.won for s in g.standings())
    assert [s.rank for s in g.standings()] == [1, 2, 3]
