"""Ratings through the real bot: the final table's line, /leaderboard by:rating, /stats, the
server setting for games with computers, in English and Italian."""

from __future__ import annotations

import discord
import pytest
import simcord

from bot.storage import PlayerRating, ResultRow, Skill
from bot.storage.ratings import MODEL, shown
from cogs.adapters import Deal
from cogs.host import ScriptedDeals
from cogs.ratings import board_rows
from cogs.registry import adapter_for
from engine.match import Scoreboard
from tests.cogs.conftest import (
    custom_id,
    deal,
    dm,
    lobby_message,
    open_table,
    play_pass,
    png_of,
    script,
    set_locale,
    set_turn_seconds,
    table_message,
)
from tests.cogs.test_game_end import win_in_one_hand
from tests.cogs.test_gin_teams import open_teams, running, seat_all
from tests.cogs.test_ramino_stats import alice_closes_at_once
from tests.cogs.test_results import drawn_leaderboards
from tests.conftest import Sim

MINUS = "\u2212"


async def alice_beats_bruno(sim: Sim, deals: ScriptedDeals, table_locale: str = "en") -> None:
    """Alice and Bruno play one hand of gin to 50 points: Alice knocks with gin and wins.

    The table speaks `table_locale` (its public messages); their hands stay in English.
    """
    script(deals, deal("AS 2S 3S 4H 5H 6H 7C 8C 9C 10C", "KS QH JD 9S 7D 5S 3H KH 2D 6C",
                upcard="4D", stock="JC"), dealer=1)
    lobby = await open_table(sim, sim.bruno)
    await sim.alice.slash(sim.channel, "rummy settings", option="target_score", value="50")
    record = await sim.bot.storage.get_game(1)
    await sim.bot.storage.update_lobby(1, options={**record.options, "locale": table_locale})
    await sim.alice.click(lobby, label="Start")
    await play_pass(sim.alice)
    await play_pass(sim.bruno)
    await sim.alice.user.click(dm(sim.alice), label="Draw from stock")
    hand = dm(sim.alice)
    await sim.alice.user.select(hand, ["JC"], custom_id=custom_id(hand, ":knock"))


def first_game() -> tuple[int, int]:
    """Return the winner's and the loser's rating after a first two-player game (openskill)."""
    [[won], [lost]] = MODEL.rate([[MODEL.rating()], [MODEL.rating()]], ranks=[1, 2])
    return shown(won.mu, won.sigma), shown(lost.mu, lost.sigma)


async def test_the_final_table_and_stats_tell_the_new_ratings(
        sim: Sim, deals: ScriptedDeals, monkeypatch: pytest.MonkeyPatch) -> None:
    await alice_beats_bruno(sim, deals)
    won, lost = first_game()
    assert (won, lost) == (1601, 1446)  # both provisional: "?"
    content = table_message(sim).content
    assert f"**Game over!**\nRatings: Alice {won}? (+{won - 1500}), Bruno {lost}? "\
           f"({MINUS}{1500 - lost}).\n**Score sheet**" in content
    stats = (await sim.bruno.slash(sim.channel, "stats", member=sim.alice)).response.content
    assert stats.splitlines()[2:] == ["**Ratings (? while provisional)**",
                                      f"Gin Rummy: {won}? (+{won - 1500} in the last game)"]
    set_locale(monkeypatch, sim.bruno.id, "it")
    mine = (await sim.bruno.slash(sim.channel, "stats")).response.content
    assert mine.splitlines()[2:] == [
        "**Punteggi in classifica (? finché provvisori)**",
        f"Gin Rummy: {lost}? ({MINUS}{1500 - lost} nell'ultima partita)"]


async def test_an_italian_table_tells_the_ratings_in_italian(
        sim: Sim, deals: ScriptedDeals) -> None:
    await alice_beats_bruno(sim, deals, table_locale="it")
    won, lost = first_game()
    assert (f"Punteggi in classifica: Alice {won}? (+{won - 1500}), Bruno {lost}? "
            f"({MINUS}{1500 - lost}).") in table_message(sim).content


