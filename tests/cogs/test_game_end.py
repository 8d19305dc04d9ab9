"""How a game ends: cancelled after a confirmation, or finished with a score sheet and
"Play again"."""

from __future__ import annotations

import simcord
from PIL import Image

from bot.i18n import MINUS, number
from card_images.style import PANEL_TURN
from cogs.host import ScriptedDeals
from tests.cogs.conftest import (
    ALICE_GIN,
    BOT_DELAY,
    LOOSE_A,
    LOOSE_B,
    children,
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
    set_turn_seconds,
    stale_click,
    table_message,
    texts,
)
from tests.cogs.test_gin_modes import ids
from tests.cogs.test_lobby_host import answer
from tests.conftest import Sim


def turn_pixels(image: Image.Image) -> int:
    """Count the pixels of the panel that marks whose turn it is."""
    histogram = image.convert("RGB").getcolors(maxcolors=1 << 20) or []
    return sum(count for count, color in histogram if color == PANEL_TURN)


def public_texts(sim: Sim) -> list[str]:
    return [m.content for m in sim.channel.history() if not m.flags.ephemeral]


# ----- cancelling a running game -------------------------------------------------------------


async def test_cancelling_asks_first_then_marks_the_table_once(
        sim: Sim, deals: ScriptedDeals) -> None:
    script(deals, deal(LOOSE_A, LOOSE_B, upcard="5C"), dealer=1)
    lobby = await open_table(sim, sim.bruno)
    await sim.alice.click(lobby, label="Start")
    assert turn_pixels(await png_of(table_message(sim))) > 0  # Alice's turn is shown

    asked = await sim.alice.slash(sim.channel, "rummy abandon")
    assert asked.ephemeral and asked.response is not None
    assert asked.response.content.startswith("Cancel the game?")
    assert labels(asked.response) == ["Yes, cancel", "Keep playing"]
    kept = await sim.alice.click(asked.response, label="Keep playing")
    assert kept.response is not None and kept.response.content == "The game goes on."
    assert children(kept.response) == []
    assert (await sim.bot.storage.get_game(1)).status == "running"
    assert "My hand" in labels(table_message(sim))

    asked = await sim.alice.slash(sim.channel, "rummy abandon")
    twice = await sim.alice.slash(sim.channel, "rummy abandon")  # a second copy of the question
    assert asked.response is not None and twice.response is not None
    done = await sim.alice.click(asked.response, label="Yes, cancel")
    assert done.response is not None and done.response.ephemeral
    assert done.response.content == "Alice cancelled the game." and children(done.response) == []
    assert (await sim.bot.storage.get_game(1)).status == "abandoned"
    table = table_message(sim)
    assert table.content == "Alice cancelled the game."  # no "Alice's turn" left
    assert children(table) == []
    picture = await png_of(table, "table_cancelled.png")
    assert turn_pixels(picture) == 0  # no TURN badge, no turn panel
    assert sum("cancelled" in text for text in public_texts(sim)) == 1
    assert "started" in lobby_message_text(sim)  # the lobby still tells how it began
    # The other copy's "Yes, cancel" finds the game over: nothing more is posted.
    late = await sim.alice.click(twice.response, label="Yes, cancel")
    assert answer(late) == "This game is over."
    assert sum("cancelled" in text for text in public_texts(sim)) == 1
    # The answers are private controls: a copy on a public message does nothing.
    forged = await stale_click(sim, sim.alice, "rm:1:abandon")
    assert forged.ephemeral and "cancelled" not in answer(forged)


def lobby_message_text(sim: Sim) -> str:
    return next(m.content for m in sim.channel.history() if "Players (" in m.content)


async def test_only_the_host_or_a_manager_confirms(sim: Sim, deals: ScriptedDeals) -> None:
    script(deals, deal(LOOSE_A, LOOSE_B, upcard="5C"), dealer=1)
    lobby = await open_table(sim, sim.bruno)
    await sim.alice.click(lobby, label="Start")
    refused = await sim.bruno.slash(sim.channel, "rummy abandon")
    assert "Only the host" in answer(refused) and children(refused.response) == []
    assert (await sim.bot.storage.get_game(1)).status == "running"


# ----- game over: the score sheet and "Play again" -------------------------------------------


async def win_in_one_hand(sim: Sim, deals: ScriptedDeals) -> simcord.MemberActor:
    """Alice beats a computer with gin in the first hand of a game to 50."""
    script(deals, deal(ALICE_GIN, LOOSE_A, upcard="4D", stock="JC QC"), dealer=1)
    lobby = await open_table(sim, computer=True)
    await sim.alice.slash(sim.channel, "rummy settings", option="target_score", value="50")
    await sim.alice.click(lobby, label="Start")
    await play_pass(sim.alice)
    for _ in range(12):
        if "Game over!" in "\n".join(texts(sim)):
            break
        msg = dm(sim.alice)
        if "Draw from stock" in labels(msg):
            await sim.alice.user.click(msg, label="Draw from stock")
        elif any((c or "").endswith(":knock") for c in ids(msg)):
            card = option_values(msg, ":knock")[0]
            await sim.alice.user.select(msg, [card], custom_id=custom_id(msg, ":knock"))
        else:
            await sim.env.advance_time(BOT_DELAY)
    assert "Alice went gin!" in "\n".join(texts(sim))
    return sim.alice


