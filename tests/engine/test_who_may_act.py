"""Who may take each action, and when: audited for every game at reachable states.

At every state the fuzz tests reach (gin with its Mahjong variant, team gin, Rummy 500 with
its windows, Ramino, Ramino 51, Canasta), each move any seat may make is tried from every
seat, from the session itself (SYSTEM_SEAT) and from a seat past the last. The engine must
accept it exactly from the seats whose own lists hold it: a turn move only from the seat on
turn, a claim only from a seat that may claim, the window's closing only from the session.
"""

from __future__ import annotations

import functools
import json
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from engine.base import SYSTEM_SEAT
from engine.gin import preset
from engine.gin.teams import TeamGin
from tests.engine.canasta import test_fuzz as canasta
from tests.engine.fuzz import Game, Spot, legal_moves, play
from tests.engine.gin import test_fuzz as gin
from tests.engine.ramino import test_fuzz as ramino
from tests.engine.ramino51 import test_fuzz as ramino51
from tests.engine.rummy500 import test_fuzz as rummy500


@functools.cache
def team_spots() -> tuple[Spot, ...]:
    """States of seeded team gin games: two boards of two, and three boards."""
    found: list[Spot] = []
    for seed, players in enumerate((4, 6)):
        opts = preset("standard", team_size=players // 2, target_score=40)
        game = TeamGin.create(opts, players, seed=seed)
        found += play(game, random.Random(seed), 200, prefer=("knock", "big_gin"))
    return tuple(found)


SPOTS: dict[str, Callable[[], tuple[Spot, ...]]] = {
    "gin": gin.spots, "team gin": team_spots, "rummy500": rummy500.spots,
    "ramino": ramino.spots, "ramino51": ramino51.spots, "canasta": canasta.spots,
}


def load(snapshot: dict[str, Any]) -> Game:
    """Rebuild any game from its snapshot, the way the host does."""
    from cogs.registry import adapter_for  # the host's loader knows every variant
    return adapter_for(snapshot["game"]).load(snapshot)  # type: ignore[return-value]


def listed_by_seat(game: Game) -> dict[int, set[str]]:
    """Return the texts each seat's lists hold (the session's own move under SYSTEM_SEAT)."""
    out: dict[int, set[str]] = {}
    for seat, action in legal_moves(game):
        out.setdefault(seat, set()).add(str(action))
    return out


def audit(spot: Spot, tally: Counter[str]) -> None:
    """Try every move listed for anyone from every seat; accepted exactly where listed."""
    game = load(json.loads(spot.snapshot))
    listed = listed_by_seat(game)
    moves = set().union(*listed.values()) if listed else set()
    for seat in (SYSTEM_SEAT, *range(game.seats), game.seats):
        for text in sorted(moves):
            accepted = game.can(seat, game.parse_action(text))
            assert accepted == (text in listed.get(seat, ())), (seat, text, spot.snapshot[:200])
            tally["tried"] += 1
            tally["accepted"] += accepted
    tally["states"] += 1


@pytest.mark.parametrize("name", list(SPOTS))
def test_each_move_is_accepted_exactly_from_the_seats_that_list_it(name: str) -> None:
    tally: Counter[str] = Counter()
    for spot in SPOTS[name]():
        audit(spot, tally)
    # Every game has states with moves, and most tries come from seats that may not act.
    assert tally["states"] >= 100 and 0 < tally["accepted"] < tally["tried"] / 2, tally