async def record(sim: Sim, winner: simcord.MemberActor | None,
                 loser: simcord.MemberActor | None, level: str = "normal") -> None:
    """Store one finished gin game between two members (None: a computer of `level`)."""
    storage = sim.bot.storage
    game_id = await storage.create_game(guild_id=sim.guild.id, channel_id=sim.channel.id,
                                        game="gin", host_id=sim.alice.id)
    await storage.start_game(game_id, "{}")

    def row(seat: int, who: simcord.MemberActor | None, won: bool) -> ResultRow:
        if who is None:
            return ResultRow(seat, "Computer 1", None, True, 0, won, level=level)
        return ResultRow(seat, who.user.name, who.id, False, 100 if won else 0, won)

    await storage.record_results(game_id, [row(0, winner, True), row(1, loser, False)])


async def test_the_rating_leaderboard_lists_provisional_players_apart(
        sim: Sim, monkeypatch: pytest.MonkeyPatch) -> None:
    alice, bruno, chiara, dario = sim.alice, sim.bruno, sim.chiara, sim.dario
    for _ in range(10):  # Alice and the hard computer settle (σ ≤ 6.5); Alice wins most
        await record(sim, alice, None, "hard")
    await record(sim, None, alice, "hard")
    await record(sim, bruno, chiara)
    await record(sim, dario, bruno)
    shown_boards = drawn_leaderboards(sim, monkeypatch)
    board = await sim.chiara.slash(sim.channel, "leaderboard", game="gin")
    image = await png_of(board.response, "rating_leaderboard.png")
    assert image.width > 300
    spec = shown_boards[0]
    assert spec.columns == ["#", "Player", "Rating", "Games", "Win rate"]
    ladder = {p.player: p.skill for p in await sim.bot.storage.ladder(sim.guild.id, "gin")}
    a, hard = ladder[f"u:{alice.id}"], ladder["bot:hard"]
    assert not a.provisional and not hard.provisional and a.shown > hard.shown
    names = [row[1] for row in spec.rows]
    # The two settled first, numbered; then the provisional ones apart, marked "?".
    assert spec.rows[:2] == [["1", "Alice", str(a.shown), "11", "91%"],
                             ["2", "Computer (hard)", str(hard.shown), "11", "9%"]]
    assert names[2] == "Provisional (?)" and set(names[3:]) == {"Bruno", "Chiara", "Dario"}
    assert all(row[0] == "" and row[2].endswith("?") for row in spec.rows[3:])
    assert spec.highlight == names.index("Chiara")
    set_locale(monkeypatch, sim.dario.id, "it")
    await sim.dario.slash(sim.channel, "leaderboard", game="gin", by="rating")
    italian = shown_boards[1]
    assert italian.columns == ["#", "Giocatore", "Punteggio", "Partite", "% vinte"]
    assert [row[1] for row in italian.rows[:3]] == ["Alice", "Computer (difficile)",
                                                    "Provvisori (?)"]
    assert italian.highlight == [row[1] for row in italian.rows].index("Dario")


async def test_the_leaderboard_by_games_and_the_members_own_row_below_the_top_ten(
        sim: Sim, monkeypatch: pytest.MonkeyPatch) -> None:
    guests = [sim.guild.add_member(sim.env.create_user(f"Guest{i}")) for i in range(11)]
    for guest in guests:  # eleven guests each win once and lose once against Bruno
        await record(sim, guest, sim.bruno)
        await record(sim, sim.bruno, guest)
    await record(sim, sim.chiara, None)
    shown_boards = drawn_leaderboards(sim, monkeypatch)
    await sim.chiara.slash(sim.channel, "leaderboard", game="gin", by="games")
    spec = shown_boards[0]
    assert spec.rows[0][:4] == ["1", "Bruno", "11", "22"]
    # Ten rows, then Chiara's own (one game) below them, marked.
    assert len(spec.rows) == 11 and spec.rows[-1][1] == "Chiara" and spec.highlight == 10
    assert spec.rows[-1][0] == "13"


