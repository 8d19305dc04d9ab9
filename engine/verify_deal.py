"""Check a deal's revealed seed against the commitment shown at the deal, and show the deck
that seed shuffles (docs/fair-shuffles.md).

    python -m engine.verify_deal SEED HASH [--game gin] [--option deck=single ...]
                                 [--players 2 --dealer 1]

The commitment is the first 16 hex digits of SHA-256(seed); the deck is the game's fresh
deck in its fixed order, shuffled by `random.Random(seed)`, listed in dealing order (the
first card dealt first), and with --players each seat's cards right after the deal, dealt by
the engine itself from that deck. Exit status 0 when the seed matches the commitment, 1 when not,
2 for bad arguments.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from .base import CardGame, commitment, shuffle_by
from .canasta import CanastaGame, CanastaOptions
from .canasta.state import build_deck as canasta_deck
from .cards import Card, make_deck
from .errors import RulesError
from .gin import GinGame, GinOptions
from .options import Options
from .ramino import RaminoGame, RaminoOptions
from .ramino.state import build_deck as ramino_deck
from .ramino51 import Ramino51Game, Ramino51Options
from .ramino51.state import build_deck as ramino51_deck
from .rummy500 import Rummy500Game, Rummy500Options

OptT = TypeVar("OptT", bound=Options)

# Each game's engine (two-seat gin: a team game's boards are two-seat games of their own).
ENGINES: dict[str, type[CardGame[Any, Any]]] = {
    "gin": GinGame, "rummy500": Rummy500Game, "ramino": RaminoGame, "ramino51": Ramino51Game,
    "canasta": CanastaGame}
# Each game's options and its fresh deck for them, in the order the engine builds it.
GAMES: dict[str, tuple[type[Options], Callable[[Options], list[Card]]]] = {
    "gin": (GinOptions, lambda opts: make_deck()),
    "rummy500": (Rummy500Options, lambda opts: make_deck()),
    "ramino": (RaminoOptions, lambda opts: ramino_deck(_as(opts, RaminoOptions))),
    "ramino51": (Ramino51Options, lambda opts: ramino51_deck(_as(opts, Ramino51Options))),
    "canasta": (CanastaOptions, lambda opts: canasta_deck()),
}


def _as(opts: Options, kind: type[OptT]) -> OptT:
    """Return the options as their game's own type (GAMES pairs each with its builder)."""
    assert isinstance(opts, kind)
    return opts


def matches(seed: str, expected: str) -> bool:
    """Whether the commitment shown at the deal is the hash of this seed."""
    return commitment(seed.strip()) == expected.strip().lower()


def deck_order(game: str, seed: str, options: dict[str, object] | None = None) -> list[str]:
    """Return the cards the seed deals in `game` (with these options), first dealt first;
    KeyError for an unknown game, BadOption for bad options."""
    kind, build = GAMES[game]
    opts = kind.from_dict(options or {})
    return [card.text for card in shuffle_by(build(opts), seed.strip())]


def dealt_hands(game: str, seed: str, players: int, dealer: int,
                options: dict[str, object] | None = None) -> list[list[str]]:
    """Return each seat's cards right after the deal the seed shuffles, as the engine deals
    them with `dealer` dealing; RulesError for a table the game cannot seat."""
    engine = ENGINES[game]
    opts = engine.options_type.from_dict(options or {})
    dealt = engine.create(opts, players, decks=[deck_order(game, seed, options)],
                          first_dealer=dealer)
    return [list(dealt.private_view(seat).hand) for seat in range(players)]


def option_value(text: str) -> object:
    """Read an option's value as the command line writes it: a number, yes/no, or words."""
    if text.lstrip("-").isdigit():
        return int(text)
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    return text


def main(argv: Sequence[str] | None = None) -> int:
    """Check SEED against HASH and print the deck it shuffles for the game asked for."""
    parser = argparse.ArgumentParser(prog="python -m engine.verify_deal",
                                     description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("seed", help="the seed revealed at the end of the hand")
    parser.add_argument("hash", help="the commitment shown when the hand was dealt")
    parser.add_argument("--game", choices=sorted(GAMES), help="print the deck it shuffles")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a rule that changes the deck (ramino deck=single, ramino51 "
                             "jokers=2)")
    parser.add_argument("--players", type=int, help="with --game: print each seat's dealt "
                        "cards at a table of this many")
    parser.add_argument("--dealer", type=int, default=1,
                        help="the seat dealing, counted from 1 (default 1)")
    args = parser.parse_args(argv)
    ok = matches(args.seed, args.hash)
    actual = commitment(args.seed.strip())
    print(f"commitment of the seed: {actual}")
    print("MATCH: the seed is the one committed to" if ok
          else f"NO MATCH: the seed gives {actual}, not {args.hash.strip()}")
    if args.game:
        try:
            pairs = dict(item.split("=", 1) for item in args.option)
            options = {key: option_value(value) for key, value in pairs.items()}
            order = deck_order(args.game, args.seed, options)
        except (ValueError, RulesError) as error:
            print(f"bad option: {error}", file=sys.stderr)
            return 2
        print(f"{args.game} deck, first card dealt first ({len(order)} cards):")
        print(" ".join(order))
        if args.players:
            try:
                hands = dealt_hands(args.game, args.seed, args.players, args.dealer - 1,
                                    options)
            except RulesError as error:
                print(f"cannot deal: {error}", file=sys.stderr)
                return 2
            for seat, hand in enumerate(hands, start=1):
                mark = " (dealer)" if seat == args.dealer else ""
                print(f"seat {seat}{mark}: {' '.join(hand)}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
