"""Gin against a computer, an Oklahoma hand, and the turn timer with "I'm back"."""

from __future__ import annotations

from cogs.host import ScriptedDeals
from tests.cogs.conftest import (
    ALICE_GIN,
    BOT_DELAY,
    LOOSE_A,
    LOOSE_B,
    custom_id,
    deal,
    dm,
    hand_end_message,
    labels,
    lobby_message,
    open_table,
    option_values,
    play_pass,
    png_of,
    script,
    select_id,
    set_turn_seconds,
    table_message,
    texts,
)
from tests.conftest import Sim


async def test_a_game_against_a_computer_player(sim: Sim, deals: ScriptedDeals) -> None:
    script(deals, deal(ALICE_GIN, LOOSE_A, upcard="4D", stock="JC QC"), dealer=1)
    lobby = await open_table(sim, computer=True)
    assert "• Computer 1\n" in lobby_content(sim) and "(computer)" not in lobby_content(sim)
    await sim.alice.click(lobby, label="Start")
    await play_pass(sim.alice)
    version_before = (await sim.bot.storage.get_game(1)).state_version
    await sim.env.advance_time(BOT_DELAY - 1)
    assert (await sim.bot.storage.get_game(1)).state_version == version_before  # not yet
    for _ in range(12):
        if "Alice went gin!" in "\n".join(texts(sim)):
            break
        msg = dm(sim.alice)
        if "Draw from stock" in labels(msg):
            await sim.alice.user.click(msg, label="Draw from stock")
        elif any(":knock" in (c or "") for c in ids(msg)):
            card = option_values(msg, ":knock")[0]
            await sim.alice.user.select(msg, [card], custom_id=custom_id(msg, ":knock"))
        else:
            await sim.env.advance_time(BOT_DELAY)
    joined = "\n".join(texts(sim))
    assert "Computer 1" in joined and "Alice went gin!" in joined
    record = await sim.bot.storage.get_game(1)
    actions = [a for _, seat, a, _ in await sim.bot.storage.actions(1) if seat == 1]
    assert actions, "the computer made no move"
    assert record.state_version > version_before


def lobby_content(sim: Sim) -> str:
    return next(m.content for m in sim.channel.history() if "Players" in m.content)


def ids(message: object) -> list[str | None]:
    from tests.cogs.conftest import _cid, children

    return [_cid(c) for c in children(message)]


async def test_an_oklahoma_hand_uses_the_upcard_as_knock_limit(
        sim: Sim, deals: ScriptedDeals) -> None:
    alice = "AS 2S 3S 4H 5H 6H 7C 8C 9C 2D"
    script(deals, deal(alice, LOOSE_A, upcard="5D", stock="KC"), dealer=1)
    lobby = await open_table(sim, sim.bruno, preset="oklahoma")
    assert "Oklahoma" in lobby_content(sim)
    await sim.alice.click(lobby, label="Start")
    assert "Knock card: 5♦\ufe0e. You may knock with at most 5 deadwood." in (
        table_message(sim).content)
    await play_pass(sim.alice)
    await play_pass(sim.bruno)
    await sim.alice.user.click(dm(sim.alice), label="Draw from stock")
    msg = dm(sim.alice)
    assert option_values(msg, ":knock") == ["KC"]  # only a knock that leaves 2 ≤ 5
    await png_of(msg, "hand_oklahoma.png")
    await sim.alice.user.select(msg, ["KC"], custom_id=custom_id(msg, ":knock"))
    joined = "\n".join(texts(sim))
    assert "Alice knocked with 2 deadwood!" in joined
    # Bruno lays 3H and 6C off on Alice's runs: 78 - 9 = 69 deadwood, minus her 2.
    assert "Alice wins the hand and scores 67 points." in joined
    end = hand_end_message(sim)
    await png_of(end, "hand_end_oklahoma.png")


