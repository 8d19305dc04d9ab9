"""Every control a player is shown is a move he may make: a random walk through every game.

People hold every seat (so the walk alone decides each move). At each state reached, every
control on every live hand and on the table is put through the host's own gate (offered by
that message, then the rules' check), without playing it; then one of them, chosen at
random, is pressed through SimCord. No press may be refused. The exceptions are moves the
rules keep a player's own call: a "Rummy!" call on a card that fits nothing (manual mode
never says whether a discard is claimable) and a multi-select of cards, which is a builder
of the player's own choosing (its combination may be refused with the rule it breaks, never
with "no longer available"). Gin and Rummy 500 have no builder left: every option they show
is a listed move or a step towards one.

For those games the walk also checks completeness at every state: each acting seat's menus
are followed through every step they offer, as the host shows them (`shown_controls`: five
rows, 25 options, values that fit), and every listed move must be reached.

`RUMMY_WALK_STEPS` sets the presses per game (default 60): `RUMMY_WALK_STEPS=2000` is the soak.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

import pytest
import simcord

from bot.i18n import t
from cogs.adapters import UI_PREFIX, ButtonControl, offers
from cogs.custom_ids import parse
from cogs.host import Runtime
from cogs.views import shown_controls
from tests.cogs.conftest import (
    children,
    lobby_message,
    open_table,
    set_turn_seconds,
    table_message,
)
from tests.conftest import Sim

STEPS = int(os.environ.get("RUMMY_WALK_STEPS", "60"))
# (game, preset or "", people, settings)
TABLES: list[tuple[str, str, int, dict[str, str]]] = [
    ("gin", "", 2, {}), ("gin", "mahjong", 2, {}), ("gin", "", 4, {"team_size": "2"}),
    ("rummy500", "", 3, {}), ("ramino", "", 4, {}), ("ramino51", "", 3, {}),
    ("canasta", "", 4, {}), ("canasta", "", 2, {}),
]
NEVER = (t("error.move_unavailable", "en"), t("error.generic", "en"), t("error.stale", "en"))
MOVES = ("act", "select", "tact")  # the kinds of control that make a move
# Games whose every listed move must be reachable through the menus shown (no builder left).
WHOLE = frozenset({"gin", "rummy500"})


@dataclass(frozen=True)
class Press:
    """One control a member could use: a button, or a select with the values to choose."""

    member: simcord.MemberActor
    message: Any
    custom_id: str
    values: tuple[str, ...] | None = None  # None for a button
    builder: bool = False  # a multi-select of cards: the player's own combination


def running(sim: Sim) -> Runtime | None:
    runtimes = sim.bot.get_cog("Rummy").host.runtimes  # type: ignore[union-attr]
    return next(iter(runtimes.values()), None)


def presses_on(member: simcord.MemberActor, message: Any, rng: random.Random) -> list[Press]:
    """Return the presses a message's controls allow (sort buttons and disabled ones aside)."""
    out = []
    for c in children(message):
        cid = parse(c.custom_id or "")
        if cid is None or cid.kind not in MOVES or getattr(c, "disabled", False):
            continue  # the sort buttons, "My hand", "I'm back": no move
        options = getattr(c, "options", None)
        if options is None:
            out.append(Press(member, message, c.custom_id))
        elif c.min_values <= 1:
            out += [Press(member, message, c.custom_id, (o.value,)) for o in options]
        else:
            size = rng.randint(c.min_values, min(c.max_values, len(options)))
            chosen = tuple(o.value for o in rng.sample(list(options), size))
            out.append(Press(member, message, c.custom_id, chosen, builder=True))
    return out


def live_hand(rt: Runtime, seat: int, member: simcord.MemberActor) -> Any:
    """Return the seat's live hand message (its newest DM)."""
    message = member.user.dm_channel.last_message
    assert message is not None and rt.seat(seat).is_live(message)
    return message


def all_presses(sim: Sim, rt: Runtime, rng: random.Random) -> list[Press]:
    """Return every press the people may make now: their hands', and the table's."""
    out: list[Press] = []
    for seat in rt.game.to_act():
        member = sim.members[seat]
        out += presses_on(member, live_hand(rt, seat, member), rng)
    table = table_message(sim)
    for seat in rt.game.reactors():
        out += [p for p in presses_on(sim.members[seat], table, rng)]
    return out


def gate(rt: Runtime, press: Press, seat: int) -> None:
    """Put a hand's control through the host's own checks, without playing it."""
    cid = parse(press.custom_id)
    assert cid is not None
    if cid.kind == "tact":
        assert offers(rt.adapter.table_controls(rt.game, "en"), cid.action, ())
        return
    values = press.values or ()
    text = cid.action if cid.kind == "act" else rt.adapter.compose(rt.game, seat, cid.action,
                                                                 values)
    if not text.startswith(UI_PREFIX) and not press.builder:
        rt.game.verify(seat, rt.game.parse_action(text))
    if not press.builder:
        assert offers(rt.offered(seat), cid.action, values), (cid, values)


