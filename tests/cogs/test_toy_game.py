"""A game the bot has never heard of plugs in through the registry alone and plays on Discord.

The three-card toy (tests/toy/) is an engine on the shared base and an adapter on the shared
adapter base, which brings the toy's own catalogue (en and it, scoped `toy.…`). This test adds
it to the registry, as a new game's one registry line would, and plays it through SimCord:
nothing in the host, the views, the slash commands, the error tables or the shared catalogues
knows it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import cogs.registry
from bot.i18n import games_with_words, t
from bot.locales import en, it
from cogs.adapters.base import preset_label, rules_line
from cogs.errors import rules_text
from cogs.host import ScriptedDeals
from cogs.meta import about_text
from tests.cogs.conftest import (
    custom_id,
    dm,
    hand_end_message,
    labels,
    lobby_message,
    set_locale,
    table_message,
    texts,
)
from tests.conftest import Sim
from tests.toy.adapter import TOY, WORDS
from tests.toy.engine import RunsOff

LOCALES = Path(__file__).resolve().parents[2] / "bot" / "locales"

# Alice (seat 0) holds 7S 7H 2C, Bruno KS QH 4D; Alice then draws 7D.
DECK = ["7S", "7H", "2C", "KS", "QH", "4D", "7D", "9C", "5H", "3S", "8D"]


@pytest.fixture
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """Host the toy: one more registry entry (its words come with its adapter)."""
    monkeypatch.setattr(cogs.registry, "GAMES", (*cogs.registry.GAMES, TOY))


def test_the_toys_words_are_in_its_own_catalogue_and_in_no_shared_one() -> None:
    assert "toy" in games_with_words()
    shared_forms = {"game.toy", "preset.sets_only", "preset.toy.sets_only", "option.out_bonus",
                    "option.out_bonus.help", "option.runs", "option.runs.help",
                    "error.toy_runs_off", *WORDS["en"]}
    for catalogue in (en.MESSAGES, it.MESSAGES):
        assert sorted(shared_forms & set(catalogue)) == []
    sources = "".join(path.read_text(encoding="utf-8") for path in LOCALES.glob("*.py"))
    assert [words[key] for words in WORDS.values() for key in ("toy.game", "toy.error.toy_runs_off")
            if words[key] in sources] == []  # its name and its refusal, in either language


@pytest.mark.parametrize(("locale", "name", "preset", "rules", "refusal"), [
    ("en", "Three-card toy", "Sets only",
     "Rules: Sets only, changed: Bonus for going out 15, Runs on",
     "At this table only a set goes out, not a run."),
    ("it", "Giochino a tre carte", "Solo tris",
     "Regole: Solo tris, con modifiche: Bonus di chiusura 15, Scale sì",
     "A questo tavolo si chiude solo con un tris, non con una scala."),
])
def test_the_shared_conventions_find_the_toys_words_in_both_languages(
        locale: str, name: str, preset: str, rules: str, refusal: str) -> None:
    assert t("game.toy", locale) == name
    assert preset_label("toy", "sets_only", locale) == preset
    assert preset_label("toy", "standard", locale) == t("preset.standard", locale)  # shared
    assert rules_line(TOY, "sets_only", {"out_bonus": 15, "runs": True}, locale) == rules
    assert rules_text(RunsOff("only sets go out here"), locale) == refusal


def test_about_names_the_toy_only_while_it_is_hosted(monkeypatch: pytest.MonkeyPatch) -> None:
    assert "Three-card toy" not in about_text(1)  # its words registered, the game not hosted
    monkeypatch.setattr(cogs.registry, "GAMES", (*cogs.registry.GAMES, TOY))
    assert about_text(1).count("Three-card toy") == 1
    assert "Giochino a tre carte" in about_text(1, "it")


async def test_the_toy_plays_one_hand_through_the_registry(
        toy_registered: None, sim: Sim, deals: ScriptedDeals) -> None:
    deals.queue("toy", DECK)
    opened = await sim.alice.slash(sim.channel, "rummy new", game="toy")
    assert opened.ephemeral
    lobby = lobby_message(sim)
    assert "Three-card toy" in lobby.content
    await sim.bruno.click(lobby, label="Join")
    changed = await sim.alice.slash(sim.channel, "rummy settings", option="out_bonus",
                                    value="15")
    assert changed.ephemeral
    assert "Rules: Standard, changed: Bonus for going out 15\n" in lobby_message(sim).content
    wrong = await sim.alice.slash(sim.channel, "rummy settings", option="runs", value="maybe")
    assert wrong.ephemeral and "maybe" in wrong.response.content

    await sim.alice.click(lobby_message(sim), label="Start")
    assert "Draw" in labels(dm(sim.alice)) and "Draw" not in labels(dm(sim.bruno))
    await sim.alice.user.click(dm(sim.alice), label="Draw")
    public_before_end = "\n".join(texts(sim))
    for hidden in ("KS", "QH", "4D", "7D", "K♠", "Q♥", "4♦", "7♦"):
        assert hidden not in public_before_end

    msg = dm(sim.alice)
    await sim.alice.user.select(msg, ["2C"], custom_id=custom_id(msg, ":out"))
    joined = "\n".join(texts(sim))
    assert "Alice discarded 2C." in joined and "Alice wins." in joined
    assert "Alice: -6" in joined and "Bruno: -24" in joined
    assert hand_end_message(sim).attachments
    record = await sim.bot.storage.get_game(1)
    assert (record.game, record.status) == ("toy", "finished")
    rows = await sim.bot.storage.leaderboard(sim.guild.id, "toy")
    assert [(r.name, r.wins, r.points) for r in rows] == [("Alice", 1, -6), ("Bruno", 0, -24)]
    # The shared game end serves it too: "Play again" opens the same table for the presser.
    table = table_message(sim)
    assert labels(table) == ["Play again"] and "```" not in table.content  # no hands to list
    again = await sim.bruno.click(table, label="Play again")
    assert again.ephemeral
    new = await sim.bot.storage.get_game(2)
    assert (new.game, new.status, new.host_id) == ("toy", "lobby", sim.bruno.id)
    assert (new.options, new.seats) == (record.options, record.seats)


async def test_a_refusal_of_the_toy_alone_is_told_by_its_own_catalogue_entry(
        toy_registered: None, sim: Sim, deals: ScriptedDeals) -> None:
    # Alice (seat 0) holds 5H 6H 2C and draws 7H: going out on 2C would leave a run.
    deals.queue("toy", ["5H", "6H", "2C", "KS", "QH", "4D", "7H", "9C", "5S"])
    await sim.alice.slash(sim.channel, "rummy new", game="toy", preset="sets_only")
    await sim.bruno.click(lobby_message(sim), label="Join")
    await sim.alice.click(lobby_message(sim), label="Start")
    await sim.alice.user.click(dm(sim.alice), label="Draw")
    msg = dm(sim.alice)
    before = await sim.bot.storage.get_game(1)
    refused = await sim.alice.user.select(msg, ["2C"], custom_id=custom_id(msg, ":out"))
    assert refused.ephemeral
    assert refused.response.content == "At this table only a set goes out, not a run."
    record = await sim.bot.storage.get_game(1)
    assert (record.status, record.state_version) == ("running", before.state_version)
    assert "Alice discarded" not in "\n".join(texts(sim))


async def test_an_italian_member_reads_the_toys_own_words(
        toy_registered: None, sim: Sim, deals: ScriptedDeals,
        monkeypatch: pytest.MonkeyPatch) -> None:
    set_locale(monkeypatch, sim.alice.id, "it")
    deals.queue("toy", ["5H", "6H", "2C", "KS", "QH", "4D", "7H", "9C", "5S"])
    await sim.alice.slash(sim.channel, "rummy new", game="toy", preset="sets_only")
    await sim.bruno.click(lobby_message(sim), label="Join")
    wrong = await sim.alice.slash(sim.channel, "rummy settings", option="scale", value="forse")
    assert wrong.response.content.startswith("forse non è un valore valido per Scale (runs): ")
    await sim.alice.click(lobby_message(sim), label="Start")
    await sim.alice.user.click(dm(sim.alice), label="Draw")
    msg = dm(sim.alice)
    refused = await sim.alice.user.select(msg, ["2C"], custom_id=custom_id(msg, ":out"))
    assert refused.response.content == (
        "A questo tavolo si chiude solo con un tris, non con una scala.")
