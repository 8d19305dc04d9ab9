"""What survives a restart: timeout counts, takeovers, "I'm back", and the hand controls."""

from __future__ import annotations

import pytest

from cogs.host import ScriptedDeals
from tests.cogs.conftest import (
    BOT_DELAY,
    LOOSE_A,
    LOOSE_B,
    custom_id,
    deal,
    dm,
    labels,
    open_table,
    option_values,
    play_pass,
    script,
    set_turn_seconds,
    table_message,
    texts,
)
from tests.cogs.test_computer_pace import computer_1_is_next, computer_moves, new_lines
from tests.cogs.test_rummy500 import running
from tests.conftest import Sim

TAKEN = "A computer player took Alice's seat."


async def timed_game(sim: Sim, deals: ScriptedDeals) -> None:
    """Alice and Bruno start a gin game with 60 s turns; Alice acts first."""
    await set_turn_seconds(sim, 60)
    script(deals, deal(LOOSE_A, LOOSE_B, upcard="5C", stock="2C 3C 4C 7S 8S 10S"), dealer=1)
    lobby = await open_table(sim, sim.bruno)
    await sim.alice.click(lobby, label="Start")


async def version(sim: Sim) -> int:
    return (await sim.bot.storage.get_game(1)).state_version


async def alice_moves(sim: Sim) -> list[str]:
    return [a for _, seat, a, _ in await sim.bot.storage.actions(1) if seat == 0]


async def bruno_draws_and_discards(sim: Sim) -> None:
    """Bruno draws from the stock and discards his first card."""
    await sim.bruno.user.click(dm(sim.bruno), label="Draw from stock")
    msg = dm(sim.bruno)
    card = option_values(msg, ":discard")[0]
    await sim.bruno.user.select(msg, [card], custom_id=custom_id(msg, ":discard"))


async def test_a_timeout_before_a_restart_still_counts_after_it(
        sim: Sim, deals: ScriptedDeals) -> None:
    await timed_game(sim, deals)
    await sim.env.advance_time(60)
    assert "Time's up: Alice passed on the upcard." in table_message(sim).content
    await sim.restart()  # nothing else has been saved since the timeout
    await play_pass(sim.bruno)
    await sim.env.advance_time(60)  # the second timeout in a row
    assert any(TAKEN in x for x in texts(sim))


async def test_a_takeover_survives_restarts_and_im_back_returns_the_seat(
        sim: Sim, deals: ScriptedDeals) -> None:
    await timed_game(sim, deals)
    await sim.env.advance_time(60)
    await play_pass(sim.bruno)
    # Alice draws by default, the computer takes her seat and discards for her at once.
    await sim.env.advance_time(60)
    assert any(TAKEN in x for x in texts(sim))
    moves = await alice_moves(sim)
    assert moves[:2] == ["pass", "draw"] and moves[2].startswith("discard") and len(moves) == 3
    table = table_message(sim)
    assert "I'm back" in labels(table)

    await sim.restart()
    await bruno_draws_and_discards(sim)
    # The computer still plays Alice's seat: her turn comes without waiting 60 s.
    await sim.env.advance_time(BOT_DELAY)
    assert (await alice_moves(sim))[4].startswith("discard")
    assert table_message(sim).content.count("Alice discarded") == 2
    # The "I'm back" button of the table, from before the restart, gives the seat back.
    back = await sim.alice.click(table, label="I'm back")
    assert back.ephemeral and back.response.attachments
    assert "Alice is back in the game." in table_message(sim).content
    assert "I'm back" not in labels(table_message(sim))

    await sim.restart()  # "I'm back" was saved too, before any further move
    await bruno_draws_and_discards(sim)
    before = await version(sim)
    await sim.env.advance_time(BOT_DELAY + 5)
    assert await version(sim) == before  # Alice's turn waits for Alice
    assert "Draw from stock" in labels(dm(sim.alice))
    again = await sim.alice.click(table_message(sim), label="My hand")
    assert "Draw from stock" in labels(again.response)


async def test_im_back_after_a_restart_is_refused_to_a_player_never_replaced(
        sim: Sim, deals: ScriptedDeals) -> None:
    await timed_game(sim, deals)
    await sim.env.advance_time(60)
    await play_pass(sim.bruno)
    await sim.env.advance_time(60)
    await sim.restart()
    before = await version(sim)
    refused = await sim.bruno.click(table_message(sim), label="I'm back")
    assert refused.ephemeral and "I'm back" in labels(table_message(sim))
    assert await version(sim) == before


