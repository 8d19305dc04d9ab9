"""Rummy 500's menus are its legal moves: every control leads to a listed move, and every
listed move has its control.

Seeded random play (tests/engine/completeness.walk) over several rule sets reaches states with
the special card to name, deep piles, openings of several melds, lay-offs at both ends of a
run and open "Rummy!" windows. At each, every seat's hand menus are opened from the turn's
menu through every step they offer (back, page, the pile's depths, a card's targets, the
special card's suit), and every button and select option is pressed as the host would press
it: composed by the adapter, then parsed by the engine.

- sound: every action a control sends is one of the seat's listed moves (`view.moves`), and
  every step a control sends is accepted by `step`;
- complete: every listed move is sent by some control, within two stated bounds: a take's
  melds menu shows the 25 takes that put most cards down from that depth (Discord's limit),
  and the meld builder (a multi-select of the page's cards) is pressed with exactly the cards
  of each listed meld lying on one page of the hand (a hand of 26 cards or more is shown a
  page at a time); the test counts what each bound leaves out;
- the table's "Rummy!" choices for each seat are exactly its listed claims.

`RUMMY_MENU_STATES` sets the states walked per rule set (default 400; about 2 s in all).
"""

from __future__ import annotations

import os
import random
from collections import Counter
from typing import Any

import pytest

from cogs.adapters import UI_PREFIX, ButtonControl, SelectControl
from cogs.adapters.melding import MAX_OPTIONS, sorted_cards
from cogs.adapters.rummy500 import RUMMY500
from engine.errors import IllegalMove
from engine.rummy500 import Rummy500Game, Rummy500Options, preset
from engine.rummy500.actions import (
    ClaimRummy,
    LayOff,
    MeldCards,
    Rummy500Action,
    TakeDiscards,
)
from tests.engine.completeness import Move, walk
from tests.engine.rummy500.scripted import crafted

STATES = int(os.environ.get("RUMMY_MENU_STATES", "400"))
SETS: dict[str, tuple[Rummy500Options, int]] = {
    "standard": (preset("standard", target_score=150), 3),
    "opening_40": (preset("standard", min_first_meld=40, target_score=150), 2),
    "special_card": (Rummy500Options(special_card_per_hand=True, top_card_free=True,
                                     rummy_call="announce", target_score=150), 4),
    "scala40": (preset("scala40", min_first_meld=60, reuse_discards=1, target_score=150), 2),
    # walked by `lazy`: deep piles, hands of 26 cards and more
    "deep_piles": (preset("standard", min_first_meld=40, target_score=150), 2),
}


class Tally:
    """What the walk saw: states, controls pressed, moves reached, and what went wrong."""

    def __init__(self) -> None:
        self.figures: Counter[str] = Counter()
        self.faults: list[str] = []

    def fault(self, game: Rummy500Game, seat: int, what: str) -> None:
        """Keep a fault with where it happened (the first few are enough to debug)."""
        if len(self.faults) < 10:
            self.faults.append(f"seat {seat}, version {game.version}: {what}")


def presses(control: ButtonControl | SelectControl, moves: tuple[Rummy500Action, ...]
            ) -> list[tuple[str, ...]]:
    """Return the ways to use a control: a button's press, each option, each listed meld."""
    if isinstance(control, ButtonControl):
        return [()]
    offered = {o.value for o in control.options}
    if control.max_values == 1:
        return [(v,) for v in offered]
    melds = [tuple(c.text for m in a.melds for c in m) for a in moves if isinstance(a, MeldCards)]
    return [cards for cards in melds if set(cards) <= offered]


def explore(game: Rummy500Game, seat: int, tally: Tally) -> set[str]:
    """Open every menu the seat's controls lead to; return the actions they send."""
    moves = game.private_view(seat).moves
    listed = {str(a) for a in moves}
    sent: set[str] = set()
    todo, seen = [""], {""}
    while todo:
        draft = todo.pop()
        for control in RUMMY500.controls(game, seat, "en", draft):
            name = control.action if isinstance(control, ButtonControl) else control.verb
            for values in presses(control, moves):
                tally.figures["pressed"] += 1
                text = name if not values else RUMMY500.compose(game, seat, name, values)
                if text.startswith(UI_PREFIX):
                    try:
                        after = RUMMY500.step(game, seat, draft, text)
                    except IllegalMove:
                        tally.fault(game, seat, f"step {text!r} from {draft!r} refused")
                        continue
                    if after not in seen:
                        seen.add(after)
                        todo.append(after)
                    continue
                if str(game.parse_action(text)) not in listed:
                    tally.fault(game, seat, f"{text!r} (from {draft!r}) is not listed")
                sent.add(str(game.parse_action(text)))
    tally.figures["menus"] += len(seen)
    return sent