async def test_timeouts_hand_the_seat_to_the_computer_until_im_back(
        sim: Sim, deals: ScriptedDeals) -> None:
    await set_turn_seconds(sim, 60)
    script(deals, deal(LOOSE_A, LOOSE_B, upcard="5C", stock="2C 3C 4C 7S 8S 10S"), dealer=1)
    lobby = await open_table(sim, sim.bruno)
    await sim.alice.click(lobby, label="Start")
    await sim.env.advance_time(30)
    assert f"<@{sim.alice.id}>, it's your turn: 30 seconds left." in texts(sim)
    await sim.env.advance_time(30)
    # The timer's move says so, in the table's running log.
    assert "Time's up: Alice passed on the upcard." in table_message(sim).content
    assert "Alice passed on the upcard." in table_message(sim).content
    await play_pass(sim.bruno)
    # Second timeout in a row: Alice draws, the computer discards for her at once, and
    # takes her seat.
    await sim.env.advance_time(60)
    joined = "\n".join(texts(sim))
    assert "A computer player took Alice's seat." in joined
    table = table_message(sim)
    assert "I'm back" in labels(table)
    assert "Alice discarded" in table.content
    # Her hand loses its controls, and no new one is sent while the computer plays for her.
    last_dm = dm(sim.alice)
    assert labels(last_dm) == []
    await bruno_plays_a_turn(sim)
    await sim.env.advance_time(2 * BOT_DELAY + 1)  # the computer's whole turn for Alice
    assert "Bruno discarded" in table_message(sim).content
    assert table_message(sim).content.count("Alice discarded") == 2
    assert dm(sim.alice).id == last_dm.id
    back = await sim.alice.click(table_message(sim), label="I'm back")
    assert back.ephemeral and back.response.attachments
    assert "Alice is back in the game." in table_message(sim).content
    assert "I'm back" not in labels(table_message(sim))
    # Bruno plays his turn; then Alice's turn waits for Alice, not for the computer.
    await bruno_plays_a_turn(sim)
    version = (await sim.bot.storage.get_game(1)).state_version
    await sim.env.advance_time(BOT_DELAY + 5)
    assert (await sim.bot.storage.get_game(1)).state_version == version
    assert "Draw from stock" in labels(dm(sim.alice))


async def bruno_plays_a_turn(sim: Sim) -> None:
    """Bruno draws from the stock and throws the first card his menu offers."""
    await sim.bruno.user.click(dm(sim.bruno), label="Draw from stock")
    msg = dm(sim.bruno)
    card = option_values(msg, ":discard")[0]
    await sim.bruno.user.select(msg, [card], custom_id=custom_id(msg, ":discard"))


async def test_a_deep_pickup_from_the_select_shows_its_meld(sim: Sim, deals: ScriptedDeals) -> None:
    await sim.alice.slash(sim.channel, "rummy new", game="gin")
    turned_on = await sim.alice.slash(sim.channel, "rummy settings",
                                      option="deep_discard_pickup", value="true")
    assert turned_on.ephemeral, turned_on.response
    lobby = lobby_message(sim)
    await sim.bruno.click(lobby, label="Join")
    script(deals, deal(LOOSE_A, LOOSE_B, upcard="5C", stock="7C 3C 4C 7S 8S 10S"), dealer=1)
    await sim.alice.click(lobby, label="Start")
    await play_pass(sim.alice)
    await play_pass(sim.bruno)
    await sim.alice.user.click(dm(sim.alice), label="Draw from stock")
    await sim.alice.user.select(dm(sim.alice), ["KS"], custom_id=custom_id(dm(sim.alice),
                                                                          ":discard"))
    await sim.bruno.user.click(dm(sim.bruno), label="Draw from stock")
    await sim.bruno.user.select(dm(sim.bruno), ["QC"], custom_id=custom_id(dm(sim.bruno),
                                                                          ":discard"))
    # 5C lies under KS and QC; Alice holds 6C 7C, so the select offers it with that meld.
    hand = dm(sim.alice)
    assert option_values(hand, ":take") == ["5C with 6C 7C"]
    await sim.alice.user.select(hand, ["5C with 6C 7C"], custom_id=select_id(hand, "take"))
    hand = dm(sim.alice)
    discards = option_values(hand, ":discard")
    assert "5C" not in discards and "KH" in discards  # the taken card stays this turn
    await sim.alice.user.select(hand, ["KH"], custom_id=select_id(hand, "discard"))
    table = table_message(sim).content
    # Bruno sees which card left the pile and the meld that justified it, 5C 6C 7C.
    assert ("Alice took 5♣\ufe0e from the discard pile. It lay deeper in the pile; the meld "
            "it makes is 5♣\ufe0e 6♣\ufe0e 7♣\ufe0e.") in table
    assert "Alice discarded K♥\ufe0e." in table
