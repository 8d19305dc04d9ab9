"""Every Canasta control is a legal move or a step the menus take, in random reachable states.

States come from seeded random play (test_properties' players, for every option set and
2 to 4 players). At each, for the seat to act, every control of the main menu is pressed, and
of every menu step it leads to (breadth first, at most STEPS drafts a state): an enabled
button or a select option that sends a move must be accepted by `verify`, a menu step must be
taken without a refusal; a greyed-out button must hide a move `verify` refuses. The test
prints states walked and controls pressed; refusals must be 0.
"""

from __future__ import annotations

import os
import random
from collections import deque

import pytest

from cogs.adapters import UI_PREFIX, ButtonControl, SelectControl
from cogs.adapters.canasta import CANASTA
from cogs.adapters.canasta_menus import CONFIRM
from cogs.errors import Refusal
from engine.canasta import CanastaGame, parse_action
from engine.errors import RulesError
from tests.engine.canasta.test_properties import SETS, pick

STATES = 150 * int(os.environ.get("RUMMY_PROPERTY_MATCHES", "1"))  # per option set, players
STEPS = 12  # menu steps followed a state, main menu included


def pressed(game: CanastaGame, locale: str) -> tuple[int, list[str]]:
    """Press every control of the seat to act, following menu steps; return the count of
    controls pressed and the refusals met."""
    seat = game.turn
    drafts: deque[object | None] = deque([None])
    seen: set[object | None] = {None}
    presses, refusals = 0, []
    while drafts and len(seen) <= STEPS:
        draft = drafts.popleft()
        for name, value in sent(game, seat, locale, draft, refusals):
            presses += 1
            text = CANASTA.compose(game, seat, name, [value]) if value else name
            try:
                if text.startswith(UI_PREFIX):
                    after = CANASTA.step(game, seat, draft, text)
                    if after not in seen:
                        seen.add(after)
                        drafts.append(after)
                else:
                    game.verify(seat, parse_action(text))
            except (Refusal, RulesError) as error:
                refusals.append(f"{draft!r}: {text} ({error})")
    return presses, refusals


def sent(game: CanastaGame, seat: int, locale: str, draft: object | None, refusals: list[str]
         ) -> list[tuple[str, str]]:
    """Return what each enabled control of the step sends (a button's name, or a select's
    verb and one of its values); a greyed-out button must hide a refused move."""
    out: list[tuple[str, str]] = []
    for control in CANASTA.controls(game, seat, locale, draft):
        if isinstance(control, SelectControl):
            out += [(control.verb, o.value) for o in control.options]
        elif not control.disabled:
            out.append((control.action, ""))
        elif control.action != CONFIRM and game.can(seat, parse_action(control.action)):
            refusals.append(f"{draft!r}: {control.label} greyed out but legal")
    return out


@pytest.mark.soak
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("name", sorted(SETS))
def test_every_control_shown_is_accepted(name: str, players: int) -> None:
    states, presses, refusals = 0, 0, []
    seed = 7000 + 100 * players + sorted(SETS).index(name)
    while states < STATES:
        game = CanastaGame(SETS[name], players, seed=seed)
        rng = random.Random(seed)
        while not game.is_over and states < STATES:
            count, found = pressed(game, "it" if states % 2 else "en")
            states, presses, refusals = states + 1, presses + count, refusals + found
            game.apply(game.turn, pick(game, rng))
        seed += 1000
    print(f"{name}, {players} players: {states} states walked, {presses} controls pressed, "
          f"{len(refusals)} refused")
    assert not refusals, refusals[:5]


def test_a_button_for_a_move_never_overflows_its_id() -> None:
    game = CanastaGame(SETS["standard"], 2, seed=1)
    for control in CANASTA.controls(game, game.turn, "en"):
        if isinstance(control, ButtonControl):
            assert len(control.action) <= 60
