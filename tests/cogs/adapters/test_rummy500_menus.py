"""Rummy 500's menus are its legal moves: every control leads to a listed move, and every
listed move has its control.

Seeded random play (tests/engine/completeness.walk) over several rule sets reaches states with
the special card to name, deep piles, openings of several melds, lay-offs at both ends of a
run, hands of 26 cards and more, and open "Rummy!" windows. At each, every seat's hand menus
are opened from the turn's menu through every step they offer (back, the hand's page, the
pile's depths and their pages, a group of melds and its pages, a card's targets, the special
card's suit), and every button and select option is pressed as the host would press it:
composed by the adapter, then parsed by the engine.

- sound: every action a control sends is one of the seat's listed moves (`view.moves`), and
  every step a control sends is accepted by `step`; every select chooses one option (no
  builder of the player's own combination is left);
- complete: every listed move is sent by some control, with no bound: melds and takes are
  offered whole, grouped by rank or suit and paged where they pass 25 options;
- the table's "Rummy!" choices for each seat are exactly its listed claims.

`RUMMY_MENU_STATES` sets the states walked per rule set (default 400; a few seconds in all).
"""

from __future__ import annotations

import os
from collections import Counter
from typing import Any

import pytest

from bot.i18n import cards_text
from cogs.adapters import UI_PREFIX, ButtonControl, SelectControl
from cogs.adapters.melding import MAX_OPTIONS
from cogs.adapters.rummy500 import RUMMY500, Menu
from engine.errors import IllegalMove
from engine.rummy500 import Rummy500Game, Rummy500Options, preset
from engine.rummy500.actions import (
    MeldCards,
    TakeDiscards,
)
from tests.engine.completeness import walk
from tests.engine.rummy500.scripted import crafted
from tests.engine.rummy500.test_completeness import choose, lazy

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


def presses(control: ButtonControl | SelectControl) -> list[tuple[str, ...]]:
    """Return the ways to use a control: a button's press, each option of a select."""
    if isinstance(control, ButtonControl):
        return [()]
    assert control.max_values == 1 and len(control.options) <= MAX_OPTIONS, control
    return [(o.value,) for o in control.options]


def explore(game: Rummy500Game, seat: int, tally: Tally) -> set[str]:
    """Open every menu the seat's controls lead to; return the actions they send."""
    listed = {str(a) for a in game.private_view(seat).moves}
    sent: set[str] = set()
    todo: list[object] = [None]
    seen: set[object] = {None}
    while todo:
        draft = todo.pop()
        for control in RUMMY500.controls(game, seat, "en", draft):
            name = control.action if isinstance(control, ButtonControl) else control.verb
            for values in presses(control):
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
                        count_place(after, tally)
                    continue
                if str(game.parse_action(text)) not in listed:
                    tally.fault(game, seat, f"{text!r} (from {draft!r}) is not listed")
                sent.add(str(game.parse_action(text)))
    tally.figures["menus"] += len(seen)
    return sent


def count_place(menu: object, tally: Tally) -> None:
    """Count the long menus' places reached: a group of melds or takes, a later page."""
    assert isinstance(menu, Menu)
    if menu.choice and menu.step in ("meld", "take"):
        tally.figures["group menus"] += 1
    if menu.page:
        tally.figures["later pages"] += 1


def look(tally: Tally) -> Any:
    def at(game: Rummy500Game) -> None:
        tally.figures["states"] += 1
        for seat in range(game.players):
            view = game.private_view(seat)
            sent = explore(game, seat, tally)
            tally.figures["moves"] += len(view.moves)
            for move in view.moves:
                kind = type(move).__name__
                tally.figures[f"{kind} listed"] += 1
                if str(move) in sent:
                    tally.figures["reached"] += 1
                    tally.figures[f"{kind} reached"] += 1
                else:
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
    assert tally.figures["reached"] == tally.figures["moves"] > 0


# ----- the typed menus, one by one ---------------------------------------------------------------


