"""Every Canasta control is a legal move or a step the menus take, and every listed move has
a way through the menus, in random reachable states.

States come from seeded random play (test_properties' players, for every option set and
2 to 4 players). At each, for the seat to act, every control of the main menu is pressed, and
of every menu step it leads to, breadth first:

- sound: an enabled button or a select option that sends a move must be accepted by
  `verify`, a menu step must be taken without a refusal; a greyed-out button must hide a move
  `verify` refuses;
- complete: every move of the seat's legal list (`view.moves`) is sent by some control, read
  as the list reads moves alike: cards of one rank are interchangeable, so a move is known by
  its groups' ranks (engine/canasta/legal.py, equivalence (a)).

The first STEPS drafts of a state are all followed; after them, only the builds on the way to
a listed move (each meld of a rank of one of its melds, with none of the wild cards it lacks),
so that the walk stays bounded. The test
prints states walked, controls pressed, listed moves reached of listed; refusals and
unreached moves must be 0.
"""

from __future__ import annotations

import os
import random
from collections import Counter, deque
from collections.abc import Iterable, Sequence

import pytest

from cogs.adapters import UI_PREFIX, ButtonControl, SelectControl
from cogs.adapters.canasta import CANASTA
from cogs.adapters.canasta_menus import CONFIRM, MAX_OPTIONS, Building
from cogs.errors import Refusal
from engine.canasta import CanastaGame, parse_action
from engine.canasta import actions as A
from engine.cards import Card
from engine.errors import RulesError
from tests.engine.canasta.scripted import crafted
from tests.engine.canasta.test_properties import SETS, pick

STATES = 150 * int(os.environ.get("RUMMY_PROPERTY_MATCHES", "1"))  # per option set, players
STEPS = 12  # menu steps followed a state whatever they lead to, main menu included

Ranks = tuple[int, ...]
Group = tuple[Card, ...]
Normal = tuple[object, ...]


def ranks(cards: Sequence[Card]) -> Ranks:
    """Return a group's cards as the legal list tells them apart: by rank alone."""
    return tuple(sorted(c.rank for c in cards))


def normal(move: A.CanastaAction) -> Normal:
    """Return a move as the legal list counts it: one move for all that differ in suits."""
    if isinstance(move, A.NewMeld):
        return "meld", ranks(move.cards)
    if isinstance(move, A.AddToMeld):
        return "add", move.meld_id, ranks(move.cards)
    if isinstance(move, A.OpenAndDraw):
        return "open", tuple(sorted(map(ranks, move.melds)))
    if isinstance(move, A.TakePile):
        return "take", ranks(move.cards), tuple(sorted(map(ranks, move.extra)))
    return (str(move),)


def within(meld: Group, whole: Ranks) -> bool:
    """Whether a build's meld could become `whole`: the same rank (its first card's), and no
    wild card more (the number of its naturals is a step of the build's menu)."""
    wild = [c.rank for c in meld if c.rank != meld[0].rank]
    natural = [r for r in whole if r == meld[0].rank]
    return bool(natural) and not Counter(wild) - Counter(whole)


def on_the_way(draft: object, targets: Sequence[Sequence[Ranks]]) -> bool:
    """Whether a build could still become one of the listed builds (each of its melds on the
    way to a meld of one)."""
    if not isinstance(draft, Building):
        return True
    return any(len(draft.melds) <= len(t) and all(
        any(within(m, w) for w in t) for m in draft.melds) for t in targets)


class Walk:
    """What the walk saw: states, controls pressed, listed moves reached, and what went wrong."""

    def __init__(self) -> None:
        self.figures: Counter[str] = Counter()
        self.faults: list[str] = []

    def fault(self, what: str) -> None:
        """Keep a fault (the first few are enough to debug)."""
        self.figures["faults"] += 1
        if len(self.faults) < 10:
            self.faults.append(what)

    def state(self, game: CanastaGame, locale: str) -> None:
        """Press every control of the seat to act; check every listed move was sent."""
        seat = game.turn
        listed = {normal(m): m for m in game.private_view(seat).moves}
        sent = self.explore(game, seat, locale, builds(listed.values()))
        self.figures["states"] += 1
        self.figures["listed"] += len(listed)
        for key, move in listed.items():
            if key in sent:
                self.figures["reached"] += 1
            else:
                self.fault(f"version {game.version}, seat {seat}: {move} has no control")

    def explore(self, game: CanastaGame, seat: int, locale: str,
                targets: Sequence[Sequence[Ranks]]) -> set[Normal]:
        """Open every menu step the seat's controls lead to; return the moves they send."""
        drafts: deque[object | None] = deque([None])
        seen: set[object | None] = {None}
        sent: set[Normal] = set()
        while drafts:
            draft = drafts.popleft()
            for name, value in self.controls(game, seat, locale, draft):
                self.figures["pressed"] += 1
                text = CANASTA.compose(game, seat, name, [value]) if value else name
                try:
                    if not text.startswith(UI_PREFIX):
                        move = parse_action(text)
                        game.verify(seat, move)
                        sent.add(normal(move))
                        continue
                    after = CANASTA.step(game, seat, draft, text)
                except (Refusal, RulesError) as error:
                    self.fault(f"{draft!r}: {text} ({error})")
                    continue
                if after not in seen and (len(seen) < STEPS or on_the_way(after, targets)):
                    seen.add(after)
                    drafts.append(after)
        self.figures["steps"] += len(seen)
        return sent

    def controls(self, game: CanastaGame, seat: int, locale: str, draft: object | None
                 ) -> list[tuple[str, str]]:
        """Return what each enabled control of the step sends (a button's name, or a
        select's verb and one of its values); a greyed-out button must hide a refused move."""
        out: list[tuple[str, str]] = []
        for control in CANASTA.controls(game, seat, locale, draft):
            if isinstance(control, SelectControl):
                out += [(control.verb, o.value) for o in control.options]
            elif not control.disabled:
                out.append((control.action, ""))
            elif control.action != CONFIRM and game.can(seat, parse_action(control.action)):
                self.fault(f"{draft!r}: {control.label} greyed out but legal")
        return out


