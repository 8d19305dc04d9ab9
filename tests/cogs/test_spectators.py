"""Spectators on Discord: Watch on the table, and a hand shown to one named member."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
import simcord

from cogs.host import ScriptedDeals
from tests.cogs.conftest import (
    ALICE_GIN,
    cancel_game,
    custom_id,
    deal,
    dm,
    labels,
    lobby_message,
    open_table,
    png_of,
    script,
    set_locale,
    stale_click,
    table_message,
)
from tests.conftest import Sim

BRUNO_LOOSE = "KS QH JD 9S 7D 5S 3H KH 2D 6C"


async def start_gin(sim: Sim, deals: ScriptedDeals) -> None:
    """Alice and Bruno start gin: Alice holds ALICE_GIN, Bruno BRUNO_LOOSE."""
    script(deals, deal(ALICE_GIN, BRUNO_LOOSE, upcard="4D", stock="JC"), dealer=1)
    lobby = await open_table(sim, sim.bruno)
    await sim.alice.click(lobby, label="Start")


async def watch(member: simcord.MemberActor, sim: Sim) -> simcord.InteractionResult:
    """The member presses Watch on the table; the answer must be ephemeral."""
    answer = await member.click(table_message(sim), label=_watch_label(sim))
    assert answer.ephemeral, answer.response
    return answer


def _watch_label(sim: Sim) -> str:
    found = [x for x in labels(table_message(sim)) if x in ("Watch", "Guarda")]
    assert len(found) == 1, labels(table_message(sim))
    return found[0]


def files(answer: simcord.InteractionResult) -> list[str]:
    """Return the attachment names of an answer."""
    return [a.filename for a in answer.response.attachments]


async def choose_member(player: simcord.MemberActor, answer: simcord.InteractionResult,
                        member: Any) -> simcord.InteractionResult:
    """The player chooses `member` in his Watch answer's select."""
    message = answer.response
    return await player.select(message, [member], custom_id=custom_id(message, ":show"))


async def test_a_spectator_watches_the_table_ephemerally(sim: Sim, deals: ScriptedDeals) -> None:
    await start_gin(sim, deals)
    table = table_message(sim)
    assert labels(table)[:2] == ["My hand", "Watch"]
    answer = await watch(sim.dario, sim)
    assert files(answer) == ["table.png"]
    image = await png_of(answer.response, "watch_table.png")
    assert image.width >= 400
    content = answer.response.content
    # The same log and turn as the table, and no control: Dario does not play.
    assert content == table.content
    assert labels(answer.response) == []
    # Nothing of either hand in what he sees.
    for card in ("A♠", "10♣", "K♠", "6♣"):
        assert card not in content


async def test_a_player_lets_one_member_see_the_hand(sim: Sim, deals: ScriptedDeals) -> None:
    await start_gin(sim, deals)
    own = await watch(sim.alice, sim)
    assert "You may let one member who does not play at this table see your hand" in (
        own.response.content)
    assert "Stop showing my hand" not in labels(own.response)
    chosen = await choose_member(sim.alice, own, sim.dario)
    assert chosen.ephemeral
    dario = "Dario"
    assert chosen.response.content.startswith("Done: ")
    table = table_message(sim)
    assert f"{dario} may now see Alice's hand." in table.content

    seen = await watch(sim.dario, sim)
    assert files(seen) == ["table.png", "hand0.png"]
    await png_of(seen.response, "watch_with_hand.png")
    assert "Alice lets you see the hand below." in seen.response.content
    assert labels(seen.response) == []
    # Chiara, not named, still sees the table alone; Bruno too.
    assert files(await watch(sim.chiara, sim)) == ["table.png"]
    assert files(await watch(sim.bruno, sim)) == ["table.png"]

    # Alice takes it back: Dario sees the table alone again.
    again = await watch(sim.alice, sim)
    assert f"{dario} can see your hand." in again.response.content
    stopped = await sim.alice.click(again.response, label="Stop showing my hand")
    assert stopped.ephemeral and stopped.response.content.startswith("Done: ")
    assert f"{dario} may no longer see Alice's hand." in table_message(sim).content
    assert files(await watch(sim.dario, sim)) == ["table.png"]


