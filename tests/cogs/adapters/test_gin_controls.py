"""Every gin control is a legal move, and every legal move has its control.

At seeded random states of closed gin (deep pickups, wrapping aces), Mahjong gin and team gin,
every control of the hand of every seat is put against that seat's legal moves, following
each menu through every step it offers (the pile's depths, the melds a card may go on, the
hand's second page):

- a button sends the text of a legal move, or a step the adapter takes;
- each option of a menu sends (`compose`) a legal move's text, or a step; every menu chooses
  one option (melds are offered whole: no combination of the player's own is left to refuse);
- every legal move is reached (melds past 25 through their rank or suit and pages, depths
  past 25 through pages), and a seat the game does not wait for is shown no control.

`RUMMY_CONTROL_STATES` scales the walk (150 states per option set by default, a few seconds).
"""

from __future__ import annotations

import os
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest

from cogs.adapters import UI_PREFIX, ButtonControl, SelectControl, view_of
from cogs.adapters import gin_mahjong as mj
from cogs.adapters.gin import GIN, DeepPage
from cogs.adapters.melding import MAX_OPTIONS
from engine.cards import parse_cards
from engine.errors import RulesError
from engine.gin import GinOptions, LayOff, MahjongGin, MeldCards, TakePile, new_game, preset
from tests.cogs.adapters.test_gin_pile import deep_pickup_game
from tests.engine.completeness import walk
from tests.engine.gin.test_completeness import choose
from tests.engine.gin.test_mahjong import example_17

STATES = int(os.environ.get("RUMMY_CONTROL_STATES", "150"))
OPTIONS: dict[str, tuple[GinOptions, int]] = {
    "standard": (preset("standard", target_score=40), 2),
    "deep_oklahoma": (preset("oklahoma", deep_discard_pickup=True, target_score=40), 2),
    "german": (preset("german", target_score=60), 2),
    "mahjong": (preset("mahjong", target_score=120), 2),
    "mahjong_wrap": (preset("mahjong", aces="high_low_wrap", target_score=120), 2),
    "teams": (preset("standard", team_size=2, target_score=40), 4),
}


@dataclass
class Tally:
    """What the walk saw: states, controls and options checked, legal moves reached."""

    states: int = 0
    controls: int = 0
    options: int = 0
    reached: int = 0
    long_menus: int = 0  # places in a menu longer than one select: a group, a later page
    kinds: set[str] = field(default_factory=set)  # the kinds of move reached
    listed: Counter[str] = field(default_factory=Counter)  # legal moves by kind


def accepted(game: Any, seat: int, text: str) -> bool:
    """Whether the engine accepts the move the text stands for."""
    try:
        game.verify(seat, game.parse_action(text))
    except RulesError:
        return False
    return True


def reached_moves(game: Any, seat: int, tally: Tally) -> set[str]:
    """Press every control of the seat's hand through every menu step; return the legal
    moves they send (asserting that each sends a legal move or a step)."""
    legal = {str(m): m for m in view_of(game, seat).moves}
    reached: set[str] = set()
    todo: list[object] = [None]
    seen: set[object] = set()
    while todo:
        draft = todo.pop()
        if draft in seen:
            continue
        seen.add(draft)
        if (isinstance(draft, mj.Draft) and (draft.group or draft.page)) or (isinstance(
                draft, DeepPage) and draft.page):
            tally.long_menus += 1
        for control in GIN.controls(game, seat, "en", draft):
            tally.controls += 1
            if isinstance(control, ButtonControl):
                sent = [control.action]
            else:
                assert control.max_values == 1 and len(control.options) <= MAX_OPTIONS
                sent = [GIN.compose(game, seat, control.verb, [o.value])
                        for o in control.options]
            tally.options += len(sent)
            for text in sent:
                if text.startswith(UI_PREFIX):
                    todo.append(GIN.step(game, seat, draft, text))
                else:
                    assert text in legal, (text, draft, sorted(legal))
                    reached.add(text)
    return reached


