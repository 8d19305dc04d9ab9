"""Two members play gin on Discord end to end: lobby, DMs, moves, table, hand end, results."""

from __future__ import annotations

from cogs.host import ScriptedDeals
from tests.cogs.conftest import (
    ALICE_GIN,
    custom_id,
    deal,
    dm,
    hand_end_message,
    labels,
    open_table,
    png_of,
    script,
    table_message,
    texts,
)
from tests.conftest import Sim

# Alice (seat 0) holds three runs: drawing anything lets her go gin at once.
# Bruno (seat 1) holds nothing that melds: 72 deadwood.
BRUNO_LOOSE = "KS QH JD 9S 7D 5S 3H KH 2D 6C"


async def test_two_members_play_a_gin_game_to_100(sim: Sim, deals: ScriptedDeals) -> None:
    hand1 = deal(ALICE_GIN, BRUNO_LOOSE, upcard="4D", stock="JC")
    # Hand 2: Alice deals; the upcard 4S extends her spade run, so she takes it and goes gin.
    hand2 = deal("KS QH JD 9S 7D 5S 3H KH 2D 6C", ALICE_GIN, upcard="4S", stock="JC")
    script(deals, hand1, hand2, dealer=1)
    lobby = await open_table(sim, sim.bruno)
    started = await sim.alice.click(lobby, label="Start")
    assert started.ephemeral

    table = table_message(sim)
    assert "Alice" in table.content
    await png_of(table, "table_start.png")
    alice_dm = dm(sim.alice)
    assert "Pass" in labels(alice_dm) and any("Take upcard" in x for x in labels(alice_dm))
    await png_of(alice_dm, "hand_alice.png")

    await sim.alice.user.click(alice_dm, label="Pass")
    assert "Alice passed on the upcard." in table_message(sim).content
    await sim.bruno.user.click(dm(sim.bruno), label="Pass")
    await sim.alice.user.click(dm(sim.alice), label="Draw from stock")
    # the table is edited once per turn: the draw's line arrives with the turn's last move
    assert "JC" not in table_message(sim).content and "J♣" not in table_message(sim).content
    msg = dm(sim.alice)
    await sim.alice.user.select(msg, ["JC"], custom_id=custom_id(msg, ":knock"))
    assert any("Alice drew from the stock." in text for text in texts(sim))

    joined = "\n".join(texts(sim))
    assert "Alice went gin!" in joined
    assert "Alice wins the hand and scores 97 points." in joined
    hand_end = hand_end_message(sim)
    await png_of(hand_end, "hand_end.png")

    # Hand 2: Bruno (non-dealer) passes, Alice takes the upcard and knocks AS: gin.
    await sim.bruno.user.click(dm(sim.bruno), label="Pass")
    msg = dm(sim.alice)
    await sim.alice.user.click(msg, label=next(x for x in labels(msg) if "Take upcard" in x))
    msg = dm(sim.alice)
    await sim.alice.user.select(msg, ["AS"], custom_id=custom_id(msg, ":knock"))

    joined = "\n".join(texts(sim))
    assert "Game over!" in joined
    assert "Alice wins the game" in joined
    rows = await sim.bot.storage.leaderboard(sim.guild.id, "gin")
    assert [(r.name, r.wins) for r in rows] == [("Alice", 1), ("Bruno", 0)]
    record = await sim.bot.storage.get_game(1)
    assert record.status == "finished"
