"""Ramino's controls are its legal moves: every button and menu option a seat is shown sends
one of its listed moves, every listed move has its control, and what a timer plays for an
absent player is a listed move that never closes.

Seeded random play (tests/engine/completeness.walk, the engine's completeness walk and its
keen player) over the presets and flipped rules (re-entry offers, two-step close limits, the
chips game, seven seats) reaches every kind of step. At each, every control of every seat is
pressed as the host would press it (a select sends `<verb> <value>`) and parsed by the
engine. A hand holds at most 14 cards, so no menu is cut at Discord's 25 options.

`RUMMY_MENU_STATES` sets the states walked per rule set (default 200; about 3 s in all).
"""

from __future__ import annotations

import os
import random
from collections import Counter
from typing import Any

import pytest

from cogs.adapters import ButtonControl
from cogs.adapters.ramino import RAMINO
from engine.ramino import PRESETS, RaminoGame, RaminoOptions
from engine.ramino.actions import Close
from tests.engine.completeness import Move, walk
from tests.engine.ramino.players import keen_move

STATES = int(os.environ.get("RUMMY_MENU_STATES", "200"))
SETS: dict[str, tuple[RaminoOptions, int]] = {
    **{name: (opts, players) for (name, opts), players in zip(PRESETS.items(), (4, 3, 5, 2))},
    "reentry_points": (RaminoOptions(close_mode="points", reentry=True, elimination_limit=35,
                                     same_suit_sets=True, discard_taken_card=True), 4),
    "seven_seats": (RaminoOptions(hand_size=7, stock_rebuilds=0, reentry=True,
                                  elimination_limit=30), 7),
}


def sent_by(game: RaminoGame, seat: int) -> list[str]:
    """Return what each of the seat's controls sends: a button's action, each option's."""
    out = []
    for control in RAMINO.controls(game, seat, "en"):
        if isinstance(control, ButtonControl):
            out.append(control.action)
        else:
            out += [RAMINO.compose(game, seat, control.verb, [o.value])
                    for o in control.options]
    return out


def look(figures: Counter[str], faults: list[str]) -> Any:
    def at(game: RaminoGame) -> None:
        figures["states"] += 1
        for seat in range(game.players):
            moves = game.private_view(seat).moves
            listed = [str(a) for a in moves]
            sent = sent_by(game, seat)
            figures["pressed"] += len(sent)
            figures["moves"] += len(listed)
            figures.update(type(a).__name__ for a in moves)
            shown = [str(game.parse_action(text)) for text in sent]
            if sorted(shown) != sorted(listed):
                faults.append(f"seat {seat}, version {game.version}: controls send {shown}, "
                              f"the moves are {listed}")
            if listed:
                timed = game.parse_action(RAMINO.default_move(game, seat))
                if str(timed) not in listed or (isinstance(timed, Close) and timed.card):
                    faults.append(f"seat {seat}, version {game.version}: a timer plays {timed}")
    return at


def choose(game: RaminoGame, moves: list[Move], rng: random.Random) -> Move:
    """Play as the engine's keen player for a seat the game waits for, picked at random."""
    seat = rng.choice(sorted({s for s, _ in moves}))
    return seat, keen_move(game, seat, [a for s, a in moves if s == seat], rng)


@pytest.mark.parametrize("name", list(SETS))
def test_every_control_is_a_listed_move_and_every_listed_move_has_its_control(
        name: str) -> None:
    opts, players = SETS[name]
    first = 100 * list(SETS).index(name)
    figures: Counter[str] = Counter()
    faults: list[str] = []
    walk(lambda n: RaminoGame(opts, players=players, seed=first + n), STATES,
         look(figures, faults), choose)
    print(f"{name}: {dict(figures)}")
    assert not faults, faults[:5]
    assert figures["states"] == STATES and figures["pressed"] == figures["moves"] > STATES
