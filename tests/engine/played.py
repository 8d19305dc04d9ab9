"""Helpers for tests that play a game: its snapshot, the kinds of its events, refusals."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import pytest

from engine.base import CardGame
from engine.errors import RulesError

Game = CardGame[Any, Any]


def snapshot(game: Game) -> str:
    """Return the game's JSON text: a refused action must leave it unchanged."""
    return json.dumps(game.to_json(), sort_keys=True)


def kinds(events: Sequence[Any]) -> list[str]:
    """Return the kinds of the events, in order."""
    return [e.kind for e in events]


def event(events: Sequence[Any], kind: str) -> Any:
    """Return the one event of that kind."""
    found = [e for e in events if e.kind == kind]
    assert len(found) == 1, f"expected one {kind} event, got {kinds(events)}"
    return found[0]


def refused(game: Game, seat: int, action: Any, error: type[RulesError]) -> RulesError:
    """Apply an action that must be refused: the error's code, the state and version kept."""
    before, version = snapshot(game), game.version
    with pytest.raises(error) as info:
        game.apply(seat, action)
    assert info.value.code == error.code  # the bot translates by code
    assert snapshot(game) == before and game.version == version
    return info.value