def test_a_draft_the_moves_no_longer_open_is_the_turns_menu() -> None:
    game = crafted({0: "7D 2C 9H", 1: "KS", 2: "QS"}, melds=[(1, "4D 5D 6D")], pile="10H",
                   turn=0, phase="play", players=3, opened=[0])
    main = RUMMY500.controls(game, 0, "en")
    # 9H fits no meld, the pile holds no depth to take, nothing is named "suit:" here, no
    # melds to group; a draft's text is no draft.
    for stale in (Menu("lay", choice="9H"), Menu("take"), Menu("take", 1),
                  Menu("suit", choice="H"), Menu("meld", choice="7"), "lay:7D", "nonsense"):
        assert RUMMY500.controls(game, 0, "en", stale) == main, stale
    assert RUMMY500.controls(game, 0, "en", Menu("lay", choice="7D"))[1].verb == "layoff"


def test_a_step_no_menu_offers_is_refused() -> None:
    game = crafted({0: "7D 2C 9H", 1: "KS", 2: "QS"}, melds=[(1, "4D 5D 6D")], pile="10H",
                   turn=0, phase="play", players=3, opened=[0])
    assert RUMMY500.step(game, 0, None, "ui_lay 7D") == Menu("lay", choice="7D")
    for step in ("ui_lay 9H", "ui_take", "ui_take 1", "ui_suit H", "ui_nothing", "draw",
                 "ui_group 7", "ui_next"):
        with pytest.raises(IllegalMove):
            RUMMY500.step(game, 0, None, step)


def test_the_meld_menu_offers_each_listed_opening_whole() -> None:
    # 35 points in two melds open past a minimum of 30; neither meld alone does.
    game = crafted({0: "7C 7D 7S 8H 9H 10H 2C", 1: "KS", 2: "QS"}, pile="10S", turn=0,
                   phase="play", players=3,
                   options=Rummy500Options(min_first_meld=30))
    listed = [str(a) for a in game.private_view(0).moves if isinstance(a, MeldCards)]
    menu = next(c for c in RUMMY500.controls(game, 0, "en")
                if isinstance(c, SelectControl) and c.verb == "meld")
    assert menu.max_values == 1
    assert [f"meld {o.value}" for o in menu.options] == listed == ["meld 8H,9H,10H 7S,7D,7C"]
    assert [o.label for o in menu.options] == [cards_text(["8H", "9H", "10H"]) + " + "
                                               + cards_text(["7S", "7D", "7C"])]
    assert RUMMY500.compose(game, 0, "meld", [menu.options[0].value]) == listed[0]


def test_a_meld_straddling_the_hands_pages_is_offered() -> None:
    # 26 cards: the hand's card menus show 25 (to 8C), then 9C, the end of the run 7C 8C 9C.
    hand = "AS 2S 4S 6S 8S 10S QS AH 3H 5H 7H 9H JH KH 3D 5D 6D 8D 10D QD KD 2C 4C 7C 8C 9C"
    game = crafted({0: hand, 1: "KS", 2: "JD"}, pile="10H", turn=0, phase="play",
                   players=3, opened=[0])
    listed = [str(a) for a in game.private_view(0).moves if isinstance(a, MeldCards)]
    assert listed == ["meld 8S,8D,8C", "meld 7C,8C,9C"]
    controls = RUMMY500.controls(game, 0, "en")
    assert "ui_more" in {c.action for c in controls if isinstance(c, ButtonControl)}
    menu = next(c for c in controls if isinstance(c, SelectControl) and c.verb == "meld")
    assert sorted(f"meld {o.value}" for o in menu.options) == sorted(listed)