async def test_choosing_oneself_or_a_seated_player_is_refused(
        sim: Sim, deals: ScriptedDeals) -> None:
    await start_gin(sim, deals)
    before = table_message(sim).content
    own = await watch(sim.alice, sim)
    myself = await choose_member(sim.alice, own, sim.alice)
    assert myself.ephemeral
    assert myself.response.content == (
        "You see your own hand already: choose a member who does not play here.")
    opponent = await choose_member(sim.alice, own, sim.bruno)
    assert opponent.ephemeral and opponent.response.content.endswith(
        "plays at this table: only a member who does not play here may see your hand.")
    # Nothing changed: no announcement, and Bruno's Watch shows the table alone.
    assert table_message(sim).content == before
    assert files(await watch(sim.bruno, sim)) == ["table.png"]


async def test_the_same_member_twice_is_refused_and_another_replaces_him(
        sim: Sim, deals: ScriptedDeals) -> None:
    await start_gin(sim, deals)
    own = await watch(sim.alice, sim)
    await choose_member(sim.alice, own, sim.dario)
    twice = await choose_member(sim.alice, own, sim.dario)
    assert twice.response.content.endswith("can already see your hand.")
    await choose_member(sim.alice, own, sim.chiara)
    content = table_message(sim).content
    assert "Dario may no longer see Alice's hand." in content
    assert "Chiara may now see Alice's hand." in content
    assert files(await watch(sim.dario, sim)) == ["table.png"]
    assert files(await watch(sim.chiara, sim)) == ["table.png", "hand0.png"]
    # Two Watch answers offer "Stop showing": the second one pressed finds nobody to stop.
    first, second = await watch(sim.alice, sim), await watch(sim.alice, sim)
    await sim.alice.click(first.response, label="Stop showing my hand")
    nobody = await sim.alice.click(second.response, label="Stop showing my hand")
    assert nobody.ephemeral and nobody.response.content == "Nobody sees your hand now."


async def test_the_choice_survives_a_restart(sim: Sim, deals: ScriptedDeals) -> None:
    await start_gin(sim, deals)
    own = await watch(sim.alice, sim)
    await choose_member(sim.alice, own, sim.dario)
    await sim.restart()
    assert files(await watch(sim.dario, sim)) == ["table.png", "hand0.png"]
    again = await watch(sim.alice, sim)
    assert "Dario can see your hand." in again.response.content
    await sim.alice.click(again.response, label="Stop showing my hand")
    await sim.restart()
    assert files(await watch(sim.dario, sim)) == ["table.png"]


async def test_watching_a_cancelled_game_or_a_stale_select_is_refused(
        sim: Sim, deals: ScriptedDeals) -> None:
    await start_gin(sim, deals)
    gid = await game_id(sim)
    own = await watch(sim.alice, sim)
    await cancel_game(sim, sim.alice)
    assert "Watch" not in labels(table_message(sim))
    late = await stale_click(sim, sim.dario, f"rm:{gid}:watch")
    assert late.ephemeral
    assert late.response.content == "This game has ended: there is nothing left to watch."
    stale = await choose_member(sim.alice, own, sim.dario)
    assert stale.ephemeral and stale.response.content == "This game is over."


async def test_watching_a_finished_game_is_refused(sim: Sim, deals: ScriptedDeals) -> None:
    # Alice goes gin in both hands (97 points, then more): the game ends after hand 2.
    hand2 = deal(BRUNO_LOOSE, ALICE_GIN, upcard="4S", stock="JC")
    script(deals, deal(ALICE_GIN, BRUNO_LOOSE, upcard="4D", stock="JC"), hand2, dealer=1)
    await sim.alice.click(await open_table(sim, sim.bruno), label="Start")
    gid = await game_id(sim)
    await choose_member(sim.alice, await watch(sim.alice, sim), sim.dario)
    await sim.alice.user.click(dm(sim.alice), label="Pass")
    await sim.bruno.user.click(dm(sim.bruno), label="Pass")
    await sim.alice.user.click(dm(sim.alice), label="Draw from stock")
    await sim.alice.user.select(dm(sim.alice), ["JC"], custom_id=custom_id(dm(sim.alice),
                                                                           ":knock"))
    await sim.bruno.user.click(dm(sim.bruno), label="Pass")
    take = next(x for x in labels(dm(sim.alice)) if "Take upcard" in x)
    await sim.alice.user.click(dm(sim.alice), label=take)
    await sim.alice.user.select(dm(sim.alice), ["AS"], custom_id=custom_id(dm(sim.alice),
                                                                           ":knock"))
    assert "Game over!" in table_message(sim).content
    assert "Watch" not in labels(table_message(sim))
    late = await stale_click(sim, sim.dario, f"rm:{gid}:watch")
    assert late.ephemeral
    assert late.response.content == "This game has ended: there is nothing left to watch."

