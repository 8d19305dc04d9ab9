"""Results after a finished game: /leaderboard as a picture, /stats, and /rummy abandon."""

from __future__ import annotations

import sys

import pytest

from bot.i18n import t
from bot.storage import LeaderboardRow, ResultRow
from card_images import LeaderboardSpec, render_leaderboard
from cogs.host import ScriptedDeals
from cogs.rummy import places
from tests.cogs.conftest import (
    cancel_game,
    custom_id,
    deal,
    dm,
    labels,
    open_table,
    play_pass,
    png_of,
    script,
    table_message,
    texts,
)
from tests.conftest import Sim


def drawn_leaderboards(sim: Sim, monkeypatch: pytest.MonkeyPatch) -> list[LeaderboardSpec]:
    """Return the list the leaderboard pictures' specs are added to as the cog draws them."""
    shown: list[LeaderboardSpec] = []

    def render(spec: LeaderboardSpec) -> bytes:
        shown.append(spec)
        return render_leaderboard(spec)

    # The extension's own module object (discord.py loads extensions as fresh modules).
    cog_module = sys.modules[type(sim.bot.get_cog("Rummy")).__module__]
    monkeypatch.setattr(cog_module, "render_leaderboard", render)
    return shown

async def test_leaderboard_and_stats_after_a_one_hand_game(sim: Sim, deals: ScriptedDeals) -> None:
    script(deals, deal("AS 2S 3S 4H 5H 6H 7C 8C 9C 10C", "KS QH JD 9S 7D 5S 3H KH 2D 6C",
                upcard="4D", stock="JC"), dealer=1)
    lobby = await open_table(sim, sim.bruno)
    await sim.alice.slash(sim.channel, "rummy settings", option="target_score", value="50")
    await sim.alice.click(lobby, label="Start")
    await play_pass(sim.alice)
    await play_pass(sim.bruno)
    await sim.alice.user.click(dm(sim.alice), label="Draw from stock")
    msg = dm(sim.alice)
    await sim.alice.user.select(msg, ["JC"], custom_id=custom_id(msg, ":knock"))
    joined = "\n".join(texts(sim))
    # 97 for the gin, 100 game bonus, 25 line bonus, doubled hand points for the shutout.
    assert "Alice: 319 points" in joined and "Bruno: 0 points" in joined
    assert "Alice wins the game with 319 points!" in joined
    assert "Alice wins the game with 319 points!" in table_message(sim).content
    board = await sim.bruno.slash(sim.channel, "leaderboard", game="gin")
    image = await png_of(board.response, "leaderboard.png")
    assert image.width > 200
    stats = await sim.bruno.slash(sim.channel, "stats", member=sim.alice)
    assert "Gin Rummy: 1 win in 1 game (100%), points 319" in stats.response.content


async def test_the_host_abandons_a_running_game(sim: Sim, deals: ScriptedDeals) -> None:
    script(deals, deal("KS QH JD 9S 7D 5S 3H KH 8D 6C", "AS 3S 6H 8H 10C QC 2D 4D 9D JS",
                upcard="5C"), dealer=1)
    lobby = await open_table(sim, sim.bruno)
    await sim.alice.click(lobby, label="Start")
    refused = await sim.bruno.slash(sim.channel, "rummy abandon")
    assert refused.ephemeral and "Only the host" in refused.response.content
    await cancel_game(sim, sim.alice)
    assert (await sim.bot.storage.get_game(1)).status == "abandoned"
    assert "Alice cancelled the game." in "\n".join(texts(sim))
    hand = dm(sim.alice)
    assert labels(hand) == [] and hand.content == t("hand.cancelled", "en")


