"""Every copy of a hand is live or says it is not: the newest copy asked for is the one kept
up to date, an older one loses its buttons and says so, and a cancelled game's hands too."""

from __future__ import annotations

from bot.i18n import t
from cogs.host import ScriptedDeals
from tests.cogs.conftest import cancel_game, children, dm, labels, table_message
from tests.cogs.test_bad_input import started
from tests.conftest import Sim

MOVED = t("hand.moved", "en")


def buttons(message: object) -> list[str]:
    """Return the labels of the message's components (none once it is stripped)."""
    return labels(message) if children(message) else []


async def test_the_copy_used_stays_live_and_the_others_say_they_are_not(
        sim: Sim, deals: ScriptedDeals) -> None:
    await started(sim, deals)
    first = dm(sim.alice)
    asked = await sim.alice.slash(sim.channel, "rummy hand")
    shown = await sim.alice.click(table_message(sim), label="My hand")
    # Three copies at the same state: each offers the move until one of them is used.
    assert "Pass" in buttons(first) and "Pass" in buttons(asked.response)
    assert "Pass" in buttons(shown.response)
    await sim.alice.click(asked.response.message, label="Pass")
    assert "Alice passed on the upcard." in table_message(sim).content
    # The two others now say where the cards are and offer nothing to press.
    first = await first.channel.fetch_message(first.id)
    assert first.content == MOVED and buttons(first) == []
    assert shown.response.content == MOVED and buttons(shown.response) == []
    # The copy used is the one kept up to date while Bruno plays; her next turn comes in a
    # new DM, and that copy then loses its buttons.
    await sim.bruno.user.click(dm(sim.bruno), label="Sort by rank")
    assert "Waiting for Bruno." in asked.response.content
    await sim.bruno.user.click(dm(sim.bruno), label="Pass")
    assert "Draw from stock" in buttons(dm(sim.alice)) and buttons(asked.response) == []


async def test_a_stale_copy_that_could_not_be_retired_says_where_the_hand_is(
        sim: Sim, deals: ScriptedDeals) -> None:
    await started(sim, deals)
    first = dm(sim.alice)
    # Discord fails the edit that would retire the DM: it keeps its buttons.
    sim.env.inject_error("PATCH", f"/channels/{first.channel.id}/messages/{first.id}",
                         status=500, times=None)
    shown = await sim.alice.click(table_message(sim), label="My hand")
    await sim.alice.click(shown.response.message, label="Pass")
    old = await sim.alice.user.click(first, label="Pass")
    assert old.ephemeral and old.response.content == t("hand.old_copy", "en")
    assert [a for _, _, a, _ in await sim.bot.storage.actions(1)] == ["start", "pass"]


async def test_a_cancelled_games_hands_lose_their_buttons_and_say_why(
        sim: Sim, deals: ScriptedDeals) -> None:
    await started(sim, deals)
    await cancel_game(sim, sim.alice)  # the host
    for member in (sim.alice, sim.bruno):
        hand = dm(member)
        assert hand.content == t("hand.cancelled", "en") and buttons(hand) == []
        assert [a.filename for a in hand.attachments] == ["hand.png"]  # the cards stay shown
