"""legal_actions and claim_targets list exactly what verify accepts; the modules form no circle.

For the families whose listing is complete (draw, decline, the special card, discards,
lay-offs, claims) every possible action is tried against verify and the accepted ones must be
the listed ones. Takes and melds are listed within bounds (legal.py), so there every listed
action must be accepted.
"""

from __future__ import annotations

import ast
import random
from pathlib import Path
from typing import Any

import pytest

from engine.cards import make_deck
from engine.errors import RulesError
from engine.rummy500 import (
    ClaimRummy,
    DeclineDiscards,
    Discard,
    DrawStock,
    LayOff,
    MeldCards,
    NameSpecial,
    Rummy500Action,
    Rummy500Game,
    Rummy500Options,
    TakeDiscards,
    preset,
)
from engine.table import meld_id

from .scripted import crafted

DECK = make_deck()
COMPLETE = (DrawStock, DeclineDiscards, NameSpecial, Discard, LayOff)
OPTION_SETS = [
    preset("standard"),
    preset("italian", top_card_free=True),
    preset("standard", go_out_without_discard="seed_redraw", last_discard_unplayable=True,
           rummy_call="announce", special_card_per_hand=True),
    preset("standard", go_out_without_discard="immediate", min_first_meld=30),
]


def accepted(g: Rummy500Game, seat: int, action: Rummy500Action) -> bool:
    try:
        g.verify(seat, action)
    except RulesError:
        return False
    return True


def placed(g: Rummy500Game, seat: int, action: LayOff | ClaimRummy) -> tuple[str, str, str]:
    """Return what a placement does: the card, the meld, the end it goes to."""
    return action.card.text, action.meld_id.upper(), g.layoff_end(seat, action)


def every_single_card_action(g: Rummy500Game) -> list[Rummy500Action]:
    """Every action of the complete families, one missing meld id included."""
    ids = [m.id for m in g.melds] + [meld_id(len(g.melds))]
    out: list[Rummy500Action] = [DrawStock(), DeclineDiscards(), NameSpecial(None)]
    out += [NameSpecial(c) for c in DECK] + [Discard(c) for c in DECK]
    out += [LayOff(c, mid, end) for c in DECK for mid in ids for end in (None, "low", "high")]
    return out


def check_complete_families(g: Rummy500Game) -> None:
    seat = g.turn
    legal = g.legal_actions(seat)
    assert all(accepted(g, seat, a) for a in legal)
    listed = [a for a in legal if isinstance(a, COMPLETE)]
    found = [a for a in every_single_card_action(g) if accepted(g, seat, a)]
    assert {str(a) for a in listed if not isinstance(a, LayOff)} == {
        str(a) for a in found if not isinstance(a, LayOff)}
    # a lay-off names its end only where the card fits both ends: compare what they do
    lays = [placed(g, seat, a) for a in listed if isinstance(a, LayOff)]
    assert len(set(lays)) == len(lays)
    assert set(lays) == {placed(g, seat, a) for a in found if isinstance(a, LayOff)}


def check_claims(g: Rummy500Game) -> None:
    ids = [m.id for m in g.melds]
    for seat in range(g.players):
        targets = g.claim_targets(seat)
        assert all(accepted(g, seat, a) for a in targets)
        tried = [ClaimRummy(c, mid, end) for c in DECK for mid in ids
                 for end in (None, "low", "high")]
        found = {placed(g, seat, a) for a in tried if accepted(g, seat, a)}
        assert {placed(g, seat, a) for a in targets} == found


