"""Nobody can do what he was not offered: forged clicks of legal-looking moves are refused.

A forged client can send any custom id and select value. The router accepts a hand's
button or select value only if that member's hand offers it now, a table choice only if a
table button offers it to him, and the engine itself refuses the system's own moves (closing
a "Rummy!" window) from any player.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord
import simcord

from bot.i18n import t
from cogs.host import ScriptedDeals
from tests.cogs.conftest import dm, labels, option_values, table_message
from tests.cogs.test_bad_input import assert_unavailable, forged_view, hand_version, version
from tests.cogs.test_rummy500 import (
    ALICE,
    BRUNO,
    CHIARA,
    STOCK,
    deal3,
    draw,
    game_view,
    pick,
    running,
    script_rummy,
    three_players,
)
from tests.conftest import Sim


async def forged_in_dm(member: simcord.MemberActor, buttons: Sequence[str] = (),
                       select: tuple[str, str] | None = None) -> discord.Message:
    """Have the bot DM the member plain components with these ids, as a forged client shows."""
    view = forged_view(buttons, select)
    message = await dm(member).channel.send("forged", view=view)
    view.stop()  # only the game's own persistent components may answer
    return message


def live_version(sim: Sim) -> int:
    """Return the running game's version (the one its controls carry now)."""
    rt = running(sim)
    assert rt is not None
    return rt.game.version


async def bruno_discards_into_a_window(sim: Sim, deals: ScriptedDeals) -> None:
    """Alice opens and discards, Bruno opens and discards 10H: Alice may claim it."""
    script_rummy(deals, deal3([ALICE, BRUNO, CHIARA], "JC", STOCK))
    await three_players(sim)
    await draw(sim.alice)
    await pick(sim.alice, "meld", ["4D", "5D", "6D"])
    await pick(sim.alice, "discard", ["2S"])
    await draw(sim.bruno)
    await pick(sim.bruno, "meld", ["7S", "7H", "7C"])
    await pick(sim.bruno, "discard", ["10H"])
    assert game_view(sim).claim.open and "Rummy!" in labels(table_message(sim))


async def test_no_player_can_close_the_rummy_window_for_the_others(
        sim: Sim, deals: ScriptedDeals) -> None:
    await bruno_discards_into_a_window(sim, deals)
    v, stored = live_version(sim), await version(sim)
    # The discarder forges the table's choice menu with the window's closing move; the next
    # player (Chiara, whose turn it will be) forges it as a hand button and a table button.
    choice = f"rs:1:{v}:table_choice"
    forged = await forged_in_dm(sim.bruno, select=(choice, "end_claims"))
    assert_unavailable(await sim.bruno.user.select(forged, ["end_claims"], custom_id=choice))
    forged = await forged_in_dm(sim.chiara, [f"rm:1:act:{v}:end_claims"])
    refused = await sim.chiara.user.click(forged, label="forged 0")
    assert refused.ephemeral and refused.response.content == t("error.system_only", "en")
    table = table_message(sim)
    await table.channel.get_partial_message(table.id).edit(view=discord.ui.View().add_item(
        discord.ui.Button(label="forged", custom_id=f"rm:1:tact:{v}:end_claims")))
    assert_unavailable(await sim.chiara.click(table_message(sim), label="forged"))
    # Nothing changed: the window still waits for Alice, who may still call.
    assert await version(sim) == stored and live_version(sim) == v
    assert game_view(sim).claim.open and game_view(sim).claim.card == "10H"


async def test_a_claim_choice_no_table_button_offers_is_refused(
        sim: Sim, deals: ScriptedDeals) -> None:
    await bruno_discards_into_a_window(sim, deals)
    v, stored = live_version(sim), await version(sim)
    # A claim the engine would refuse anyway, and a turn move dressed as a table choice.
    for member, value in ((sim.alice, "claim 10H A"), (sim.chiara, "draw")):
        choice = f"rs:1:{v}:table_choice"
        forged = await forged_in_dm(member, select=(choice, value))
        assert_unavailable(await member.user.select(forged, [value], custom_id=choice))
    assert await version(sim) == stored and game_view(sim).claim.open


async def test_a_legal_move_the_hand_does_not_offer_is_refused(
        sim: Sim, deals: ScriptedDeals) -> None:
    await bruno_discards_into_a_window(sim, deals)
    await sim.alice.click(table_message(sim), label="No claim")
    v = hand_version(sim.chiara)
    assert not game_view(sim).claim.open
    # Taking the whole pile from JC is legal for Chiara, but her hand offers it only in the
    # take menu after she picked the pile's depth: a button or a select sent straight away is
    # not a control her hand shows now.
    move = "1 JC,QC,KC"
    take = f"rs:1:{v}:take"
    forged = await forged_in_dm(sim.chiara, [f"rm:1:act:{v}:take {move}"], select=(take, move))
    assert_unavailable(await sim.chiara.user.click(forged, label="forged 0"))
    assert_unavailable(await sim.chiara.user.select(forged, [move], custom_id=take))
    await forged.delete()  # her newest DM is her hand again
    assert live_version(sim) == v and len(game_view(sim).pile) == 3
    # Through her own menus the same move is offered, and played.
    await sim.chiara.user.click(dm(sim.chiara), label="Take from the pile…")
    await pick(sim.chiara, "ui_take", ["1"])
    assert move in option_values(dm(sim.chiara), ":take")
    await pick(sim.chiara, "take", [move])
    assert game_view(sim).pile == ()
