"""Every refusal is ephemeral, in the member's language, and changes nothing; faults recover."""

from __future__ import annotations

import pytest

from bot.i18n import t
from cogs.errors import rules_text
from cogs.host import ScriptedDeals
from engine.errors import NotYourTurn
from tests.cogs.conftest import (
    LOOSE_A,
    LOOSE_B,
    custom_id,
    deal,
    dm,
    labels,
    lobby_message,
    open_table,
    option_values,
    play_pass,
    png_of,
    script,
    stale_click,
    table_message,
    texts,
)
from tests.cogs.host.test_routing import forged_in_dm
from tests.conftest import Sim


def quiet_deal(deals: ScriptedDeals) -> None:
    """Script a hand where nobody can end quickly."""
    script(deals, deal(LOOSE_A, LOOSE_B, upcard="5C", stock="2C 3C 4C 7S 8S 10S"), dealer=1)


async def started(sim: Sim, deals: ScriptedDeals) -> None:
    quiet_deal(deals)
    lobby = await open_table(sim, sim.bruno)
    await sim.alice.click(lobby, label="Start")


async def version(sim: Sim) -> int:
    return (await sim.bot.storage.get_game(1)).state_version


async def test_non_player_clicks_are_refused(sim: Sim, deals: ScriptedDeals) -> None:
    await started(sim, deals)
    before = await version(sim)
    result = await sim.chiara.click(table_message(sim), label="My hand")
    assert result.ephemeral and result.response.content == "You are not seated in this game."
    assert await version(sim) == before


async def test_only_the_host_starts_and_a_lone_host_cannot(sim: Sim) -> None:
    lobby = await open_table(sim)
    alone = await sim.alice.click(lobby, label="Start")
    assert alone.ephemeral and alone.response.content == "The game needs at least 2 players."
    await sim.bruno.click(lobby, label="Join")
    other = await sim.bruno.click(lobby, label="Start")
    assert other.ephemeral and "Only the host" in other.response.content
    assert (await sim.bot.storage.get_game(1)).status == "lobby"
    assert "Join" not in labels(lobby_message(sim))  # a full table offers no seat
    full = await stale_click(sim, sim.chiara, "rm:1:join")
    assert full.response.content == "The table is full: 2 players at most."


async def test_out_of_turn_players_get_no_move_controls(sim: Sim, deals: ScriptedDeals) -> None:
    await started(sim, deals)
    shown = await sim.bruno.slash(sim.channel, "rummy hand")
    assert shown.ephemeral and "Waiting for Alice." in shown.response.content
    assert labels(shown.response) == ["Sort by rank"]
    # The same check guards a crafted move: the session refuses Bruno.
    rt = sim.bot.get_cog("Rummy").host.runtimes[1]  # type: ignore[union-attr]
    with pytest.raises(NotYourTurn) as refused:
        await rt.session.submit(1, "pass", rt.game.version)
    assert rules_text(refused.value, "it") == t("error.not_your_turn", "it")


async def test_stale_button_and_double_click_apply_once(sim: Sim, deals: ScriptedDeals) -> None:
    await started(sim, deals)
    first = await sim.alice.click(table_message(sim), label="My hand")
    second = await sim.alice.click(table_message(sim), label="My hand")
    assert first.ephemeral and "Pass" in labels(first.response)
    pass_id = custom_id(first.response, ":pass")
    await sim.alice.click(first.response, label="Pass")
    after = await version(sim)
    # The second copy loses its buttons and says so; a click sent on it anyway is refused.
    assert labels(second.response) == [] and "no longer updated" in second.response.content
    forged = await forged_in_dm(sim.alice, [pass_id])
    again = await sim.alice.user.click(forged, label="forged 0")
    assert again.ephemeral and again.response.content == t("hand.old_copy", "en")
    assert await version(sim) == after
    log = [a for _, _, a, _ in await sim.bot.storage.actions(1)]
    assert log == ["start", "pass"]