def bounded(game: Rummy500Game, seat: int, move: Rummy500Action) -> str:
    """Return which stated bound leaves a listed move without a control ("" for none)."""
    moves = game.private_view(seat).moves
    if isinstance(move, TakeDiscards) and move.melds:
        same = [a for a in moves if isinstance(a, TakeDiscards) and a.k == move.k and a.melds]
        same.sort(key=lambda a: -sum(len(m) for m in a.melds))
        return "take past 25" if move not in same[:MAX_OPTIONS] else ""
    if isinstance(move, MeldCards):
        hand = sorted_cards(game.private_view(seat).hand)
        pages = {hand.index(c.text) // MAX_OPTIONS for m in move.melds for c in m}
        return "meld across pages" if len(pages) > 1 else ""
    return ""


def look(tally: Tally) -> Any:
    def at(game: Rummy500Game) -> None:
        tally.figures["states"] += 1
        for seat in range(game.players):
            view = game.private_view(seat)
            sent = explore(game, seat, tally)
            tally.figures["moves"] += len(view.moves)
            for move in view.moves:
                if str(move) in sent:
                    continue
                why = bounded(game, seat, move)
                tally.figures[why or "unreached"] += 1
                if not why:
                    tally.fault(game, seat, f"{move} has no control")
            check_claims(game, seat, tally)
    return at


def check_claims(game: Rummy500Game, seat: int, tally: Tally) -> None:
    """Check that the table's "Rummy!" choices for the seat are its listed claims."""
    claims = [str(c) for c in game.private_view(seat).claim_moves]
    if not claims or "claim" not in {c.action for c in RUMMY500.table_controls(game, "en")}:
        return
    tally.figures["claims"] += len(claims)
    offered = [o.value for o in RUMMY500.table_choices(game, seat, "claim", "en")]
    if offered != claims:
        tally.fault(game, seat, f"Rummy! offers {offered}, the claims are {claims}")


def choose(game: Rummy500Game, moves: list[Move], rng: random.Random) -> Move:
    """Random moves leaning towards putting cards down, so that the table fills."""
    plays = [m for m in moves if isinstance(m[1], (MeldCards, LayOff, ClaimRummy))
             or (isinstance(m[1], TakeDiscards) and m[1].melds)]
    return rng.choice(plays if plays and rng.random() < 0.7 else moves)


def lazy(game: Rummy500Game, moves: list[Move], rng: random.Random) -> Move:
    """Random moves that mostly leave the pile alone until it is deep: big hands and menus."""
    calm = [m for m in moves if not isinstance(m[1], (TakeDiscards, MeldCards))]
    if calm and (len(game.pile) < 15 or rng.random() < 0.5):
        return rng.choice(calm)
    return choose(game, moves, rng)


@pytest.mark.parametrize("name", list(SETS))
def test_every_control_is_a_listed_move_and_every_listed_move_has_its_control(
        name: str) -> None:
    opts, players = SETS[name]
    first = 100 * list(SETS).index(name)
    tally = Tally()
    walk(lambda n: Rummy500Game(opts, players=players, seed=first + n), STATES, look(tally),
         lazy if name == "deep_piles" else choose)
    print(f"{name}: {dict(tally.figures)}")
    assert not tally.faults, tally.faults
    assert tally.figures["states"] == STATES and tally.figures["pressed"] > STATES
    assert tally.figures["moves"] > tally.figures["take past 25"] + tally.figures[
        "meld across pages"]


# ----- the typed menus, one by one ---------------------------------------------------------------


def test_a_draft_the_moves_no_longer_open_is_the_turns_menu() -> None:
    game = crafted({0: "7D 2C 9H", 1: "KS", 2: "QS"}, melds=[(1, "4D 5D 6D")], pile="10H",
                   turn=0, phase="play", players=3, opened=[0])
    main = RUMMY500.controls(game, 0, "en")
    # 9H fits no meld, the pile holds no depth to take, nothing is named "suit:" here.
    for stale in ("lay:9H", "take", "take:1", "suit:H", "nonsense"):
        assert RUMMY500.controls(game, 0, "en", stale) == main, stale
    assert RUMMY500.controls(game, 0, "en", "lay:7D")[1].verb == "layoff"


def test_a_step_no_menu_offers_is_refused() -> None:
    game = crafted({0: "7D 2C 9H", 1: "KS", 2: "QS"}, melds=[(1, "4D 5D 6D")], pile="10H",
                   turn=0, phase="play", players=3, opened=[0])
    assert RUMMY500.step(game, 0, "", "ui_lay 7D") == "lay:7D"
    for step in ("ui_lay 9H", "ui_take", "ui_take 1", "ui_suit H", "ui_nothing", "draw"):
        with pytest.raises(IllegalMove):
            RUMMY500.step(game, 0, "", step)


def test_the_meld_builder_sends_the_listed_opening_of_the_cards_chosen() -> None:
    # 35 points in two melds open past a minimum of 30; neither meld alone does.
    game = crafted({0: "7C 7D 7S 8H 9H 10H 2C", 1: "KS", 2: "QS"}, pile="10S", turn=0,
                   phase="play", players=3,
                   options=Rummy500Options(min_first_meld=30))
    listed = [str(a) for a in game.private_view(0).moves if isinstance(a, MeldCards)]
    chosen = ["10H", "7S", "9H", "7D", "8H", "7C"]
    assert RUMMY500.compose(game, 0, "meld", chosen) in listed
    # Cards that make no listed meld still go to the rules, which say what is wrong.
    assert RUMMY500.compose(game, 0, "meld", ["7C", "7D", "7S"]) == "meld 7C,7D,7S"


def test_the_dealer_names_only_a_listed_special_card() -> None:
    game = Rummy500Game(Rummy500Options(special_card_per_hand=True), players=3, seed=4)
    seat = game.to_act()[0]
    moves = {str(a) for a in game.private_view(seat).moves}
    first = RUMMY500.controls(game, seat, "en")
    assert first[0].action == "special none" and first[0].action in moves
    suits = first[1]
    assert isinstance(suits, SelectControl) and [o.value for o in suits.options] == list("SHDC")
    draft = RUMMY500.step(game, seat, "", "ui_suit H")
    cards = RUMMY500.controls(game, seat, "en", draft)[1]
    assert isinstance(cards, SelectControl) and len(cards.options) == 13
    assert all(f"special {o.value}" in moves for o in cards.options)
