"""The easy and normal computers of every game make the very moves they made before their
speed-ups: seeded all-computer games are played and their move lists compared, by digest,
with the lists recorded before (computer_moves.json).

Rerecord only for a change meant to change a computer's play:
`python -m tests.cogs.adapters.test_computer_moves` (from the repository's root).
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from unittest import mock

import pytest

from cogs.adapters import Deal
from cogs.adapters.base import GameAdapter
from cogs.registry import GAMES

RECORDED = Path(__file__).with_name("computer_moves.json")
SEATS = {"gin": 2, "rummy500": 3, "ramino": 4, "ramino51": 4, "canasta": 4}  # the load bench's
SEEDS = (0, 1)
MOVES = 300  # per game: far into its first hands, at every step of a turn
PLAYED = [(adapter, level) for adapter in GAMES for level in ("easy", "normal")]


class Seeded(random.Random):
    """A generator seeded alike each time one is made without a seed."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(0 if seed is None else seed)


@contextmanager
def seeded() -> Iterator[None]:
    """Seed the generators a computer makes itself (gin's easy one breaks ties at random)."""
    with mock.patch.object(random, "Random", Seeded):
        yield


def moves(adapter: GameAdapter, level: str, seed: int) -> list[str]:
    """Return the first MOVES moves ("seat:action") of a seeded game of computers."""
    options = adapter.options(adapter.presets()[0], {})
    game = adapter.new_game(options, SEATS[adapter.name], Deal(seed=seed))
    played: list[str] = []
    while len(played) < MOVES and not game.is_over and game.to_act():
        seat = game.to_act()[0]
        action = adapter.choose(game, seat, level)
        game.apply(seat, action)
        played.append(f"{seat}:{action}")
    return played


def digest(adapter: GameAdapter, level: str) -> str:
    """Return the digest of the move lists of every seed."""
    with seeded():
        text = "\n#\n".join("\n".join(moves(adapter, level, seed)) for seed in SEEDS)
    return hashlib.sha256(text.encode()).hexdigest()


@pytest.mark.parametrize(("adapter", "level"), PLAYED,
                         ids=[f"{a.name}-{level}" for a, level in PLAYED])
def test_the_computers_play_as_recorded(adapter: GameAdapter, level: str) -> None:
    recorded = json.loads(RECORDED.read_text())
    assert digest(adapter, level) == recorded[f"{adapter.name}/{level}"]


def test_the_digest_tells_players_apart() -> None:
    first = moves(GAMES[0], "normal", SEEDS[0])
    assert len(first) > 10 and len(set(first)) > 5  # a game was played, not one move repeated
    assert digest(GAMES[0], "easy") != digest(GAMES[0], "normal")


if __name__ == "__main__":
    RECORDED.write_text(json.dumps({f"{a.name}/{level}": digest(a, level)
                                    for a, level in PLAYED}, indent=1) + "\n")
