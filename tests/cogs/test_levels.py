"""Computer levels: `/rummy addbot level:` seats an easy, normal or hard computer, named so in
the lobby, that plays at its level (also after a restart)."""

from __future__ import annotations

import pytest
from simcord.backend.errors import OptionError

from bot.storage import GameRecord
from cogs.adapters import LEVELS
from cogs.host import ScriptedDeals
from cogs.registry import adapter_for, game_names
from engine.gin import GinGame
from tests.cogs.conftest import (
    BOT_DELAY,
    deal,
    lobby_message,
    open_table,
    play_pass,
    script,
    texts,
)
from tests.conftest import Sim

ALICE = "KS QH JD 9S 7D 5S 3H KH 8D 6C"
# The computer deals; Alice passes the upcard 6S. Taking it lowers the computer's deadwood at
# once, which is all the easy (greedy) player looks at; the normal player passes: the 6S makes
# no meld and the computer would rather see what the stock brings.
COMPUTER = "2H JH 3S 7H 6H 9D 2S AC 3D KC"


def seats(record: GameRecord) -> list[tuple[str, str | None]]:
    return [(s["name"], s.get("level")) for s in record.seats]


async def test_addbot_seats_a_computer_of_the_level_chosen(sim: Sim) -> None:
    await sim.alice.slash(sim.channel, "rummy new", game="rummy500")
    await sim.alice.slash(sim.channel, "rummy addbot", level="easy")
    await sim.alice.slash(sim.channel, "rummy addbot")  # normal when left out
    assert seats(await sim.bot.storage.get_game(1)) == [
        ("Alice", None), ("Computer 1 (easy)", "easy"), ("Computer 2", "normal")]
    content = lobby_message(sim).content
    assert "• Computer 1 (easy)\n" in content and "• Computer 2\n" in content


@pytest.mark.parametrize("game", ["gin", "rummy500", "ramino51", "canasta"])
async def test_a_hard_computer_is_seated_where_the_game_has_one(sim: Sim, game: str) -> None:
    await sim.alice.slash(sim.channel, "rummy new", game=game)
    hard = await sim.alice.slash(sim.channel, "rummy addbot", level="hard")
    assert hard.response.content == "A computer player joined the table."
    assert seats(await sim.bot.storage.get_game(1)) == [
        ("Alice", None), ("Computer 1 (hard)", "hard")]
    listed = "Partnership 2: Computer 1 (hard) +" if game == "canasta" else "• Computer 1 (hard)\n"
    assert listed in lobby_message(sim).content


async def test_a_game_without_a_hard_player_seats_a_normal_one_and_says_so(sim: Sim) -> None:
    await sim.alice.slash(sim.channel, "rummy new", game="ramino")
    hard = await sim.alice.slash(sim.channel, "rummy addbot", level="hard")
    assert hard.response.ephemeral and hard.response.content == (
        "This game has no hard computer player yet, so a normal one joined the table.")
    assert seats(await sim.bot.storage.get_game(1)) == [("Alice", None), ("Computer 1", "normal")]
    assert "• Computer 1\n" in lobby_message(sim).content


async def test_a_computer_is_named_with_its_level_in_the_table_s_language(sim: Sim) -> None:
    await sim.bot.storage.set_guild_settings(sim.guild.id, locale="it")
    await sim.alice.slash(sim.channel, "rummy new", game="rummy500")
    await sim.alice.slash(sim.channel, "rummy addbot", level="easy")
    await sim.alice.slash(sim.channel, "rummy addbot")
    names = [name for name, _ in seats(await sim.bot.storage.get_game(1))]
    assert names[1:] == ["Computer 1 (facile)", "Computer 2"]


async def test_a_hard_computer_is_named_in_italian(sim: Sim) -> None:
    await sim.bot.storage.set_guild_settings(sim.guild.id, locale="it")
    await sim.alice.slash(sim.channel, "rummy new", game="gin")
    await sim.alice.slash(sim.channel, "rummy addbot", level="hard")
    names = [name for name, _ in seats(await sim.bot.storage.get_game(1))]
    assert names[1:] == ["Computer 1 (difficile)"]


