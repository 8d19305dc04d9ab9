"""Canasta through the real bot: players who press any control their hand shows are never
refused. Seeded games of two and of four players; at each press the member to act picks one
enabled button or one select option of his DM at random, as a curious new player would; a
private answer to it (a refusal) fails the test. The test prints the controls pressed.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
import simcord

from cogs.host import ScriptedDeals
from tests.cogs.conftest import children, dm, start_game
from tests.cogs.test_canasta import running
from tests.conftest import Sim

PRESSES = 60  # controls pressed a game


def choices(message: Any) -> list[tuple[str, str | None]]:
    """Return what a member may press on a message: (custom id, None) for an enabled button,
    (custom id, value) for each option of a select."""
    out: list[tuple[str, str | None]] = []
    for c in children(message):
        options = getattr(c, "options", None)
        if options:
            out += [(c.custom_id, o.value) for o in options]
        elif options is None and not getattr(c, "disabled", False):
            out.append((c.custom_id, None))
    return out


async def press(member: simcord.MemberActor, cid: str, value: str | None) -> Any:
    """Press a button or choose one option of a select on the member's hand."""
    if value is None:
        return await member.user.click(dm(member), custom_id=cid)
    return await member.user.select(dm(member), [value], custom_id=cid)


@pytest.mark.parametrize("players", [2, 4])
async def test_any_control_a_hand_shows_is_accepted(sim: Sim, deals: ScriptedDeals,
                                                    players: int) -> None:
    members = [sim.alice, sim.bruno, sim.chiara, sim.dario][:players]
    deals.queue("canasta", seed=20260 + players, first_dealer=players - 1)
    await start_game(sim, "canasta", *members[1:], target_score="1000")
    rng, refused, presses = random.Random(players), [], 0
    for _ in range(PRESSES):
        rt = running(sim)
        if rt is None:
            break
        member = members[rt.game.turn]
        found = choices(dm(member))
        assert found, "the player to act has nothing to press"
        cid, value = rng.choice(found)
        result = await press(member, cid, value)
        presses += 1
        if result.ephemeral:
            refused.append(f"{cid} {value}: {result.response.content}")
    rt = running(sim)
    moves = rt.game.version if rt is not None else "all"
    print(f"{players} players: {presses} controls pressed ({moves} moves made), "
          f"{len(refused)} refused")
    assert not refused, refused[:3]
