"""The games this bot hosts: one adapter each, in the order menus list them.

Adding a game is its adapter plus one entry in `GAMES`; nothing else in `cogs/`
names a game.
"""

from __future__ import annotations

from cogs.adapters import Board
from cogs.adapters.base import GameAdapter
from cogs.adapters.canasta import CANASTA
from cogs.adapters.gin import GIN
from cogs.adapters.ramino import RAMINO
from cogs.adapters.ramino51 import RAMINO51
from cogs.adapters.rummy500 import RUMMY500

GAMES: tuple[GameAdapter, ...] = (GIN, RUMMY500, RAMINO, RAMINO51, CANASTA)
# What `/rummy rules`, `/leaderboard` and the menus assume when no game is named.
DEFAULT_GAME: str = GAMES[0].name



def adapter_for(name: str) -> GameAdapter:
    """Return the adapter of a game kind; KeyError if the bot does not host it."""
    for adapter in GAMES:
        if adapter.name == name:
            return adapter
    raise KeyError(name)


def game_names() -> tuple[str, ...]:
    """Return the names of the hosted games, in menu order."""
    return tuple(adapter.name for adapter in GAMES)


def boards() -> tuple[Board, ...]:
    """Return every board results are counted on, in menu order, a game's variants after it."""
    return tuple(board for adapter in GAMES for board in adapter.boards)


def board_for(name: str) -> Board:
    """Return the board results stored under `name` are counted on; KeyError if none is."""
    for board in boards():
        if board.name == name:
            return board
    raise KeyError(name)