async def test_a_move_the_database_refuses_is_told_and_can_be_tried_again(
        sim: Sim, deals: ScriptedDeals) -> None:
    await started(sim, deals)
    before, hand = await version(sim), dm(sim.alice)
    # SQLite itself refuses every write from now on, as with a read-only or full disk.
    await sim.bot.storage._conn.execute("PRAGMA query_only = ON")  # type: ignore[attr-defined]
    refused = await sim.alice.user.click(hand, label="Pass")
    assert [m.content for m in refused.followups] == [
        "That could not be saved, so nothing changed. Please try again in a moment."]
    assert "Pass" in labels(dm(sim.alice))  # the same move is still offered
    assert "Alice passed" not in "\n".join(texts(sim))
    await sim.bot.storage._conn.execute("PRAGMA query_only = OFF")  # type: ignore[attr-defined]
    assert await version(sim) == before
    await sim.alice.user.click(dm(sim.alice), label="Pass")
    assert await version(sim) == before + 1
    assert [a for _, _, a, _ in await sim.bot.storage.actions(1)] == ["start", "pass"]


async def test_invalid_option_changes_nothing(sim: Sim) -> None:
    await open_table(sim, sim.bruno)
    before = await sim.bot.storage.get_game(1)
    bad = await sim.alice.slash(sim.channel, "rummy settings", option="knock_limit", value="42")
    assert bad.ephemeral and bad.response.content == (
        "42 is not a valid value for Knock limit (knock_limit): a whole number from 0 to 10.")
    word = await sim.alice.slash(sim.channel, "rummy settings", option="big_gin", value="maybe")
    assert word.ephemeral and "maybe" in word.response.content
    not_host = await sim.bruno.slash(sim.channel, "rummy settings", turn_seconds=30)
    assert not_host.ephemeral and "Only the host" in not_host.response.content
    after = await sim.bot.storage.get_game(1)
    assert (after.options, after.preset) == (before.options, before.preset)
    good = await sim.alice.slash(sim.channel, "rummy settings", option="knock_limit", value="7")
    assert good.response.content == "Settings saved:\n• Knock limit: 10 → 7"
    assert "You may knock with at most 7 deadwood." in lobby_message(sim).content
    rules = await sim.alice.slash(sim.channel, "rummy rules")
    assert "at most 7 deadwood" in rules.response.content
    # the heading says it as the lobby does: the preset and what this table changed
    assert rules.response.content.startswith(
        "**Gin Rummy** · Rules: Standard, changed: Knock limit 7\n")


async def test_closed_dms_fall_back_to_the_my_hand_button(sim: Sim, deals: ScriptedDeals) -> None:
    quiet_deal(deals)
    lobby = await open_table(sim, sim.bruno)
    dm_id = sim.alice.user.dm_channel.id
    sim.env.inject_error("POST", f"/channels/{dm_id}/messages", status=403, code=50007,
                         message="Cannot send messages to this user", times=None)
    await sim.alice.click(lobby, label="Start")
    assert any(f"<@{sim.alice.id}>, I can't send you direct messages" in x for x in texts(sim))
    mine = await sim.alice.click(table_message(sim), label="My hand")
    assert mine.ephemeral and "Pass" in labels(mine.response)
    await png_of(mine.response, "hand_ephemeral.png")
    await sim.alice.click(mine.response, label="Pass")
    assert "Alice passed on the upcard." in table_message(sim).content
    await play_pass(sim.bruno)
    # Alice's ephemeral hand was edited in place: now she may draw.
    assert "Draw from stock" in labels(mine.response.message)
    sim.env.backend.faults.clear()


async def test_missing_permission_is_named_to_the_host(sim: Sim) -> None:
    sim.env.inject_error("POST", f"/channels/{sim.channel.id}/messages", status=403,
                         code=50013, message="Missing Permissions")
    result = await sim.alice.slash(sim.channel, "rummy new", game="gin")
    assert result.ephemeral
    assert "missing the **Send Messages** permission" in result.response.content
    assert await sim.bot.storage.active_game_in_channel(sim.channel.id) is None


async def test_a_5xx_on_a_table_edit_does_not_stop_the_game(sim: Sim, deals: ScriptedDeals) -> None:
    await started(sim, deals)
    table = table_message(sim)
    sim.env.inject_error("PATCH", f"/channels/{sim.channel.id}/messages/{table.id}", status=500)
    await play_pass(sim.alice)
    assert "Alice passed" not in table_message(sim).content  # that edit was lost
    await play_pass(sim.bruno)
    content = table_message(sim).content
    assert "Bruno passed on the upcard." in content and "Alice's turn" in content
    assert await version(sim) == 3


