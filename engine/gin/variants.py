"""Which gin a table plays, chosen once when the game is made from its options.

Closed gin (`GinGame`), Mahjong gin (`MahjongGin`, played open) and team gin (`TeamGin`, two
teams on two-player boards) are classes of their own: nothing checks a flag on every move.
A snapshot names no class; its options choose it again, so games saved before the variants
were classes load as the class their options play.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import Card
from ..errors import BadState, RulesError
from .game import GinGame
from .mahjong import MahjongGin
from .options import GinOptions
from .teams import TeamGin

GinOrTeams = GinGame | TeamGin  # what a gin table runs: a two-seat game (closed or open) or teams


def game_class(options: GinOptions) -> type[GinGame] | type[TeamGin]:
    """Return the class that plays these options: team gin, Mahjong gin or closed gin."""
    return TeamGin if options.team_size > 1 else two_seat_class(options)


def two_seat_class(options: GinOptions) -> type[GinGame]:
    """Return the class of a two-seat game (a team board's too): Mahjong gin or closed gin."""
    return MahjongGin if options.mahjong else GinGame


def new_game(options: GinOptions, players: int, seed: int | None = None,
             decks: Sequence[Sequence[Card | str]] = (), first_dealer: int | None = None
             ) -> GinOrTeams:
    """Deal a new game of the variant the options play."""
    return game_class(options).create(options, players, seed=seed, decks=decks,
                                      first_dealer=first_dealer)


def load_game(snapshot: dict[str, Any]) -> GinOrTeams:
    """Rebuild a game from its snapshot, as the class its options play; BadState if unreadable."""
    try:
        options = GinOptions.from_dict(snapshot["options"])
    except (KeyError, TypeError, ValueError, AttributeError, RulesError) as error:
        raise BadState(f"this saved game cannot be loaded ({error})") from error
    return game_class(options).from_json(snapshot)