def test_many_melds_are_chosen_by_rank_or_suit_then_by_page() -> None:
    # Every spade and three more 7s: 77 runs of spades (the ace low or high), 5 sets of 7s.
    hand = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS 7H 7D 7C"
    game = crafted({0: hand, 1: "KH", 2: "QH"}, pile="10H", turn=0, phase="play",
                   players=3, opened=[0])
    melds = {str(a) for a in game.private_view(0).moves if isinstance(a, MeldCards)}
    groups = next(c for c in RUMMY500.controls(game, 0, "en")
                  if isinstance(c, SelectControl) and c.verb == "ui_group")
    assert [(o.value, o.label) for o in groups.options] == [
        ("S", "Runs in Spades ♠\ufe0e (77 melds)"), ("7", "Sets of 7 (5 melds)")]
    draft = RUMMY500.step(game, 0, None, "ui_group S")
    reached: set[str] = set()
    for page in range(4):
        controls = RUMMY500.controls(game, 0, "en", draft)
        more = next(c for c in controls if isinstance(c, ButtonControl) and c.action == "ui_next")
        assert more.label == ["Next: 26–50 of 77 ▸", "Next: 51–75 of 77 ▸",
                              "Next: 76–77 of 77 ▸", "Next: 1–25 of 77 ▸"][page]
        select = next(c for c in controls if isinstance(c, SelectControl))
        reached |= {RUMMY500.compose(game, 0, select.verb, [o.value]) for o in select.options}
        draft = RUMMY500.step(game, 0, draft, "ui_next")
    sets = RUMMY500.controls(game, 0, "en", RUMMY500.step(game, 0, None, "ui_group 7"))
    reached |= {f"meld {o.value}" for c in sets if isinstance(c, SelectControl)
                for o in c.options}
    assert draft == RUMMY500.step(game, 0, None, "ui_group S")  # round to the first page
    assert reached == melds and len(melds) == 82


def test_a_deep_take_past_25_options_is_reached_through_its_groups() -> None:
    # The 9S at depth 1 goes into many runs of spades, each a take of the whole pile.
    hand = "AS 2S 3S 4S 5S 6S 7S 8S 10S JS QS KS 9H 9D"
    game = crafted({0: hand, 1: "KH", 2: "QH"}, pile="9S 2H", turn=0, phase="draw",
                   players=3, opened=[0])
    takes = {str(a) for a in game.private_view(0).moves if isinstance(a, TakeDiscards)
             and a.k == 1}
    assert len(takes) > MAX_OPTIONS
    draft = RUMMY500.step(game, 0, RUMMY500.step(game, 0, None, "ui_take"), "ui_take 1")
    groups = RUMMY500.controls(game, 0, "en", draft)[1]
    assert isinstance(groups, SelectControl) and groups.verb == "ui_group"
    reached: set[str] = set()
    for group in (o.value for o in groups.options):
        place = RUMMY500.step(game, 0, draft, f"ui_group {group}")
        start = place
        while True:
            controls = RUMMY500.controls(game, 0, "en", place)
            select = next(c for c in controls if isinstance(c, SelectControl))
            reached |= {f"take {o.value}" for o in select.options}
            if not any(isinstance(c, ButtonControl) and c.action == "ui_next" for c in controls):
                break
            place = RUMMY500.step(game, 0, place, "ui_next")
            if place == start:
                break
    assert reached == takes


def test_the_dealer_names_only_a_listed_special_card() -> None:
    game = Rummy500Game(Rummy500Options(special_card_per_hand=True), players=3, seed=4)
    seat = game.to_act()[0]
    moves = {str(a) for a in game.private_view(seat).moves}
    first = RUMMY500.controls(game, seat, "en")
    assert first[0].action == "special none" and first[0].action in moves
    suits = first[1]
    assert isinstance(suits, SelectControl) and [o.value for o in suits.options] == list("SHDC")
    draft = RUMMY500.step(game, seat, None, "ui_suit H")
    cards = RUMMY500.controls(game, seat, "en", draft)[1]
    assert isinstance(cards, SelectControl) and len(cards.options) == 13
    assert all(f"special {o.value}" in moves for o in cards.options)


def test_a_pile_of_more_than_25_depths_pages_them_and_every_take_is_reached() -> None:
    # Three whole suits in the pile: each card melds with the two above it, 35 depths.
    pile = " ".join(f"{rank}{suit}" for suit in "HCD" for rank in
                    ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"))
    game = crafted({0: "AS 3S 5S 7S 9S", 1: "KS", 2: "QS"}, pile=pile, turn=0, phase="draw",
                   players=3, opened=[0])
    takes = {str(a) for a in game.private_view(0).moves if isinstance(a, TakeDiscards)}
    depths = RUMMY500.controls(game, 0, "en", RUMMY500.step(game, 0, None, "ui_take"))
    more = next(c for c in depths if isinstance(c, ButtonControl) and c.action == "ui_next")
    assert more.label == "Next: 26–35 of 35 ▸"
    tally = Tally()
    assert takes <= explore(game, 0, tally) and not tally.faults, tally.faults
