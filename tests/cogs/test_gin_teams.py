"""Team gin on Discord: the lobby of two teams, the boards on one table, each his own hand,
refusals, a restart mid-hand and a whole team game played by computers."""

from __future__ import annotations

from typing import Any

from cogs.host import Runtime, ScriptedDeals
from engine.gin.teams import TeamGin
from tests.cogs.conftest import (
    custom_id,
    dm,
    hand_end_message,
    labels,
    lobby_message,
    open_table,
    png_of,
    script,
    set_turn_seconds,
    stale_click,
    table_message,
    texts,
)
from tests.cogs.test_lobby_partners import seated, swap
from tests.conftest import Sim
from tests.engine.gin.test_teams import BOARD0, BOARD1


async def open_teams(sim: Sim, size: str = "2", **rules: str) -> None:
    """Alice opens a gin table with teams of `size` (and these other rules)."""
    await open_table(sim)
    for option, value in {"team_size": size, **rules}.items():
        changed = await sim.alice.slash(sim.channel, "rummy settings", option=option,
                                        value=value)
        assert changed.response.content.startswith("Settings saved:\n• "), (
            changed.response.content)


async def seat_all(sim: Sim) -> None:
    for member in (sim.bruno, sim.chiara, sim.dario):
        assert (await member.click(lobby_message(sim), label="Join")).ephemeral


def running(sim: Sim) -> Runtime | None:
    runtimes = sim.bot.get_cog("Rummy").host.runtimes  # type: ignore[union-attr]
    return next(iter(runtimes.values()), None)


def game(sim: Sim) -> TeamGin:
    rt = running(sim)
    assert rt is not None and isinstance(rt.game, TeamGin)
    return rt.game


def log(sim: Sim) -> str:
    return "\n".join(texts(sim))


async def version(sim: Sim) -> int:
    return (await sim.bot.storage.get_game(1)).state_version


async def take_upcard(member: Any) -> None:
    hand = dm(member)
    await member.user.click(hand, label=next(x for x in labels(hand) if "Take upcard" in x))


async def knock(member: Any, card: str) -> None:
    hand = dm(member)
    await member.user.select(hand, [card], custom_id=custom_id(hand, ":knock"))


async def scripted_start(sim: Sim, deals: ScriptedDeals) -> None:
    """Start the engine tests' scripted 2 x 2 hand: Alice v Bruno, Chiara v Dario."""
    await set_turn_seconds(sim, 0)
    script(deals, BOARD0, BOARD1, dealer=1)
    await open_teams(sim)
    await seat_all(sim)
    await sim.alice.click(lobby_message(sim), label="Start")