async def test_the_player_to_act_uses_his_old_dm_after_a_restart(
        sim: Sim, deals: ScriptedDeals) -> None:
    await timed_game(sim, deals)
    await play_pass(sim.alice)
    await play_pass(sim.bruno)
    await sim.alice.user.click(dm(sim.alice), label="Draw from stock")
    # The same DM now offers the discards of the current state.
    old = dm(sim.alice)
    card = option_values(old, ":discard")[0]
    before = await version(sim)
    await sim.restart()
    dms = len(sim.alice.user.dm_channel.history())
    await sim.alice.user.select(old, [card], custom_id=custom_id(old, ":discard"))
    assert await version(sim) == before + 1
    # The draw's line, held for the turn's one table edit, survived the restart too.
    assert "Alice drew from the stock." in table_message(sim).content
    assert f"Alice discarded {card_pretty(card)}" in table_message(sim).content
    # No new DM was needed for Alice; Bruno's turn brought him a fresh one.
    assert len(sim.alice.user.dm_channel.history()) == dms
    assert "Draw from stock" in labels(dm(sim.bruno))
    # The timer of Bruno's turn runs again after the restart.
    await sim.env.advance_time(60)
    assert "Time's up: Bruno drew from the stock." in table_message(sim).content


class Crash(Exception):
    """The process dies here."""


async def test_a_restart_after_a_step_is_saved_but_before_it_is_told_keeps_the_held_lines(
        sim: Sim, deals: ScriptedDeals, monkeypatch: pytest.MonkeyPatch) -> None:
    # Computer 1 draws (its line is held, with the version after the draw), melds (saved), and
    # the process dies before the meld is told: the stored game is past the held line.
    await computer_1_is_next(sim, deals)
    before = table_message(sim).content
    storage = sim.bot.storage
    record = storage.record_action

    async def dies_once_the_meld_is_saved(game_id: int, seat: int | None, action: str,
                                          state: str, version: int) -> None:
        await record(game_id, seat, action, state, version)
        if seat == 1 and action.startswith("meld"):
            raise Crash()

    monkeypatch.setattr(storage, "record_action", dies_once_the_meld_is_saved)
    await sim.env.advance_time(BOT_DELAY)
    assert [m.split()[0] for m in await computer_moves(sim)] == ["draw", "meld"]
    rt = running(sim)
    assert rt is not None
    rt.session.close()  # nothing of the dead process runs on
    await sim.restart()
    await sim.env.advance_time(BOT_DELAY)
    assert [m.split()[0] for m in await computer_moves(sim)] == ["draw", "meld", "discard"]
    # The draw's line is shown, once, with the discard's; the meld's was never told.
    mine = [line for line in new_lines(before, table_message(sim).content)
            if line.startswith("Computer 1 ")]
    assert len(mine) == 2 and "drew" in mine[0] and "discarded" in mine[1], mine


def card_pretty(text: str) -> str:
    from engine.cards import Card

    return Card.parse(text).pretty()


async def test_a_game_whose_last_move_was_saved_but_not_told_ends_at_the_restart(
        sim: Sim, deals: ScriptedDeals) -> None:
    # A crash between saving the move that ends the game and recording its end: the game is
    # stored over but 'running', and its channel would stay taken for good.
    script(deals, deal("AS 2S 3S 4H 5H 6H 7C 8C 9C 10C", "KS QH JD 9S 7D 5S 3H KH 2D 6C",
                upcard="4D", stock="JC"), dealer=1)
    lobby = await open_table(sim, sim.bruno)
    await sim.alice.slash(sim.channel, "rummy settings", option="target_score", value="50")
    await sim.alice.click(lobby, label="Start")
    host = sim.bot.get_cog("Rummy").host  # type: ignore[union-attr]

    async def crashed(rt: object) -> None:
        """The process died before the game's end was recorded."""

    host.table.finish = crashed
    await play_pass(sim.alice)
    await play_pass(sim.bruno)
    await sim.alice.user.click(dm(sim.alice), label="Draw from stock")
    hand = dm(sim.alice)
    await sim.alice.user.select(hand, ["JC"], custom_id=custom_id(hand, ":knock"))
    assert (await sim.bot.storage.get_game(1)).status == "running"
    await sim.restart()
    assert (await sim.bot.storage.get_game(1)).status == "finished"
    told = [m for m in texts(sim) if "**Game over!**" in m]
    assert len(told) == 1 and "Alice wins the game with 319 points!" in told[0]
    stats = await sim.bruno.slash(sim.channel, "stats", member=sim.alice)
    assert "Gin Rummy: 1 win in 1 game (100%), points 319" in stats.response.content
    again = await sim.alice.slash(sim.channel, "rummy new", game="gin")
    assert again.ephemeral and "You have a seat" in again.response.content
