"""Bad input at reachable states: the half of every game's fuzz test that is not the game's.

A game's fuzz test plays seeded random games and keeps the states it passes through
(`Spot`: a snapshot and the action texts legal there), then throws texts at every seat of
them: arbitrary text, and legal texts with words swapped, deleted or doubled, digits changed
and letters swapped for look-alikes. Whatever the text, `apply` either performs an action
or raises a `RulesError` that leaves the state (its JSON and its version) as it was.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from engine.base import SYSTEM_SEAT, CardGame
from engine.errors import RulesError

Game = CardGame[Any, Any]
# A few seconds per test, the same examples on every run.
FUZZ = settings(max_examples=400, derandomize=True, deadline=None,
                suppress_health_check=[HealthCheck.too_slow])


@dataclass(frozen=True)
class Spot:
    """A state reached by legal play: its snapshot, its seats and the texts legal there."""

    snapshot: str
    seats: int
    legal: tuple[str, ...]


def legal_moves(game: Game) -> list[tuple[int, Any]]:
    """Return every (seat, action) legal now: turns, out-of-turn claims, the system's own."""
    moves = [(seat, a) for seat in range(game.seats) for a in game.legal_actions(seat)]
    moves += [(seat, a) for seat in range(game.seats) for a in game.claim_targets(seat)]
    closing = game.system_timer()
    if closing is not None:
        moves.append((SYSTEM_SEAT, closing[1]))
    return moves


def spot_of(game: Game, legal: list[tuple[int, Any]] | None = None) -> Spot:
    """Return the game's state and the texts legal there (`legal`: its moves, if known)."""
    moves = legal_moves(game) if legal is None else legal
    return Spot(json.dumps(game.to_json()), game.seats, tuple(sorted({str(a) for _, a in moves})))


def play(game: Game, rng: random.Random, moves: int, prefer: tuple[str, ...] = (),
         every: int = 1, liking: float = 0.7) -> list[Spot]:
    """Play random legal moves, those starting with `prefer` at `liking` odds when there are
    some; keep every `every`-th state and the last."""
    spots = []
    for n in range(moves):
        legal = legal_moves(game)
        if n % every == 0 or not legal:
            spots.append(spot_of(game, legal))
        if not legal:
            break
        liked = [m for m in legal if str(m[1]).startswith(prefer)]
        seat, action = rng.choice(liked if liked and rng.random() < liking else legal)
        game.apply(seat, action)
    return spots


def refused_or_applied(load: Callable[[dict[str, Any]], Game], spot: Spot, seat: int,
                       text: str) -> bool:
    """Apply the text at the spot; a refusal must be a RulesError leaving the state as it was.

    Return whether the text was refused.
    """
    game = load(json.loads(spot.snapshot))
    before, version = game.to_json(), game.version
    try:
        game.apply(seat, text)
    except RulesError:
        assert game.version == version, text
        assert game.to_json() == before, text
        return True
    return False


# --- texts ---------------------------------------------------------------------------------

# Digits that str.isdigit() accepts and int() refuses or reads, and numbers too long to read.
ODD_NUMBERS = ("²", "³", "¹⁰", "𝟐", "𝟏𝟎", "٣", "０", "१", "Ⅻ", "½", "-1", "+2", "1_0", "0x1",
               "1e3", "00000000000000000002", "9" * 5000)
# Letters that look like (or upper-case into) the ASCII ones cards and verbs are written with.
LOOKALIKES = {"A": "Α", "K": "Κ", "S": "ſ", "s": "ѕ", "H": "Н", "C": "С", "J": "Ј", "Q": "Ｑ",
              "a": "а", "e": "е", "o": "о", "i": "ı", "1": "١", "2": "𝟐", "0": "０", "7": "𝟕"}
ODD_CHARS = ("", " ", "\t", "\n", "\x00", "\x7f", "\u200b", "\ufe0f", "\u202e", ",", ":",
             "♥", "🃏", "★", "*", "💥")
WORDS = ("draw", "take", "take_upcard", "pass", "discard", "knock", "big_gin", "with",
         "meld", "layoff", "claim", "decline", "end_claims", "special", "none", "low", "high",
         "A", "B", "Z", "ZZ", "AA", "JK", "joker", "10H", "QS", "AC", "7D", "2H", "0", "1", "3",
         "ui_more", "ui_take")

token = st.one_of(st.sampled_from(WORDS), st.sampled_from(ODD_NUMBERS),
                  st.sampled_from(ODD_CHARS), st.integers(-(10**30), 10**30).map(str),
                  st.text(max_size=6))
