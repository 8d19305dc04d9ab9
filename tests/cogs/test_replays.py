"""`/rummy history` and the replay viewer through SimCord, in English and Italian: a finished
game is listed with a button to replay it; the viewer steps move by move and hand by hand in
one ephemeral message edited in place, shows the hand laid open at its end, sends the export
file, and refuses a game still running."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cogs.host import ScriptedDeals
from engine.replay import check_export, main, parse_export
from tests.cogs.conftest import (
    LOOSE_A,
    LOOSE_B,
    children,
    deal,
    labels,
    open_table,
    png_of,
    script,
    stale_click,
)
from tests.cogs.test_game_end import win_in_one_hand
from tests.cogs.test_lobby_host import answer
from tests.conftest import Sim

BUTTONS = ["⏮ Hand", "◀ Move", "Move ▶", "Hand ⏭", "End of hand", "Download"]
PULSANTI = ["⏮ Mano", "◀ Mossa", "Mossa ▶", "Mano ⏭", "Fine mano", "Scarica"]


def disabled(message: Any) -> list[str]:
    """Return the labels of the message's greyed-out buttons."""
    out = []
    for c in children(message):
        off = c.get("disabled") if isinstance(c, dict) else getattr(c, "disabled", False)
        if off:
            out.append(c.get("label") if isinstance(c, dict) else c.label)
    return out


async def test_history_lists_the_finished_game_and_its_viewer_steps_through_it(
        sim: Sim, deals: ScriptedDeals, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    await win_in_one_hand(sim, deals)
    moves = len(await sim.bot.storage.actions(1)) - 1

    listed = await sim.bruno.slash(sim.channel, "rummy history")
    text = answer(listed)
    assert text.startswith("**Last games in this server**\n`#1` <t:")
    assert "· **Gin Rummy** · Alice " in text and text.endswith("· Alice won")
    assert listed.response is not None and labels(listed.response) == ["Replay #1"]

    opened = await sim.bruno.click(listed.response, label="Replay #1")
    viewer = opened.response  # the answer "thinking" first, then the viewer in its place
    assert viewer is not None
    assert viewer.flags.ephemeral
    assert viewer.content == (f"**Replay of game 1** · Gin Rummy · hand 1 of 1 · move 0 of {moves}"
                              "\nHand 1: Computer 1 deals.\nAlice's turn")
    assert labels(viewer) == BUTTONS
    assert disabled(viewer) == ["⏮ Hand", "◀ Move", "Hand ⏭"]
    first = await png_of(viewer, "replay_start.png")
    assert viewer.attachments[0].filename == "table.png" and first.width >= 500

    await sim.restart()  # the viewer's place is in its buttons: it goes on after a restart
    stepped = await sim.bruno.click(viewer, label="Move ▶")
    shown = stepped.response
    assert shown is not None and shown.id == viewer.id  # the same message, edited
    assert f"· move 1 of {moves}\n" in shown.content
    assert "Alice" in shown.content.splitlines()[1]  # her first move, as the table told it

    ended = await sim.bruno.click(shown, label="End of hand")
    end = ended.response
    assert end is not None and end.id == viewer.id
    assert f"· move {moves} of {moves}\nEnd of hand 1: every hand face up." in end.content
    assert end.attachments[0].filename == "hand.png"
    await png_of(end, "replay_hand_end.png")
    assert disabled(end) == ["Move ▶", "Hand ⏭", "End of hand"]
    back = await sim.bruno.click(end, label="◀ Move")
    assert back.response is not None and f"move {moves - 1} of {moves}" in back.response.content

    sent = await sim.bruno.click(back.response, label="Download")
    assert sent.ephemeral and sent.response is not None
    assert sent.response.content.startswith("The whole game as a text file: `python -m engine")
    assert sent.response.attachments[0].filename == "rummy-game-1.txt"
    data = (await sent.response.attachments[0].read()).decode()
    export = parse_export(data)
    assert export.names == ("Alice", "Computer 1")
    assert "seat 1: Computer 1 [computer]" in data.splitlines()
    assert len(export.moves) == moves and check_export(export).moves == moves
    path = tmp_path / "rummy-game-1.txt"
    path.write_text(data, encoding="utf-8")
    assert main([str(path)]) == 0
    assert capsys.readouterr().out.startswith("hand 1: Alice ")


async def test_history_and_the_viewer_speak_italian(
        sim: Sim, deals: ScriptedDeals, chiara_speaks_italian: None) -> None:
    await win_in_one_hand(sim, deals)
    listed = await sim.chiara.slash(sim.channel, "rummy history")
    text = answer(listed)
    assert text.startswith("**Ultime partite in questo server**\n`#1` <t:")
    assert text.endswith("· ha vinto Alice")
    assert listed.response is not None and labels(listed.response) == ["Rivedi #1"]
    opened = await sim.chiara.click(listed.response, label="Rivedi #1")
    viewer = opened.response  # the answer "thinking" first, then the viewer in its place
    assert viewer is not None
    assert viewer.content == ("**Rivedi la partita 1** · Gin Rummy · mano 1 di 1 · mossa 0 di 5"
                              "\nMano 1: Computer 1 distribuisce le carte.\nTurno di Alice")
    assert labels(viewer) == PULSANTI
    ended = await sim.chiara.click(viewer, label="Fine mano")
    assert ended.response is not None
    assert "\nFine della mano 1: tutte le carte scoperte." in ended.response.content

    mine = await sim.chiara.slash(sim.channel, "rummy history", member=sim.chiara)
    assert answer(mine) == "Chiara non ha ancora finito una partita in questo server."
    alices = await sim.bruno.slash(sim.channel, "rummy history", member=sim.alice)
    assert answer(alices).startswith("**Last games of Alice**\n`#1` ")


async def test_a_game_still_running_has_no_replay_in_either_language(
        sim: Sim, deals: ScriptedDeals, chiara_speaks_italian: None) -> None:
    empty = await sim.alice.slash(sim.channel, "rummy history")
    assert answer(empty) == "No game has been finished in this server yet."
    script(deals, deal(LOOSE_A, LOOSE_B, upcard="5C"), dealer=1)
    lobby = await open_table(sim, sim.chiara)
    await sim.alice.click(lobby, label="Start")
    refused = await sim.alice.slash(sim.channel, "rummy replay", game=1)
    assert answer(refused) == (
        "This game is still being played: its replay opens once it has ended.")
    rifiutato = await sim.chiara.slash(sim.channel, "rummy replay", game=1)
    assert answer(rifiutato) == (
        "Questa partita è ancora in corso: potrai rivederla quando sarà finita.")
    unknown = await sim.alice.slash(sim.channel, "rummy replay", game=9)
    assert answer(unknown) == "No game number 9 was played in this server."
    # A viewer's button of a running game, shown on a public message, does nothing there.
    forged = await stale_click(sim, sim.alice, "rm:1:view:3:next")
    assert answer(forged) == "That move is no longer available."