async def test_the_lobby_has_two_teams_of_the_size_and_the_host_swaps_seats(sim: Sim) -> None:
    await open_teams(sim)
    text = lobby_message(sim).content
    assert "**Players (1/4)**" in text
    assert "Team 1: Alice + *free seat*" in text and "Team 2: *free seat* + *free seat*" in text
    assert "The table needs 4 players; the host can swap seats." in text
    assert "Teams of 2: each player plays his own hand against his opposite number" in text
    refused = await sim.alice.click(lobby_message(sim), label="Start")
    assert "at least 4 players" in (refused.followups[-1] if refused.followups
                                    else refused.response).content
    await seat_all(sim)
    assert "Team 1: Alice + Chiara" in lobby_message(sim).content
    assert await swap(sim, sim.alice, "Bruno", "Chiara") == "Bruno and Chiara have swapped seats."
    assert await seated(sim) == ["Alice", "Chiara", "Bruno", "Dario"]
    text = lobby_message(sim).content
    assert "Team 1: Alice + Bruno" in text and "Team 2: Chiara + Dario" in text
    await set_turn_seconds(sim, 0)
    await sim.alice.click(lobby_message(sim), label="Start")
    assert [list(g) for g in game(sim).sides] == [[0, 2], [1, 3]]
    assert sorted(s // 2 for s in game(sim).to_act()) == [0, 1]  # both boards play at once


async def test_a_smaller_team_after_the_seats_filled_refuses_the_start(sim: Sim) -> None:
    await open_teams(sim)
    await seat_all(sim)
    changed = await sim.alice.slash(sim.channel, "rummy settings", option="team_size",
                                    value="1")
    over = ("Too many players for these rules: at most 2. Before the start, 2 players have "
            "to leave.")
    assert changed.response.content == "Settings saved:\n• Team size: 2 → 1\n" + over
    refused = await sim.alice.click(lobby_message(sim), label="Start")
    answer = refused.followups[-1] if refused.followups else refused.response
    assert answer.content == over
    assert running(sim) is None


async def test_a_scripted_team_hand_end_to_end(sim: Sim, deals: ScriptedDeals) -> None:
    await scripted_start(sim, deals)
    table = table_message(sim)
    assert "Waiting for Alice, Chiara" in table.content
    assert ("The game has started! Alice and Chiara play first."
            in "\n".join(texts(sim)))
    assert "Board 1: Hand 1: Bruno deals." in log(sim)
    picture = await png_of(table, "teams_start.png")
    assert picture.width == 550
    assert "Waiting for Alice." in dm(sim.bruno).content  # his own board's player
    assert "Waiting for Chiara." in dm(sim.dario).content
    # Board 1: Alice takes the upcard K♦ and goes gin with 7♣ (25 + 31).
    await take_upcard(sim.alice)
    await knock(sim.alice, "7C")
    assert "Board 1: Alice went gin!" in log(sim)
    assert "Board 1: Hand 1 is over. Alice wins the hand and scores 56 points." in log(sim)
    assert "Waiting for Chiara" in table_message(sim).content
    assert dm(sim.alice).content.endswith(
        "Your hand is over — waiting for the other boards to finish.")
    assert not [x for x in labels(dm(sim.alice)) if x not in ("Sort by rank", "Sort by suit")]
    await png_of(table_message(sim), "teams_waiting.png")
    # Board 2: Chiara passes, Dario takes 8♦ and knocks 10♥: 8 against 10, Dario scores 2.
    await sim.chiara.user.click(dm(sim.chiara), label="Pass")
    await take_upcard(sim.dario)
    await knock(sim.dario, "10H")
    end = hand_end_message(sim)
    for line in ("Board 1: Alice wins the hand and scores 56 points.",
                 "Board 2: Dario wins the hand and scores 2 points.",
                 "Alice & Chiara win the hand by 54 points (56 to 2).",
                 "Alice & Chiara: total 54", "Bruno & Dario: total 0"):
        assert line in end.content, line
    await png_of(end, "teams_hand_end.png")
    assert "Hand 2" in table_message(sim).content or game(sim).hand_no == 2
    assert sorted(game(sim).to_act()) == [1, 3]  # Alice and Chiara deal hand 2
    assert any("Take upcard" in x for x in labels(dm(sim.bruno)))


async def test_a_move_on_another_board_or_a_stale_button_changes_nothing(
        sim: Sim, deals: ScriptedDeals) -> None:
    await scripted_start(sim, deals)
    take = custom_id(dm(sim.alice), "take_upcard")
    before = await version(sim)
    # Bruno presses Alice's button: his board waits for her, not for him.
    refused = await stale_click(sim, sim.bruno, take)
    assert refused.ephemeral and await version(sim) == before
    await take_upcard(sim.alice)
    await knock(sim.alice, "7C")
    before = await version(sim)
    refused = await stale_click(sim, sim.alice, take)  # her hand is over
    assert refused.ephemeral and await version(sim) == before
    assert "Waiting for Chiara" in table_message(sim).content


async def test_a_restart_mid_hand_keeps_each_board_where_it_was(
        sim: Sim, deals: ScriptedDeals) -> None:
    await scripted_start(sim, deals)
    await take_upcard(sim.alice)
    await knock(sim.alice, "7C")
    await sim.chiara.user.click(dm(sim.chiara), label="Pass")
    before = await version(sim)
    await sim.restart()
    assert game(sim).to_act() == [3] and game(sim).boards[0].ended
    await take_upcard(sim.dario)
    await knock(sim.dario, "10H")
    assert await version(sim) == before + 2
    assert "Alice & Chiara win the hand by 54 points (56 to 2)." in hand_end_message(sim).content


async def test_computers_finish_a_team_game_and_each_member_counts_the_win(
        sim: Sim, deals: ScriptedDeals) -> None:
    await set_turn_seconds(sim, 30)
    deals.queue("gin", seed=20261123, first_dealer=0)
    await open_teams(sim, target_score="40")
    await seat_all(sim)
    await sim.alice.click(lobby_message(sim), label="Start")
    for _ in range(600):  # everyone times out twice and the computers take over
        if running(sim) is None:
            break
        await sim.env.advance_time(30)
    assert running(sim) is None
    assert " win the game with " in log(sim)
    rows = await sim.bot.storage.leaderboard(sim.guild.id, "gin")
    assert sorted(r.name for r in rows) == ["Alice", "Bruno", "Chiara", "Dario"]
    winners = sorted(r.name for r in rows if r.wins)
    assert winners in (["Alice", "Chiara"], ["Bruno", "Dario"])
    assert f"{winners[0]} & {winners[1]} win the game with " in log(sim)


async def test_each_seat_keeps_its_own_clock_while_other_boards_play(
        sim: Sim, deals: ScriptedDeals) -> None:
    script(deals, BOARD0, BOARD1, dealer=1)
    await set_turn_seconds(sim, 30)
    await open_teams(sim)
    await seat_all(sim)
    await sim.alice.click(lobby_message(sim), label="Start")
    await sim.env.advance_time(20)
    await sim.chiara.user.click(dm(sim.chiara), label="Pass")  # board 2 moves on
    await sim.env.advance_time(11)  # Alice's 30 seconds ran from the start, not from Chiara's
    assert "Time's up: Board 1: Alice passed on the upcard." in log(sim)
    assert "Dario passed" not in log(sim)  # Dario's own 30 seconds began with Chiara's pass
    await sim.env.advance_time(20)
    assert "Time's up: Board 2: Dario passed on the upcard." in log(sim)


async def test_the_next_team_hand_gives_its_first_players_a_whole_turn(
        sim: Sim, deals: ScriptedDeals) -> None:
    script(deals, BOARD0, BOARD1, dealer=1)
    await set_turn_seconds(sim, 30)
    await open_teams(sim)
    await seat_all(sim)
    await sim.alice.click(lobby_message(sim), label="Start")
    await take_upcard(sim.alice)
    await knock(sim.alice, "7C")  # board 1 waits for board 2
    await sim.env.advance_time(10)
    await sim.chiara.user.click(dm(sim.chiara), label="Pass")
    await take_upcard(sim.dario)  # Dario's clock: 30 seconds from here
    await sim.env.advance_time(25)
    await knock(sim.dario, "10H")  # the team hand ends; Bruno and Dario open hand 2
    assert game(sim).hand_no == 2 and sorted(game(sim).to_act()) == [1, 3]
    await sim.env.advance_time(29)  # past Dario's last clock of hand 1, within the new one
    assert "Time's up" not in log(sim)
    await sim.env.advance_time(2)
    assert "Time's up: Board 1: Bruno passed on the upcard." in log(sim)
    assert "Time's up: Board 2: Dario passed on the upcard." in log(sim)