def play(g: Rummy500Game, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if g.is_over:
            return
        check_complete_families(g)
        if g.claim_open:
            check_claims(g)
            claims = [(s, a) for s in range(g.players) for a in g.claim_targets(s)]
            if claims and rng.random() < 0.5:
                g.apply(*rng.choice(claims))
                continue
            g.apply(-1, "end_claims")
            continue
        legal = g.legal_actions(g.turn)
        # lean towards putting cards down, so that the table fills and lay-offs appear
        plays = [a for a in legal if isinstance(a, (MeldCards, LayOff))
                 or (isinstance(a, TakeDiscards) and a.melds)]
        g.apply(g.turn, rng.choice(plays if plays and rng.random() < 0.8 else legal))


@pytest.mark.parametrize("which", range(len(OPTION_SETS)))
def test_listed_actions_are_exactly_the_accepted_ones(which: int) -> None:
    g = Rummy500Game(OPTION_SETS[which], players=3, seed=40 + which)
    play(g, random.Random(which), 120)


TABLE = [(1, "4H 5H 6H"), (2, "9S 10S JS"), (1, "KD KC KH"), (0, "2C 3C 4C"), (2, "AD 2D 3D")]
Position = tuple[dict[int, str], dict[str, Any], Rummy500Options | None]
POSITIONS: dict[str, Position] = {
    "a full table": ({0: "3H 7H 8S QS KS AS 5C 8D 4D 9H"}, {}, None),
    "the free card must stay": ({0: "3H 7H 8D"}, {"free_card": "8D"}, None),
    "a free card that fits": ({0: "7H 5C"}, {"free_card": "7H"}, None),
    "the last card must be played": (
        {0: "7H"}, {}, preset("standard", last_discard_unplayable=True,
                               go_out_without_discard="seed_redraw")),
    "after a redraw": (
        {0: "5C"}, {"redraw": True}, preset("standard", go_out_without_discard="seed_redraw")),
    "play out without a discard": (
        {0: "7H 5C"}, {}, preset("standard", go_out_without_discard="immediate")),
    "not opened": ({0: "7H 5C 9D"}, {"opened": [False, True, True, False]}, None),
}


@pytest.mark.parametrize("name", list(POSITIONS))
def test_crafted_positions_list_exactly_the_accepted_ones(name: str) -> None:
    hands, extra, options = POSITIONS[name]
    melds = TABLE if extra.get("opened") is None else [m for m in TABLE if m[0] != 0]
    g = crafted(hands, melds=melds, options=options, **extra)
    check_complete_families(g)
    assert g.legal_actions(0)


def test_a_card_fitting_both_ends_is_listed_once_per_end() -> None:
    g = crafted({0: "AS 9C 2D", 1: "8H"}, melds=[(1, "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS")],
                opened=(0,), players=2)
    check_complete_families(g)
    lays = [str(a) for a in g.legal_actions(0) if isinstance(a, LayOff)]
    assert lays == ["layoff AS A low", "layoff AS A high"]


def test_claims_of_the_window_card_are_exactly_the_accepted_ones() -> None:
    g = crafted({0: "9C 2D", 1: "KD KC 2C", 2: "3D"}, turn=0, phase="draw",
                melds=[(0, "3H 4H 5H"), (0, "5S 5D 5C")], pile="10C 6H", claim=("6H", 2),
                players=3)
    check_claims(g)
    assert [str(a) for a in g.claim_targets(0)] == ["claim 6H A"]
    assert g.claim_targets(1) == []  # he has not opened
    assert g.claim_targets(2) == []  # his own discard


def imports_of(path: Path) -> set[str]:
    """Return the sibling modules a module imports (type-checking imports included)."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            out |= {node.module} if node.module else {a.name for a in node.names}
    return out


def test_the_rummy500_modules_import_each_other_in_one_direction() -> None:
    folder = Path(__file__).resolve().parents[3] / "engine" / "rummy500"
    graph = {p.stem: imports_of(p) for p in folder.glob("*.py") if p.stem != "__init__"}
    assert {"state", "rules", "legal", "moves", "scoring", "views", "game"} <= set(graph)

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        for nxt in graph.get(start, set()) - seen:
            if nxt == goal or reaches(nxt, goal, seen | {nxt}):
                return True
        return False

    circles = [m for m in graph if reaches(m, m, set())]
    assert circles == []
    assert "legal" not in graph["rules"] and "game" not in graph["legal"]