def reachable(rt: Runtime, seat: int, tally: Counter[str]) -> set[str]:
    """Follow the seat's menus through every step, as the host shows them; return the
    moves their buttons and options send."""
    adapter, game = rt.adapter, rt.game
    reached: set[str] = set()
    todo: list[object] = [None]
    seen: set[object] = set()
    while todo:
        draft = todo.pop()
        if draft in seen:
            continue
        seen.add(draft)
        tally["menus followed"] += 1
        shown = shown_controls(rt.record.id, game.version,
                               adapter.controls(game, seat, "en", draft))
        for control in shown:
            if isinstance(control, ButtonControl):
                texts = [] if control.disabled else [control.action]
            else:
                assert control.max_values == 1, control
                texts = [adapter.compose(game, seat, control.verb, [o.value])
                         for o in control.options]
            for text in texts:
                if text.startswith(UI_PREFIX):
                    todo.append(adapter.step(game, seat, draft, text))
                else:
                    reached.add(str(game.parse_action(text)))
    return reached


def check_complete(rt: Runtime, tally: Counter[str]) -> None:
    """Every listed move of every acting seat is reached through its menus."""
    for seat in rt.game.to_act():
        listed = {str(m) for m in rt.game.legal_actions(seat)}
        reached = reachable(rt, seat, tally)
        assert reached == listed, (seat, sorted(listed - reached), sorted(reached - listed))
        tally["listed moves"] += len(listed)
        tally["listed moves reached"] += len(listed & reached)


async def do(press: Press) -> simcord.InteractionResult:
    """Press the control as its member would."""
    actor = press.member if parse(press.custom_id).kind == "tact" else press.member.user
    if press.values is None:
        return await actor.click(press.message, custom_id=press.custom_id)
    return await actor.select(press.message, list(press.values), custom_id=press.custom_id)


async def answer_claim(press: Press, result: simcord.InteractionResult) -> None:
    """Check a "Rummy!" answer: a wrong call is the rules' own, a choice is then made."""
    response = result.response
    if response is None or not result.ephemeral:
        return
    if response.content.startswith("Wrong call"):
        return
    choices = [c for c in children(response.message) if getattr(c, "options", None)]
    if choices:
        chosen = await press.member.select(response.message, [choices[0].options[0].value],
                                           custom_id=choices[0].custom_id)
        assert not any(chosen.response.content == n for n in NEVER), chosen.response


def check_answer(press: Press, result: simcord.InteractionResult, tally: Counter[str]) -> None:
    """No refusal, but a builder's combination refused with the rule it breaks."""
    text = result.response.content if result.ephemeral and result.response else ""
    if press.builder and text:
        assert text not in NEVER, text
        tally["builder refusals"] += 1
        return
    assert not text or parse(press.custom_id).kind == "tact", (press.custom_id, press.values,
                                                               text)


async def start(sim: Sim, game: str, preset: str, people: int, rules: dict[str, str]) -> None:
    """Open the table with everybody seated, untimed, and start it."""
    await set_turn_seconds(sim, 0)
    await open_table(sim, game=game, preset=preset or None)
    for option, value in rules.items():  # before the seats: team gin takes more
        await sim.alice.slash(sim.channel, "rummy settings", option=option, value=value)
    for member in sim.members[1:people]:
        await member.click(lobby_message(sim), label="Join")
    await sim.alice.click(lobby_message(sim), label="Start")


async def walk(sim: Sim, rng: random.Random, tally: Counter[str], whole: bool) -> None:
    """Press random shown controls until the game ends or the steps run out (`whole`: the
    game offers every move whole, and every listed move must be reachable)."""
    for _ in range(STEPS):
        rt = running(sim)
        if rt is None or rt.game.is_over:
            break
        if whole:
            check_complete(rt, tally)
        presses = all_presses(sim, rt, rng)
        assert not whole or not any(p.builder for p in presses), "a builder in a whole game"
        for press in presses:
            seat = sim.members.index(press.member)
            gate(rt, press, seat)
            tally["controls checked"] += 1
        assert presses, "a live game shows nobody a control"
        press = rng.choice(presses)
        result = await do(press)
        tally["states"] += 1
        tally["controls pressed"] += 1
        if parse(press.custom_id).action == "claim":
            await answer_claim(press, result)
        else:
            check_answer(press, result, tally)


@pytest.mark.parametrize(("game", "preset", "people", "rules"), TABLES,
                         ids=[f"{g}-{p or 'standard'}-{n}" for g, p, n, _ in TABLES])
async def test_every_control_shown_is_accepted(sim: Sim, game: str, preset: str, people: int,
                                               rules: dict[str, str]) -> None:
    tally: Counter[str] = Counter()
    await start(sim, game, preset, people, rules)
    await walk(sim, random.Random(f"{game}{preset}{people}"), tally, game in WHOLE)
    print(f"{game} {preset or 'standard'} {people} seats: {dict(tally)}")  # figures (-s)
    assert tally["controls pressed"] >= min(STEPS, 20), tally