@pytest.mark.usefixtures("chiara_speaks_italian")
async def test_the_no_hard_player_answer_is_in_the_member_s_language(sim: Sim) -> None:
    await sim.chiara.slash(sim.channel, "rummy new", game="ramino")
    hard = await sim.chiara.slash(sim.channel, "rummy addbot", level="hard")
    assert hard.response.content == ("Questo gioco non ha ancora un giocatore computer "
                                     "difficile: si è seduto un computer di livello normale.")


async def test_only_the_three_levels_are_offered(sim: Sim) -> None:
    # Discord itself refuses a value that is not one of the command's choices.
    await sim.alice.slash(sim.channel, "rummy new", game="gin")
    with pytest.raises(OptionError, match="only allows \\['easy', 'normal', 'hard'\\]"):
        await sim.alice.slash(sim.channel, "rummy addbot", level="expert")
    assert seats(await sim.bot.storage.get_game(1)) == [("Alice", None)]


@pytest.mark.parametrize(("level", "line"), [
    ("easy", "Computer 1 (easy) took 6♠︎ from the discard pile."),
    ("normal", "Computer 1 passed on the upcard."),
])
async def test_the_computer_plays_at_its_level(sim: Sim, deals: ScriptedDeals, level: str,
                                              line: str) -> None:
    await seat_and_pass(sim, deals, level)
    assert line in await computer_lines(sim)


async def test_the_level_holds_after_a_restart(sim: Sim, deals: ScriptedDeals) -> None:
    await seat_and_pass(sim, deals, "easy")
    await sim.restart()
    assert "Computer 1 (easy) took 6♠︎ from the discard pile." in await computer_lines(sim)


async def computer_lines(sim: Sim) -> str:
    """Let the computer make its first move; return the channel's text once it is shown."""
    for _ in range(4):
        await sim.env.advance_time(BOT_DELAY)
        if "**Alice's turn**" in texts(sim)[-1]:
            break
    return "\n".join(texts(sim))


async def seat_and_pass(sim: Sim, deals: ScriptedDeals, level: str) -> None:
    """Alice seats a computer of `level` at gin, starts, and passes the upcard 6S."""
    script(deals, deal(ALICE, COMPUTER, upcard="6S", stock="JC QC 4D"), dealer=1)
    lobby = await open_table(sim)
    await sim.alice.slash(sim.channel, "rummy addbot", level=level)
    await sim.alice.click(lobby, label="Start")
    await play_pass(sim.alice)


def test_every_game_has_a_computer_player_for_every_level() -> None:
    for name in game_names():
        players = adapter_for(name).players
        assert set(players) == set(LEVELS), name
        assert players["easy"] is not players["normal"], name


def test_the_easy_gin_player_differs_where_the_test_position_says() -> None:
    # The position the level tests rely on: the two players really choose differently there.
    gin = adapter_for("gin")
    game = GinGame.create(gin.options("standard", {}), 2,
                          decks=[deal(ALICE, COMPUTER, "6S", "JC QC 4D")], first_dealer=1)
    game.apply(0, "pass")
    assert (gin.choose(game, 1, "easy"), gin.choose(game, 1, "normal")) == (
        "take_upcard", "pass")


def test_a_hard_gin_computer_plays_the_sampling_player() -> None:
    from engine.gin.ai_hard import choose_action_hard

    assert adapter_for("gin").players["hard"] is choose_action_hard


def test_hard_ramino51_and_canasta_computers_play_their_own_hard_players() -> None:
    from engine.canasta.ai_hard import hard_action
    from engine.ramino51.ai_hard import choose_action_hard

    assert adapter_for("ramino51").players["hard"] is choose_action_hard
    assert adapter_for("canasta").players["hard"] is hard_action
    assert adapter_for("ramino").seated_level("hard") == "normal"  # none of its own yet