async def test_watch_answers_in_the_members_language(
        sim: Sim, deals: ScriptedDeals, monkeypatch: pytest.MonkeyPatch) -> None:
    set_locale(monkeypatch, sim.dario.id, "it")
    set_locale(monkeypatch, sim.alice.id, "it")
    await start_gin(sim, deals)
    table = table_message(sim)
    own = await watch(sim.alice, sim)
    assert "Puoi far vedere la tua mano a una persona che non gioca a questo tavolo" in (
        own.response.content)
    myself = await choose_member(sim.alice, own, sim.alice)
    assert myself.response.content == (
        "La tua mano la vedi già: scegli una persona che non gioca qui.")
    chosen = await choose_member(sim.alice, own, sim.dario)
    assert chosen.response.content == (
        "Fatto: Dario vede la tua mano con il pulsante Guarda del tavolo.")
    # The table speaks the server's language (English here); Dario's answer his own.
    assert "Dario may now see Alice's hand." in table_message(sim).content
    seen = await watch(sim.dario, sim)
    assert "Alice ti fa vedere la mano qui sotto." in seen.response.content
    assert files(seen) == ["table.png", "hand0.png"]
    assert table.content != seen.response.content


async def game_id(sim: Sim) -> int:
    """Return the id of the channel's game."""
    found = custom_id(table_message(sim), ":hand")
    return int(found.split(":")[1])



# (game, preset, rule changes, with a computer): every game; Alice, Bruno (and Chiara and a
# computer for team gin) play, Dario watches.
EVERY_GAME = [("gin", None, {}, False), ("gin", "mahjong", {}, False),
              ("gin", None, {"team_size": "2"}, True), ("rummy500", None, {}, False),
              ("ramino", None, {}, False), ("ramino51", None, {}, False),
              ("canasta", None, {}, False)]


@pytest.mark.parametrize(("game", "preset", "rules", "computer"), EVERY_GAME,
                         ids=["gin", "mahjong", "team-gin", "rummy500", "ramino", "ramino51",
                              "canasta"])
async def test_every_game_is_watched_and_shows_one_hand_to_the_named_member(
        sim: Sim, game: str, preset: str | None, rules: dict[str, str],
        computer: bool) -> None:
    others = (sim.bruno, sim.chiara) if computer else (sim.bruno,)
    lobby = await open_table(sim, preset=preset, game=game)
    for option, value in rules.items():
        await sim.alice.slash(sim.channel, "rummy settings", option=option, value=value)
    for member in others:
        await member.click(lobby_message(sim), label="Join")
    if computer:
        await sim.alice.click(lobby_message(sim), label="Add computer")
    await sim.alice.click(lobby, label="Start")
    assert "Watch" in labels(table_message(sim))
    spectator = await watch(sim.dario, sim)
    assert files(spectator) == ["table.png"]
    await png_of(spectator.response, f"watch_{game}_{preset or ''}.png")
    await choose_member(sim.alice, await watch(sim.alice, sim), sim.dario)
    named = await watch(sim.dario, sim)
    assert files(named) == ["table.png", "hand0.png"]
    assert "Dario may now see Alice's hand." in named.response.content
    assert "Alice lets you see the hand below." in named.response.content
    hand = await png_of(SimpleNamespace(attachments=named.response.attachments[1:]),
                        f"watch_{game}_{preset or ''}_hand.png")
    assert hand.width > 200
    assert files(await watch(sim.bruno, sim)) == ["table.png"]