async def test_a_server_can_keep_games_with_computers_off_the_ladder(
        sim: Sim, deals: ScriptedDeals) -> None:
    managers = sim.guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    eva = sim.guild.add_member(sim.env.create_user("Eva"), roles=[managers])
    shown_settings = await eva.slash(sim.channel, "rummy server")
    assert "Games with computers count toward ratings" in shown_settings.response.content
    refused = await sim.bruno.slash(sim.channel, "rummy server", computer_games_rated=False)
    assert "Manage Server" in refused.response.content
    saved = await eva.slash(sim.channel, "rummy server", computer_games_rated=False)
    assert "Games with computers do not count toward ratings." in saved.response.content
    await win_in_one_hand(sim, deals)
    content = table_message(sim).content
    assert "**Game over!**\n**Score sheet**" in content and "Ratings" not in content
    assert await sim.bot.storage.ladder(sim.guild.id, "gin") == []
    board = await sim.alice.slash(sim.channel, "leaderboard", game="gin")
    assert board.ephemeral and board.response.content == "No rated games yet."


def test_ramino_places_seats_by_when_they_went_out() -> None:
    # Four seats: Bruno went out in hand 2 with the lowest total of those out; Chiara and
    # Dario in hand 3 (Dario's total lower); Alice stayed in and won.
    adapter = adapter_for("ramino")
    game = adapter.new_game(adapter.options("classic", {}), 4, Deal(seed=1))
    game.board = Scoreboard(totals=[90, 104, 130, 110],
                            hands=[[10, 40, 20, 30], [30, 64, 50, 40], [50, 0, 60, 40]],
                            eliminated={1, 2, 3})
    assert adapter.places(game) == {0: 1, 1: 4, 2: 3, 3: 2}
    # Points alone would have put Bruno second: the standings rank by total.
    assert {s: st.rank for st in game.standings() for s in st.seats}[1] == 2


async def test_a_ramino_game_is_rated_by_its_places(sim: Sim, deals: ScriptedDeals) -> None:
    # Everyone but Alice passes the limit of 4 in one hand: the lower total places better.
    await alice_closes_at_once(sim, deals, elimination_limit="4")
    results = await sim.bot.storage.results(1)
    assert [(r.name, r.points, r.place) for r in results] == [
        ("Alice", 0, 1), ("Bruno", -70, 4), ("Chiara", -5, 2), ("Dario", -9, 3)]
    r = MODEL.rating
    expected = MODEL.rate([[r()], [r()], [r()], [r()]], ranks=[1, 4, 2, 3])
    changes = await sim.bot.storage.game_ratings(1)
    assert [(c.after.mu, c.after.sigma) for c in changes] == [
        (team[0].mu, team[0].sigma) for team in expected]
    assert "Ratings: Alice " in table_message(sim).content


async def test_team_gin_rates_each_team_as_one(sim: Sim, deals: ScriptedDeals) -> None:
    # Alice & Chiara (seats 0 and 2) against Bruno & Dario, played out by the computers that
    # take over: the seats stay the people's, so the people are rated.
    await set_turn_seconds(sim, 30)
    deals.queue("gin", seed=20261123, first_dealer=0)
    await open_teams(sim, target_score="40")
    await seat_all(sim)
    await sim.alice.click(lobby_message(sim), label="Start")
    for _ in range(600):
        if running(sim) is None:
            break
        await sim.env.advance_time(30)
    results = await sim.bot.storage.results(1)
    assert [r.side for r in results] == [0, 1, 0, 1]
    first_won = results[0].won
    r = MODEL.rating
    [[a, c], [b, d]] = MODEL.rate([[r(), r()], [r(), r()]], ranks=[1, 2] if first_won else [2, 1])
    changes = await sim.bot.storage.game_ratings(1)
    assert [(x.after.mu, x.after.sigma) for x in changes] == [
        (p.mu, p.sigma) for p in (a, b, c, d)]
    assert changes[0].after == changes[2].after and changes[1].after == changes[3].after


def test_the_members_settled_row_follows_the_top_ten_before_the_provisional_ones() -> None:
    def rating(n: int, mu: float, games: int) -> PlayerRating:
        return PlayerRating("gin", f"u:{n}", n, f"P{n}", Skill(mu, 2.0, games, games // 2))

    ladder = [rating(n, 40 - n, 20) for n in range(12)] + [rating(99, 30, 2)]
    rows, mine = board_rows(ladder, "u:11", "en")
    assert [row[:2] for row in rows[9:]] == [["10", "P9"], ["12", "P11"],
                                             ["", "Provisional (?)"], ["", "P99"]]
    assert mine == 10 and rows[-1][2].endswith("?") and not rows[10][2].endswith("?")