def look(tally: Tally) -> Any:
    def at(game: Any) -> None:
        tally.states += 1
        acting = game.to_act()
        for seat in range(game.seats):
            reached = reached_moves(game, seat, tally)
            legal = {str(m) for m in game.legal_actions(seat)}
            assert reached == legal, (seat, sorted(legal - reached), sorted(reached - legal))
            if seat not in acting:
                assert GIN.controls(game, seat, "en") == []
            tally.reached += len(reached)
            tally.listed.update(type(m).__name__ for m in game.legal_actions(seat))
            tally.kinds |= {"deep pickup" if " with " in text else "depth take"
                            if text.split()[0] == "take" and text != "take" else
                            text.split()[0] for text in reached}
    return at


@pytest.mark.parametrize("name", list(OPTIONS))
def test_every_control_is_a_legal_move_and_every_legal_move_a_control(name: str) -> None:
    options, players = OPTIONS[name]
    tally = Tally()
    walk(lambda n: new_game(options, players, seed=100 + n), STATES, look(tally),
         choose=choose)
    assert tally.states >= STATES and tally.reached > STATES
    wanted = {"draw", "discard"} | ({"depth take", "meld", "layoff"} if options.mahjong else
                                    {"deep pickup"} if options.deep_discard_pickup else set())
    assert wanted <= tally.kinds, tally.kinds
    print(f"{name}: {tally.states} states, {tally.controls} controls, {tally.options} "
          f"options, {tally.reached} of {tally.listed.total()} legal moves reached through "
          f"them ({dict(tally.listed)}), {tally.long_menus} places in long menus")


def test_every_mahjong_menu_step_leads_where_it_says() -> None:
    game, rng = MahjongGin(preset("mahjong"), seed=5), random.Random(5)
    places: Counter[str] = Counter()
    for _ in range(400):
        if game.is_over:
            break
        seat = game.to_act()[0]
        view = view_of(game, seat)
        for draft in mj.drafts(view):
            for step in mj.steps(view, draft):
                assert mj.step(view, draft, str(step)) == step.after(draft)
            places["depth" if draft.depth else "meld" if draft.laying else "turn"] += 1
        opening = [m for m in view.moves if isinstance(m, (TakePile, MeldCards, LayOff))]
        game.apply(seat, rng.choice(opening if opening and rng.random() < 0.7 else view.moves))
    assert places["turn"] >= 400 and places["depth"] > 20 and places["meld"] > 0, places
    view = view_of(game, game.to_act()[0])
    with pytest.raises(RulesError):
        mj.step(view, mj.Draft(), "ui_lay QQ")


def test_many_mahjong_melds_are_chosen_by_rank_or_suit_and_every_one_is_reached() -> None:
    game = example_17()
    game.apply(0, "draw")
    # A hand made up for the menus: every spade and three more 7s, 82 melds at once.
    game.hands[0] = parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS 7H 7D 7C")
    melds = {str(m) for m in game.legal_actions(0) if isinstance(m, MeldCards)}
    assert len(melds) > MAX_OPTIONS
    groups = next(c for c in GIN.controls(game, 0, "en") if isinstance(c, SelectControl)
                  and c.verb == "ui_group")
    assert [o.value for o in groups.options] == ["S", "7"]
    tally = Tally()
    assert melds <= reached_moves(game, 0, tally) and tally.long_menus > 2


def test_deep_pickups_past_one_menu_are_paged_and_every_one_is_reached() -> None:
    game = deep_pickup_game()
    # A position made up for the menus: two runs in hand, a pile of cards extending them or
    # making sets with them: 26 deep pickups.
    game.hands[0] = parse_cards("2S 3S 4S 5S 6S 2H 3H 4H 5H 6H")
    game.discard = parse_cards("AS 7S AH 7H 2D 3D 4D 5D 6D 2C 3C 4C 5C 6C KC")
    legal = {str(m) for m in game.legal_actions(0)}
    assert len([m for m in legal if " with " in m]) > MAX_OPTIONS
    more = next(c for c in GIN.controls(game, 0, "en") if isinstance(c, ButtonControl)
                and c.action == "ui_next")
    assert more.label == "Next: 26–26 of 26 ▸"
    tally = Tally()
    assert reached_moves(game, 0, tally) == legal and tally.long_menus == 1
