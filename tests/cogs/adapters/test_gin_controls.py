"""Every gin control is a legal move, and every legal move has its control.

At seeded random states of closed gin (deep pickups, wrapping aces), Mahjong gin and team gin,
every control of the hand of every seat is put against that seat's legal moves, following
each menu through every step it offers (the pile's depths, the melds a card may go on, the
hand's second page):

- a button sends the text of a legal move, or a step the adapter takes;
- each option of a one-choice menu sends (`compose`) a legal move's text, or a step;
- the meld menu offers only cards of legal melds, and the cards of each legal meld, chosen
  together, send a move the engine accepts (several melds at once where they form several);
- every legal move is reached, and a seat the game does not wait for is shown no control.

`RUMMY_CONTROL_STATES` scales the walk (150 states per option set by default, a few seconds).
"""

from __future__ import annotations

import os
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest

from cogs.adapters import UI_PREFIX, ButtonControl, view_of
from cogs.adapters import gin_mahjong as mj
from cogs.adapters.gin import GIN
from engine.errors import RulesError
from engine.gin import GinOptions, LayOff, MahjongGin, MeldCards, TakePile, new_game, preset
from tests.engine.completeness import walk
from tests.engine.gin.test_completeness import choose

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
    kinds: set[str] = field(default_factory=set)  # the kinds of move reached


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
    todo, seen = [""], set()
    while todo:
        draft = todo.pop()
        if draft in seen:
            continue
        seen.add(draft)
        for control in GIN.controls(game, seat, "en", draft):
            tally.controls += 1
            if isinstance(control, ButtonControl):
                sent = [control.action]
            elif control.max_values > 1:  # the meld builder: the player's own combination
                reached |= melds_reached(game, seat, {o.value for o in control.options})
                continue
            else:
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


def melds_reached(game: Any, seat: int, offered: set[str]) -> set[str]:
    """Return the legal melds whose cards the meld menu offers, each composed and accepted."""
    melds = [m for m in view_of(game, seat).moves if isinstance(m, MeldCards)]
    meldable = {str(c) for m in melds for meld in m.melds for c in meld}
    assert offered <= meldable, offered - meldable
    out = set()
    for move in melds:
        cards = [str(c) for meld in move.melds for c in meld]
        if set(cards) <= offered:
            sent = GIN.compose(game, seat, "meld", cards)
            assert accepted(game, seat, sent), (sent, str(move))
            out.add(str(move))
    return out


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
          f"options, {tally.reached} legal moves reached through them ({sorted(tally.kinds)})")


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