async def test_the_final_table_shows_the_score_sheet_and_play_again(
        sim: Sim, deals: ScriptedDeals) -> None:
    await win_in_one_hand(sim, deals)
    table = table_message(sim)
    assert labels(table) == ["Play again"]
    content = table.content
    # Under the result, each player's new rating (provisional: "?") and its change.
    assert ("Alice wins the game with 319 points!\n**Game over!**\n"
            "Ratings: Alice 1601? (+101), Computer 1 1446? (\u221254).\n**Score sheet**"
            in content)
    # The winner is told once: in the final table, and in no message after it.
    told = "\n".join(texts(sim)[texts(sim).index(content):])
    assert told.count("wins the game") == 1 and told.count("Game over!") == 1
    sheet = content[content.index("```"):]
    rows = [line.split() for line in sheet.strip("`\n").splitlines()]
    # 97 for the gin, doubled for the shutout, 100 game bonus, 25 line bonus: 319.
    assert rows == [["Hand", "Alice", "Computer", "1"], ["1", "97", "0"],
                    ["Bonus", "222", "0"], ["Total", "319", "0"]]
    assert len(content) <= 2000


async def test_play_again_opens_the_same_table_for_the_presser(
        sim: Sim, deals: ScriptedDeals) -> None:
    await win_in_one_hand(sim, deals)
    old = await sim.bot.storage.get_game(1)
    table = table_message(sim)
    stranger = await sim.chiara.click(table, label="Play again")
    assert answer(stranger) == "Only the players of this game can start a rematch."

    await sim.restart()  # the button lives on: it reads the stored game, not a running one
    table = table_message(sim)
    opened = await sim.alice.click(table, label="Play again")
    assert answer(opened) == (f"[A new table]({lobby_message(sim).jump_url}) is open with the "
                              "same seats and rules.")  # a link, not a raw address
    new = await sim.bot.storage.get_game(2)
    assert (new.status, new.host_id, new.place_id) == ("lobby", sim.alice.id, old.place_id)
    assert (new.game, new.preset, new.options, new.seats) == (
        old.game, old.preset, old.options, old.seats)
    lobby = lobby_message(sim)
    assert "Host: Alice" in lobby.content and "• Computer 1\n" in lobby.content
    assert "First to 50 points wins." in lobby.content  # the changed target came along
    assert "Alice wants a rematch" in lobby.content
    assert labels(lobby) == ["Leave", "Start", "Cancel game"]  # full: no Join

    busy = await sim.alice.click(table, label="Play again")
    assert answer(busy) == "A game is already open here."
    assert len(await sim.bot.storage.unfinished_games()) == 1
    started = await sim.alice.click(lobby, label="Start")
    assert answer(started) == "The game has started."
    assert (await sim.bot.storage.get_game(2)).status == "running"


def sheet_rows(content: str) -> list[list[str]]:
    """Return the score sheet's lines of a message, split in cells."""
    sheet = content[content.index("```"):]
    return [line.split() for line in sheet.strip("`\n").splitlines()]


async def test_a_rummy_500_game_ends_with_every_hand_on_the_sheet(
        sim: Sim, deals: ScriptedDeals) -> None:
    await set_turn_seconds(sim, 30)
    deals.queue("rummy500", seed=20261121)
    lobby = await open_table(sim, computer=True, game="rummy500")
    await sim.alice.click(lobby, label="Add computer")
    await sim.alice.slash(sim.channel, "rummy settings", option="target_score", value="150")
    await sim.alice.click(lobby, label="Start")
    for _ in range(300):  # Alice never plays: a computer takes her seat and they finish
        if any("wins the game" in line for line in texts(sim)):
            break
        await sim.env.advance_time(30)
    table = table_message(sim)
    assert labels(table) == ["Play again"]
    rows = sheet_rows(table.content)
    assert rows[0] == ["Hand", "Alice", "Computer", "1", "Computer", "2"]
    hands, total = rows[1:-1], rows[-1]
    results = await sim.bot.storage.results(1)
    assert total == ["Total", *(number(r.points) for r in results)]
    assert len(hands) >= 2 and [h[0] for h in hands] == [str(n) for n in range(1, len(hands) + 1)]
    for seat in range(3):  # every hand is listed: they add up to the totals
        assert sum(int(h[1 + seat].replace(MINUS, "-")) for h in hands) == results[seat].points
