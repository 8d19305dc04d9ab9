"""Slash commands read in the member's language: what Discord receives when they are synced."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from bot.i18n import t
from cogs.registry import game_names
from tests.conftest import Sim

# Names of languages and of the games are the same words in both languages.
SAME_IN_BOTH = {"DM", "English", "Italiano", *(t(f"game.{g}", "it") for g in game_names())}


def texts_of(node: dict[str, Any]) -> Iterator[tuple[str, dict[str, str]]]:
    """Yield every description and choice name of a command tree, with its translations."""
    if "description" in node:
        yield node["description"], node.get("description_localizations") or {}
    for choice in node.get("choices", []):
        yield choice["name"], choice.get("name_localizations") or {}
    for option in node.get("options", []):
        yield from texts_of(option)


def synced(sim: Sim) -> list[dict[str, Any]]:
    puts = [r for r in sim.env.http_requests if r.method == "PUT" and r.path.endswith("/commands")]
    commands: list[dict[str, Any]] = puts[-1].json
    return commands


async def test_every_description_and_choice_reaches_discord_in_italian(sim: Sim) -> None:
    texts = [pair for command in synced(sim) for pair in texts_of(command)]
    assert len(texts) >= 40  # every command, option and choice, not just the top level
    missing = [english for english, words in texts if "it" not in words]
    assert not missing, missing
    untranslated = [english for english, words in texts
                    if words["it"] == english and english not in SAME_IN_BOTH]
    assert not untranslated, untranslated
    assert all(len(words["it"]) <= 100 for _, words in texts)  # Discord's limit


async def test_commands_keep_their_english_names_and_words(sim: Sim) -> None:
    commands = {c["name"]: c for c in synced(sim)}
    assert commands["about"]["description"] == "What this bot is and which games it hosts"
    assert commands["about"]["name_localizations"] == {}  # typed the same in every language
    new = next(o for o in commands["rummy"]["options"] if o["name"] == "new")
    assert new["description_localizations"] == {"it": "Apri un nuovo tavolo in questo canale"}
    server = next(o for o in commands["rummy"]["options"] if o["name"] == "server")
    delivery = next(o for o in server["options"] if o["name"] == "hand_delivery")
    assert [c["name_localizations"]["it"] for c in delivery["choices"]] == [
        "DM", "Pulsante La mia mano"]
