"""Every game's ACTIONS table holds the functions its class plays, typed for its key.

A table names functions, not method names, so a subclass that redefines a check or a move
must declare its own table: these tests fail if a table still holds a function its class has
overridden (Mahjong gin's meld would then run closed gin's refusal), or holds a check or a
handler written for another action type.
"""

from __future__ import annotations

import types
from collections.abc import Callable
from typing import Any, Union, get_args, get_origin, get_type_hints

import pytest

from engine.base import CardGame
from engine.canasta import CanastaGame
from engine.gin import GinGame, GinOptions, MahjongGin, TeamGin, preset
from engine.ramino import RaminoGame
from engine.ramino51 import Ramino51Game
from engine.rummy500 import Rummy500Game
from tests.toy.engine import ToyGame, ToyOptions


def games() -> list[CardGame[Any, Any]]:
    """Return one game of every class that plays moves (a team game plays on its boards)."""
    team = TeamGin.create(GinOptions(team_size=2), 4, seed=1)
    return [CanastaGame(seed=1), RaminoGame(seed=1), Ramino51Game(seed=1),
            Rummy500Game(seed=1), GinGame(seed=1), MahjongGin(preset("mahjong"), seed=1),
            team.boards[0], ToyGame.create(ToyOptions(), 2, seed=1)]


def accepts(function: Callable[..., object], kind: type) -> bool:
    """Whether the function's `action` parameter is annotated with the kind (or a union of it)."""
    hint = get_type_hints(function)["action"]
    if get_origin(hint) in (Union, types.UnionType):
        return kind in get_args(hint)
    return hint is kind


@pytest.mark.parametrize("game", games(), ids=lambda g: type(g).__name__)
def test_each_entry_is_the_function_the_class_plays(game: CardGame[Any, Any]) -> None:
    table = type(game).ACTIONS
    assert table, "a game that plays moves has a table"
    checks = type(game.checks())
    for kind, (check, handler) in table.items():
        assert getattr(checks, check.__name__) is check, (kind, check)
        assert getattr(type(game), handler.__name__) is handler, (kind, handler)


@pytest.mark.parametrize("game", games(), ids=lambda g: type(g).__name__)
def test_each_entry_takes_the_action_type_it_is_keyed_by(game: CardGame[Any, Any]) -> None:
    for kind, (check, handler) in type(game).ACTIONS.items():
        assert accepts(check, kind) and accepts(handler, kind), kind


def test_a_team_game_has_no_table_of_its_own() -> None:
    assert TeamGin.ACTIONS == {}  # its boards verify and play every move