@pytest.mark.parametrize("status", [500, 429])
async def test_a_click_discord_will_not_answer_still_shows_its_move(
        sim: Sim, deals: ScriptedDeals, status: int) -> None:
    await started(sim, deals)
    before, hand = await version(sim), dm(sim.alice)
    # Every try of the click's answer fails (discord.py retries a 5xx or a 429 itself first).
    sim.env.inject_error("POST", "/interactions/*/callback", status=status, times=None)
    result = await sim.alice.user.click(hand, label="Pass")
    assert not result.acknowledged
    assert await version(sim) == before + 1  # the move is saved and the game goes on
    assert "Alice passed" in "\n".join(texts(sim))
    shown = dm(sim.alice)
    assert shown.id == hand.id
    assert "Waiting for Bruno." in shown.content and "Pass" not in labels(shown)


async def test_a_hand_discord_will_not_show_is_told_and_nothing_escapes(
        sim: Sim, deals: ScriptedDeals, caplog: pytest.LogCaptureFixture) -> None:
    await started(sim, deals)
    before = await version(sim)
    shown = await sim.alice.click(table_message(sim), label="My hand")
    # The sort's answer (a new picture) keeps failing after discord.py's own retries.
    sim.env.inject_error("PATCH", "/webhooks/*", status=500, times=None)
    sim.env.inject_error("POST", "/interactions/*/callback", status=503, times=None)
    sorted_ = await sim.alice.click(shown.response, label="Sort by rank")
    assert not sorted_.acknowledged  # Discord itself shows the click failed
    assert await version(sim) == before  # a sort changes nothing in the game
    # Handled where it happened: not an exception escaping to discord.py's error log.
    escaped = [r for r in caplog.records if r.exc_info and r.name.startswith("discord")]
    assert escaped == []


async def test_restart_in_the_middle_of_a_hand_resumes_it(sim: Sim, deals: ScriptedDeals) -> None:
    await started(sim, deals)
    await play_pass(sim.alice)
    await play_pass(sim.bruno)
    old_dm = dm(sim.alice)
    before = await version(sim)
    await sim.restart()
    assert await version(sim) == before
    await sim.alice.user.click(old_dm, label="Draw from stock")  # a button from before
    msg = dm(sim.alice)
    card = option_values(msg, ":discard")[0]
    await sim.alice.user.select(msg, [card], custom_id=custom_id(msg, ":discard"))
    assert "Alice drew from the stock." in table_message(sim).content
    assert await version(sim) == before + 2
    assert "Draw from stock" in labels(dm(sim.bruno))


@pytest.mark.usefixtures("chiara_speaks_italian")
async def test_an_italian_member_gets_italian(sim: Sim, deals: ScriptedDeals) -> None:
    quiet_deal(deals)
    lobby = await open_table(sim)
    joined = await sim.chiara.click(lobby, label="Join")
    assert joined.response.content == t("lobby.you_joined", "it")
    refused = await sim.chiara.click(lobby, label="Start")
    assert refused.ephemeral and refused.response.content == t("lobby.only_host_start", "it")
    await sim.alice.click(lobby, label="Start")
    hand = dm(sim.chiara)
    assert "Le tue carte" in hand.content and "Ordina" in " ".join(labels(hand))
    assert "Your cards" in dm(sim.alice).content
    stale = await sim.chiara.click(table_message(sim), label="My hand")
    assert t("turn.waiting_for", "it", name="Alice") in stale.response.content


@pytest.mark.usefixtures("chiara_speaks_italian")
async def test_a_move_the_database_refuses_is_told_in_italian(
        sim: Sim, deals: ScriptedDeals) -> None:
    quiet_deal(deals)
    await sim.chiara.slash(sim.channel, "rummy new", game="gin")
    await sim.alice.click(lobby_message(sim), label="Join")
    await sim.chiara.click(lobby_message(sim), label="Start")
    await sim.bot.storage._conn.execute("PRAGMA query_only = ON")  # type: ignore[attr-defined]
    answer = await sim.chiara.user.click(dm(sim.chiara), label="Passa")
    assert [m.content for m in answer.followups] == [
        "Non è stato possibile salvarlo, quindi non è cambiato nulla. Riprova tra poco."]