async def test_the_leaderboard_writes_a_negative_total_with_the_minus_sign(
        sim: Sim, monkeypatch: pytest.MonkeyPatch) -> None:
    storage = sim.bot.storage
    game = await storage.create_game(guild_id=sim.guild.id, channel_id=sim.channel.id,
                                     game="rummy500", host_id=sim.alice.id)
    await storage.start_game(game, "{}")
    await storage.record_results(game, [
        ResultRow(seat=0, name="Alice", user_id=sim.alice.id, is_bot=False, points=510, won=True),
        ResultRow(seat=1, name="Bruno", user_id=sim.bruno.id, is_bot=False, points=-35,
                  won=False)])
    shown = drawn_leaderboards(sim, monkeypatch)
    board = await sim.bruno.slash(sim.channel, "leaderboard", game="rummy500", by="wins")
    assert board.response.attachments, board.response.content
    assert [row[-1] for row in shown[0].rows] == ["510", "\u221235"]
    assert shown[0].columns[:2] == ["#", "Player"] and shown[0].name_column == 1
    assert [row[:2] for row in shown[0].rows] == [["1", "Alice"], ["2", "Bruno"]]


def test_players_equal_on_wins_rate_and_points_share_their_place() -> None:
    def row(name: str, wins: int, rate: float, points: int) -> LeaderboardRow:
        return LeaderboardRow(user_id=len(name), name=name, games=4, wins=wins,
                              win_rate=rate, points=points)

    rows = [row("Ann", 3, 0.75, 900), row("Bea", 2, 0.5, 400), row("Cid", 2, 0.5, 400),
            row("Dan", 2, 0.5, 350)]
    assert places(rows) == [1, 2, 2, 4]


async def record(sim: Sim, game: str, *rows: tuple[str, int, bool]) -> None:
    """Store a finished game of `game` with these (member name, points, won) results."""
    storage, members = sim.bot.storage, {m.user.name: m for m in sim.members}
    game_id = await storage.create_game(guild_id=sim.guild.id, channel_id=sim.channel.id,
                                        game=game, host_id=sim.alice.id)
    await storage.start_game(game_id, "{}")
    await storage.record_results(game_id, [
        ResultRow(seat=i, name=name, user_id=members[name].id, is_bot=False, points=points,
                  won=won) for i, (name, points, won) in enumerate(rows)])


async def test_stats_and_the_leaderboard_speak_each_games_score(
        sim: Sim, monkeypatch: pytest.MonkeyPatch) -> None:
    # Ramino keeps a penalty total (stored negated: higher is better on the board).
    await record(sim, "ramino", ("Alice", 0, True), ("Bruno", -33, False), ("Chiara", -10, False))
    await record(sim, "ramino", ("Alice", -120, False), ("Bruno", -40, False),
                 ("Chiara", -100, False))
    await record(sim, "canasta", ("Alice", 5035, True), ("Bruno", 3240, False))
    await record(sim, "canasta", ("Alice", 1200, False), ("Bruno", 5100, True))
    stats = (await sim.alice.slash(sim.channel, "stats", member=sim.bruno)).response.content
    assert stats.splitlines()[1:3] == [
        "Canasta: 1 win in 2 games (50%), points 8,340",
        "Ramino: 0 wins in 2 games (0%), best total 33 (lowest wins)"]
    assert "−33" not in stats
    shown = drawn_leaderboards(sim, monkeypatch)
    await sim.bruno.slash(sim.channel, "leaderboard", game="ramino", by="wins")
    assert shown[0].columns == ["#", "Player", "Wins", "Games", "Win rate", "Best total"]
    # Alice won a game: she is above the others, whose totals were lower; between them
    # the lower total ranks first (Chiara's 10), not the smaller sum of totals (Bruno's 73).
    assert shown[0].rows == [["1", "Alice", "1", "2", "50%", "0"],
                             ["2", "Chiara", "0", "2", "0%", "10"],
                             ["3", "Bruno", "0", "2", "0%", "33"]]
    await sim.bruno.slash(sim.channel, "leaderboard", game="canasta", by="wins")
    assert shown[1].columns[-1] == "Points"
    assert [row[1:] for row in shown[1].rows] == [["Bruno", "1", "2", "50%", "8,340"],
                                                  ["Alice", "1", "2", "50%", "6,235"]]
