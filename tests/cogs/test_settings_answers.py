"""`/rummy settings` answers: what changed, or why nothing did and what would be accepted."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import discord
import pytest

from bot.i18n import t
from cogs.host.runtime import not_your_turn
from cogs.registry import adapter_for
from cogs.rule_changes import allowed_text, similar_options
from engine.options import OptionSpec
from tests.cogs.conftest import lobby_message, open_table, set_locale
from tests.conftest import Sim


async def answer(sim: Sim, **options: Any) -> str:
    """Run `/rummy settings` as Alice (the host); return her ephemeral answer."""
    result = await sim.alice.slash(sim.channel, "rummy settings", **options)
    assert result.ephemeral
    return str(result.response.content)


async def stored(sim: Sim) -> tuple[str, dict[str, Any]]:
    record = await sim.bot.storage.get_game(1)
    return record.preset, record.options


async def test_an_unknown_option_is_named_with_the_similar_ones(sim: Sim) -> None:
    await open_table(sim, sim.bruno)
    before = await stored(sim)
    assert await answer(sim, option="knok_limit", value="7") == (
        "knok_limit is not an option of this game. Did you mean Knock limit (knock_limit)?")
    listed = await answer(sim, option="foo", value="1")
    assert listed.startswith("foo is not an option of this game. Options: knock_limit, ")
    assert all(spec.key in listed for spec in adapter_for("gin").settings)
    assert await stored(sim) == before


async def test_a_missing_value_says_what_values_the_option_takes(sim: Sim) -> None:
    await open_table(sim, sim.bruno, game="rummy500")
    assert await answer(sim, option="target_score") == (
        "Target score (target_score) needs a value: a whole number from 1 up.")
    assert await answer(sim, option="rummy_call", value=" ") == (
        "Rummy! call (rummy_call) needs a value: one of manual, announce.")
    assert await answer(sim, option="rummy_call", value="loud") == (
        "loud is not a valid value for Rummy! call (rummy_call): one of manual, announce.")


async def test_a_value_alone_or_nothing_at_all_changes_nothing_and_says_why(sim: Sim) -> None:
    await open_table(sim, sim.bruno)
    before = await stored(sim)
    assert await answer(sim, value="150") == (
        "Nothing changed: 150 needs an option to go with it (fill in option as well).")
    assert await answer(sim) == (
        "Nothing changed: choose a preset, a turn time, or an option and its value.")
    assert await stored(sim) == before
    assert await answer(sim, option="knock_limit", value="7") == (
        "Settings saved:\n• Knock limit: 10 → 7")
    assert await answer(sim, option="knock_limit", value="7") == (
        "Nothing changed: the table already plays with these settings.")


async def test_the_lobby_names_the_changes_until_the_preset_value_is_back(sim: Sim) -> None:
    await open_table(sim, sim.bruno)
    assert await answer(sim, option="target_score", value="150") == (
        "Settings saved:\n• Target score: 100 → 150")
    lobby = lobby_message(sim).content
    assert "Rules: Standard, changed: Target score 150\n" in lobby
    assert "First to 150 points wins." in lobby
    assert await answer(sim, option="big_gin", value="off") == (
        "Settings saved:\n• Big gin: on → off")
    assert "Rules: Standard, changed: Big gin off, Target score 150\n" in (
        lobby_message(sim).content)
    await answer(sim, option="target score", value="100")  # named by its label
    await answer(sim, option="big_gin", value="on")
    assert "Rules: Standard\n" in lobby_message(sim).content


async def test_the_engines_own_reason_is_told(sim: Sim) -> None:
    await open_table(sim, sim.bruno)
    before = await stored(sim)
    mahjong = await answer(sim, option="play_style", value="mahjong")  # playable: by its preset
    assert mahjong.startswith("play_style comes with the preset and can't be changed on its own")
    fixed = await answer(sim, option="match_format", value="hollywood")
    assert fixed.startswith("match_format comes with the preset and can't be changed on its "
                            "own: choose another preset (standard, straight, oklahoma")
    assert await answer(sim, preset="nope") == (
        "nope is not a preset of this game. Presets: standard, straight, oklahoma, "
        "oklahoma_match, hollywood, tournament, multi_game, mahjong, german.")
    assert await stored(sim) == before


async def test_a_combination_the_engine_refuses_is_told_and_not_saved(sim: Sim) -> None:
    await open_table(sim, sim.bruno, preset="mahjong")
    before = await stored(sim)
    assert await answer(sim, option="team_size", value="2") == (
        "This bot can't play with team_size 2 yet.")  # Mahjong gin is for two players
    assert await stored(sim) == before


async def test_a_turn_needs_fifteen_seconds_unless_untimed(sim: Sim) -> None:
    await open_table(sim, sim.bruno)
    assert await answer(sim, turn_seconds=5) == (
        "A turn must last at least 15 seconds (0: no time limit).")
    assert (await stored(sim))[1]["turn_seconds"] != 5
    assert await answer(sim, turn_seconds=15) == (
        "Settings saved:\n• Time per turn: 120 seconds → 15 seconds")
    assert "Time per turn: 15 seconds" in lobby_message(sim).content
    assert await answer(sim, turn_seconds=0) == (
        "Settings saved:\n• Time per turn: 15 seconds → no limit")
    assert "No time limit per turn" in lobby_message(sim).content


async def test_the_server_default_turn_has_the_same_minimum(sim: Sim) -> None:
    managers = sim.guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    eva = sim.guild.add_member(sim.env.create_user("Eva"), roles=[managers])
    refused = await eva.slash(sim.channel, "rummy server", turn_seconds=1)
    assert refused.response.content == "A turn must last at least 15 seconds (0: no time limit)."
    assert (await sim.bot.storage.get_guild_settings(sim.guild.id)).turn_seconds != 1


async def test_a_lower_minimum_comes_from_the_process_settings(
        sim: Sim, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sim.bot, "settings", replace(sim.bot.settings, min_turn_seconds=1))
    await open_table(sim, sim.bruno)
    assert await answer(sim, turn_seconds=1) == (
        "Settings saved:\n• Time per turn: 120 seconds → 1 second")
    assert "Time per turn: 1 second\n" in lobby_message(sim).content


async def test_the_answers_are_in_the_members_language(
        sim: Sim, monkeypatch: pytest.MonkeyPatch) -> None:
    set_locale(monkeypatch, sim.alice.id, "it")
    await open_table(sim, sim.bruno)
    assert await answer(sim, option="knock_limit", value="42") == (
        "42 non è un valore valido per Limite per bussare (knock_limit): "
        "un numero intero da 0 a 10.")
    assert await answer(sim, option="limite per bussare", value="7") == (
        "Impostazioni salvate:\n• Limite per bussare: 10 → 7")
    assert await answer(sim, turn_seconds=1) == (
        "Un turno deve durare almeno 15 secondi (0: nessun limite di tempo).")


@pytest.mark.parametrize(("spec", "english"), [
    (OptionSpec("a", "bool", True), "on or off"),
    (OptionSpec("a", "card", None), "a card written like QS, or off"),
    (OptionSpec("a", "choice", 10, choices=(10, 15)), "one of 10, 15"),
    (OptionSpec("a", "int_or_off", None, negative=True), "off, or a whole number below zero"),
    (OptionSpec("a", "int", 5, low=1, odd=True), "an odd number from 1 up"),
    (OptionSpec("a", "int", 5, low=0, high=10), "a whole number from 0 to 10"),
    (OptionSpec("a", "int", 5, low=1), "a whole number from 1 up"),
    (OptionSpec("a", "int", 5), "a whole number"),
])
def test_every_kind_of_option_lists_its_values(spec: OptionSpec, english: str) -> None:
    assert allowed_text(spec, "en") == english
    assert allowed_text(spec, "it") != english


def test_similar_options_match_keys_and_labels_in_the_members_language() -> None:
    specs = adapter_for("rummy500").settings
    assert similar_options(specs, "special", "en", "rummy500")[0] == "Special card (special_card)"
    assert similar_options(specs, "carta speciale", "it", "rummy500")[0] == (
        "Carta speciale (special_card)")
    assert similar_options(specs, "zzzz", "en", "rummy500") == []


def test_a_misspelt_word_of_an_option_finds_it() -> None:
    specs = adapter_for("rummy500").settings
    assert similar_options(specs, "targt", "en", "rummy500")[0] == "Target score (target_score)"
    assert "Rummy! window (rummy_window_seconds)" in similar_options(specs, "windw", "en",
                                                                      "rummy500")
    assert similar_options(specs, "punteggo", "it", "rummy500")[0].endswith("(target_score)")


# ----- issue 26: the table's own presets, and answers that say what changed ------------------


async def test_the_preset_suggestions_are_the_tables_games(sim: Sim) -> None:
    await open_table(sim, sim.bruno, game="ramino")
    short = await sim.alice.autocomplete(sim.channel, "rummy settings", "preset", "short")
    assert short == [{"name": "Short (7 cards, one deck, 2 to 4 players)", "value": "short"}]
    everything = await sim.alice.autocomplete(sim.channel, "rummy settings", "preset", "")
    assert [c["value"] for c in everything] == adapter_for("ramino").presets()
    rules = await sim.alice.autocomplete(sim.channel, "rummy rules", "preset", "chip")
    assert [c["value"] for c in rules] == ["chips"]


async def test_naming_the_tables_preset_again_plays_it_as_it_comes(sim: Sim) -> None:
    await open_table(sim, sim.bruno, game="ramino", preset="short")
    assert await answer(sim, option="deck", value="double") == (
        "Settings saved:\n• Deck: single → double")
    assert "changed: Deck double" in lobby_message(sim).content
    assert await answer(sim, preset="short") == "Settings saved:\n• Deck: double → single"
    lobby = lobby_message(sim).content
    assert "Rules: Short (7 cards, one deck, 2 to 4 players)\n" in lobby
    assert await answer(sim, preset="short") == (
        "Nothing changed: the table already plays with these settings.")
    # An override equal to the preset's own value is no change, in the answer as in the lobby.
    assert await answer(sim, option="deck", value="single") == (
        "Nothing changed: the table already plays with these settings.")


async def test_a_new_preset_is_named_with_the_rules_it_changes(
        sim: Sim, monkeypatch: pytest.MonkeyPatch) -> None:
    await open_table(sim, sim.bruno, game="canasta")
    assert await answer(sim, preset="short") == (
        "Settings saved:\n• Preset: Standard → Short\n• Target score: 15,000 → 5,000")
    lobby = lobby_message(sim).content
    # The target once, in one number format.
    assert "Rules: Short\nGame to 5,000 points.\n" in lobby and "5000" not in lobby
    set_locale(monkeypatch, sim.alice.id, "it")
    assert await answer(sim, preset="standard", turn_seconds=60) == (
        "Impostazioni salvate:\n• Variante: Breve → Standard\n"
        "• Punteggio da raggiungere: 5.000 → 15.000\n• Tempo per turno: 120 secondi → 60 secondi")


async def test_the_rules_without_a_table_say_which_game_and_how_to_choose(sim: Sim) -> None:
    shown = (await sim.alice.slash(sim.channel, "rummy rules")).response.content
    assert shown.startswith("**Gin Rummy** · Rules: Standard\n")
    assert shown.endswith(
        "\nNo table here, so these are the rules of Gin Rummy. For another game, fill in the "
        "game option of `/rummy rules`: Rummy 500, Ramino, Ramino 51, Canasta.")
    chosen = await sim.alice.slash(sim.channel, "rummy rules", game="ramino", preset="short")
    assert chosen.response.content.splitlines()[0] == (
        "**Ramino** · Rules: Short (7 cards, one deck, 2 to 4 players)")
    assert "No table here" not in chosen.response.content
    await open_table(sim, sim.bruno, game="canasta")
    here = (await sim.alice.slash(sim.channel, "rummy rules")).response.content
    assert here.startswith("**Canasta** · Rules: Standard\n") and "No table here" not in here
    assert ("• Each turn draw two cards from the stock, or take the pile; a player who opens "
            "from the stock lays his melds first and draws only one.\n") in here
    assert ("• A side's first melds must be worth at least its opening minimum, which grows "
            "with its score: 50 below 3,000, 90 from 3,000, 120 from 5,000, 160 from 7,000, "
            "180 from 10,000, 200 from 12,000.\n") in here


def test_a_move_out_of_turn_names_everyone_playing_now() -> None:
    many = not_your_turn(["Alice", "Bruno", "Chiara"])
    assert t(many.key, "en", **many.listed) == (
        "Not your turn: Alice, Bruno and Chiara are playing.")
    assert t(many.key, "it", **many.listed) == (
        "Non è il tuo turno: ora giocano Alice, Bruno e Chiara.")