# Things shaped like a card: a rank (or an odd number) and a suit (or a look-alike).
card_like = st.tuples(
    st.sampled_from(("A", "2", "7", "10", "T", "J", "Q", "K", "1", "11", "0", *ODD_NUMBERS)),
    st.sampled_from(("S", "H", "D", "C", "h", "♥", "♠️", "X", "ſ", "Н", ""))).map("".join)
number_like = st.one_of(st.sampled_from(ODD_NUMBERS), st.integers(-5, 60).map(str),
                        st.integers(-(10**30), 10**30).map(str))
_HOLES = {"{c}": card_like, "{n}": number_like, "{w}": token}


@st.composite
def shaped(draw: st.DrawFn, templates: Sequence[str]) -> str:
    """Return a game's action shape with its holes filled: {c} card-like, {n} a number, {w} any."""
    words = draw(st.sampled_from(templates)).split(" ")
    return " ".join(draw(_HOLES[w]) if w in _HOLES else w for w in words)


def arbitrary(templates: Sequence[str]) -> st.SearchStrategy[str]:
    """Return any text: unicode, runs of tokens, and a game's action shapes with odd fillings."""
    return st.one_of(st.text(max_size=40), st.lists(token, max_size=7).map(" ".join),
                     st.lists(card_like, max_size=7).map(",".join),
                     shaped(templates), shaped(templates), shaped(templates))


@st.composite
def mutated(draw: st.DrawFn, legal: Sequence[str]) -> str:
    """Return one of the legal texts with a few words or characters changed."""
    words = draw(st.sampled_from(legal or ("draw",))).split(" ")
    for _ in range(draw(st.integers(1, 3))):
        words = draw(st.sampled_from(_EDITS))(draw, words)
    return " ".join(words)


def _at(draw: st.DrawFn, words: list[str]) -> int:
    return draw(st.integers(0, max(0, len(words) - 1)))


def _swap(draw: st.DrawFn, words: list[str]) -> list[str]:
    i, j = _at(draw, words), _at(draw, words)
    out = list(words)
    if out:
        out[i], out[j] = out[j], out[i]
    return out


def _delete(draw: st.DrawFn, words: list[str]) -> list[str]:
    i = _at(draw, words)
    return words[:i] + words[i + 1:]


def _duplicate(draw: st.DrawFn, words: list[str]) -> list[str]:
    i = _at(draw, words)
    return words[:i + 1] + words[i:]


def _insert(draw: st.DrawFn, words: list[str]) -> list[str]:
    i = _at(draw, words)
    return words[:i] + [draw(token)] + words[i:]


def _redigit(draw: st.DrawFn, words: list[str]) -> list[str]:
    """Change one character of a word for a digit, an odd number or a look-alike."""
    i = _at(draw, words)
    if not words or not words[i]:
        return words
    word = words[i]
    k = draw(st.integers(0, len(word) - 1))
    new = draw(st.one_of(st.sampled_from("0123456789"), st.sampled_from(ODD_NUMBERS),
                         st.just(LOOKALIKES.get(word[k], word[k])), st.sampled_from(ODD_CHARS)))
    return [*words[:i], word[:k] + new + word[k + 1:], *words[i + 1:]]


def _recard(draw: st.DrawFn, words: list[str]) -> list[str]:
    """Put something shaped like a card in place of a word (not the verb, if there are more)."""
    i = _at(draw, words[1:]) + 1 if len(words) > 1 else 0
    return [*words[:i], draw(card_like), *words[i + 1:]]


def _recase(draw: st.DrawFn, words: list[str]) -> list[str]:
    i = _at(draw, words)
    if not words:
        return words
    return [*words[:i], words[i].swapcase(), *words[i + 1:]]


_EDITS: tuple[Callable[[st.DrawFn, list[str]], list[str]], ...] = (
    _swap, _delete, _duplicate, _insert, _redigit, _recard, _recard, _recase)


def seat_of(draw: st.DrawFn, spot: Spot) -> int:
    """Draw any seat of the spot, the system's, or one past the last."""
    return draw(st.integers(SYSTEM_SEAT, spot.seats))


def throw(data: st.DataObject, spots: Sequence[Spot], load: Callable[[dict[str, Any]], Game],
          text: str | None = None) -> None:
    """Apply the text (else a mutated legal one) at a drawn spot and seat, cleanly."""
    spot = data.draw(st.sampled_from(spots))
    if text is None:
        text = data.draw(mutated(spot.legal))
    refused_or_applied(load, spot, seat_of(data.draw, spot), text)