def builds(moves: Iterable[A.CanastaAction]) -> list[list[Ranks]]:
    """Return the melds of the listed moves a build sends: openings and new melds."""
    out: list[list[Ranks]] = []
    for move in moves:
        if isinstance(move, A.OpenAndDraw):
            out.append([ranks(m) for m in move.melds])
        elif isinstance(move, A.NewMeld):
            out.append([ranks(move.cards)])
    return out


@pytest.mark.soak
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("name", sorted(SETS))
def test_every_control_is_accepted_and_every_listed_move_has_one(name: str, players: int
                                                                 ) -> None:
    walk = Walk()
    seed = 7000 + 100 * players + sorted(SETS).index(name)
    while walk.figures["states"] < STATES:
        game = CanastaGame(SETS[name], players, seed=seed)
        rng = random.Random(seed)
        while not game.is_over and walk.figures["states"] < STATES:
            walk.state(game, "it" if walk.figures["states"] % 2 else "en")
            game.apply(game.turn, pick(game, rng))
        seed += 1000
    f = walk.figures
    print(f"{name}, {players} players: {f['states']} states walked, {f['steps']} menu steps, "
          f"{f['pressed']} controls pressed, listed reached {f['reached']}/{f['listed']}, "
          f"{f['faults']} faults")
    assert not walk.faults, walk.faults
    assert f["reached"] == f["listed"] > 0


# Big hands random play seldom deals: more pile takes than a select holds (paged), more
# additions to a meld (chosen by their naturals first), melds and openings holding back
# naturals, an unopened hand of many ranks; each with more listed moves than a select holds.
CRAFTED = {
    "takes, opened": dict(hands={0: "9C 9C 9D 9D 9S 9H JK JK 2D 2S KS QH 5C"},
                          melds=[(0, "AS AH AD")], pile="4C 9D", phase="acquire"),
    "takes, unopened": dict(hands={0: "9C 9C 9D 9S 9H JK JK 2D 2S KS QH 5C KC KD QS QD 7C 7D "
                                      "7S"}, pile="4C 9D", phase="acquire"),
    "additions": dict(hands={0: "4C 4C 4D 4S 4H JK JK 2D 2S KS KH KD QH 9C"},
                      melds=[(0, "4S 4H 4D"), (0, "KC KS KD")]),
    "new melds": dict(hands={0: "KS KH KD KC JK JK 2C 2D 9S 9H 9D QS QH QC 5S"},
                      melds=[(0, "AS AH AD")]),
    "openings": dict(hands={0: "KS KH KD KC JK 2C 9S 9H 9D QS QH QD 5S 6S 6H 7C 7D"},
                     phase="acquire"),
}


@pytest.mark.parametrize("name", list(CRAFTED))
def test_a_big_hand_reaches_every_listed_move(name: str) -> None:
    walk = Walk()
    game = crafted(stock="3C 8D", **CRAFTED[name])
    walk.state(game, "en")
    f = walk.figures
    print(f"{name}: {f['steps']} menu steps, {f['pressed']} controls pressed, "
          f"listed reached {f['reached']}/{f['listed']}")
    assert not walk.faults, walk.faults
    assert f["reached"] == f["listed"] > MAX_OPTIONS


def test_a_button_for_a_move_never_overflows_its_id() -> None:
    game = CanastaGame(SETS["standard"], 2, seed=1)
    for control in CANASTA.controls(game, game.turn, "en"):
        if isinstance(control, ButtonControl):
            assert len(control.action) <= 60
