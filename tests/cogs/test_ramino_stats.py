"""Ramino's two scores in /stats and /leaderboard: the penalty game's lowest total and the
chips game's chips, each on a board of its own, played through the real bot.

tests/cogs/test_postgres_play.py runs the end-to-end test again on PostgreSQL.
"""

from __future__ import annotations

import pytest

from cogs.host import ScriptedDeals
from tests.bot.test_command_words import synced
from tests.cogs.conftest import dm, set_locale
from tests.cogs.test_ramino import ALICE, BRUNO, CHIARA, DARIO, UP, pick, start
from tests.cogs.test_ramino_play import TAKE_KS
from tests.cogs.test_results import drawn_leaderboards
from tests.conftest import Sim
from tests.engine.ramino.scripted import deck_order


async def alice_closes_at_once(sim: Sim, deals: ScriptedDeals, **rules: str) -> None:
    """Four players; Alice takes K♠ and closes on her first turn; Bruno is left 70 points,
    Chiara 5 and Dario 9 unmatched."""
    deals.queue("ramino", deck_order([ALICE, BRUNO, CHIARA, DARIO], UP, dealer=3),
                first_dealer=3)
    await start(sim, sim.bruno, sim.chiara, sim.dario, **rules)
    await sim.alice.user.click(dm(sim.alice), label=TAKE_KS)
    await pick(sim.alice, "close", "2C")


async def test_a_chips_game_and_a_penalty_game_each_count_on_their_own_board(
        sim: Sim, deals: ScriptedDeals, monkeypatch: pytest.MonkeyPatch) -> None:
    # The chips game: Alice's close wins a chip from each (+3); the others lose one each.
    await alice_closes_at_once(sim, deals, scoring="chips", chips_hands="1")
    # The penalty game: everyone else passes the limit of 4 and Alice alone stays in.
    await alice_closes_at_once(sim, deals, elimination_limit="4")
    assert [g.status for g in [await sim.bot.storage.get_game(i) for i in (1, 2)]] == [
        "finished", "finished"]

    alice = (await sim.bruno.slash(sim.channel, "stats", member=sim.alice)).response.content
    # Her +3 chips are not a "best total −3": the penalty game's lowest total is her 0.
    assert alice.splitlines()[1:3] == [
        "Ramino: 1 win in 1 game (100%), best total 0 (lowest wins)",
        "Ramino (chips): 1 win in 1 game (100%), net chips +3"]
    bruno = (await sim.bruno.slash(sim.channel, "stats")).response.content
    assert bruno.splitlines()[1:3] == [
        "Ramino: 0 wins in 1 game (0%), best total 70 (lowest wins)",
        "Ramino (chips): 0 wins in 1 game (0%), net chips \u22121"]

    shown = drawn_leaderboards(sim, monkeypatch)
    await sim.bruno.slash(sim.channel, "leaderboard", game="ramino", by="wins")
    await sim.bruno.slash(sim.channel, "leaderboard", game="ramino_chips", by="wins")
    penalty, chips = shown
    assert penalty.title == "Leaderboard: Ramino"
    assert penalty.columns == ["#", "Player", "Wins", "Games", "Win rate", "Best total"]
    # The penalty totals alone: the lower, the better (5, 9, then 70).
    assert penalty.rows == [["1", "Alice", "1", "1", "100%", "0"],
                            ["2", "Chiara", "0", "1", "0%", "5"],
                            ["3", "Dario", "0", "1", "0%", "9"],
                            ["4", "Bruno", "0", "1", "0%", "70"]]
    assert chips.title == "Leaderboard: Ramino (chips)"
    assert chips.columns == ["#", "Player", "Wins", "Games", "Win rate", "Net chips"]
    # The chips alone: the three who lost one each share second place.
    assert chips.rows == [["1", "Alice", "1", "1", "100%", "3"],
                          ["2", "Bruno", "0", "1", "0%", "\u22121"],
                          ["2", "Chiara", "0", "1", "0%", "\u22121"],
                          ["2", "Dario", "0", "1", "0%", "\u22121"]]
    assert chips.highlight == 1  # Bruno asked: his row is marked

    set_locale(monkeypatch, sim.chiara.id, "it")
    chiara = (await sim.chiara.slash(sim.channel, "stats")).response.content
    assert chiara.splitlines()[1:3] == [
        "Ramino: 0 vinte su 1 partita (0%), miglior totale 5 (vince il più basso)",
        "Ramino a gettoni: 0 vinte su 1 partita (0%), saldo gettoni \u22121"]
    await sim.chiara.slash(sim.channel, "leaderboard", game="ramino_chips", by="wins")
    assert shown[2].title == "Classifica: Ramino a gettoni"
    assert shown[2].columns[-1] == "Saldo gettoni"


async def test_the_leaderboard_offers_the_chips_game_after_ramino_in_both_languages(
        sim: Sim) -> None:
    commands = {c["name"]: c for c in synced(sim)}
    game, _ = commands["leaderboard"]["options"]
    assert [(c["value"], c["name"], c["name_localizations"]["it"]) for c in game["choices"]] == [
        ("gin", "Gin Rummy", "Gin Rummy"), ("rummy500", "Rummy 500", "Rummy 500"),
        ("ramino", "Ramino", "Ramino"), ("ramino_chips", "Ramino (chips)", "Ramino a gettoni"),
        ("ramino51", "Ramino 51", "Ramino 51"), ("canasta", "Canasta", "Canasta")]
    # A new table is of a game: the chips game is one of Ramino's rules there.
    new = next(o for o in commands["rummy"]["options"] if o["name"] == "new")
    kinds = next(o for o in new["options"] if o["name"] == "game")
    assert "ramino_chips" not in [c["value"] for c in kinds["choices"]]
