"""The registry of games: the one list every menu, command and lookup reads."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bot.i18n import catalogue, games_with_words, resolve, t
from bot.locales import en
from cogs.adapters.base import preset_key
from cogs.meta import about_text
from cogs.registry import DEFAULT_GAME, GAMES, adapter_for, game_names
from cogs.rummy import GAME_CHOICES

COGS = Path(__file__).resolve().parents[2] / "cogs"


def test_each_game_is_found_by_its_name_in_menu_order() -> None:
    assert game_names() == ("gin", "rummy500", "ramino", "ramino51", "canasta")
    assert [adapter_for(name) for name in game_names()] == list(GAMES)
    assert DEFAULT_GAME == "gin"
    with pytest.raises(KeyError):
        adapter_for("scala40")  # a game the bot does not host


def test_menus_and_about_list_the_registered_games() -> None:
    assert [c.value for c in GAME_CHOICES] == list(game_names())
    assert [str(c.name) for c in GAME_CHOICES] == ["Gin Rummy", "Rummy 500", "Ramino",
                                                    "Ramino 51", "Canasta"]
    assert "Gin Rummy, Rummy 500, Ramino, Ramino 51, Canasta." in about_text(1)


def test_about_names_only_the_games_the_registry_hosts_in_the_members_language() -> None:
    hosted = {t(f"game.{name}", "en") for name in game_names()}
    # The shared catalogue's names, and those of the games with their own catalogue (a game
    # a test defines, the toy, may have registered its words without being hosted).
    catalogued = {value for key, value in en.MESSAGES.items() if key.startswith("game.")}
    catalogued |= {t(f"game.{game}", "en") for game in games_with_words()}
    unhosted = {t(f"game.{game}", "en") for game in games_with_words() - set(game_names())}
    assert hosted == catalogued - unhosted  # Canasta, the last game named, is hosted now
    for game in catalogued - hosted:  # a game still to come is never offered by /about
        assert game not in about_text(1)
    assert about_text(1).endswith("Running in 1 server.")
    assert about_text(2).endswith("Running in 2 servers.")
    italian = about_text(2, "it")
    assert "per Discord: Gin Rummy, Rummy 500, Ramino, Ramino 51, Canasta." in italian
    assert italian.endswith("in 2 server.")


@pytest.mark.parametrize("name", game_names())
def test_each_game_has_its_name_and_presets_in_both_languages(name: str) -> None:
    keys = [resolve(f"game.{name}"), *(preset_key(name, p) for p in adapter_for(name).presets())]
    for language in ("en", "it"):
        assert [k for k in keys if k not in catalogue(language)] == []


def test_no_other_cog_module_names_a_game() -> None:
    names = set(game_names())
    found = []
    for path in sorted(COGS.rglob("*.py")):
        if path.name == "registry.py" or path.parent.name == "adapters":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and node.value in names:
                found.append(f"{path.relative_to(COGS)}:{node.lineno} {node.value!r}")
    assert found == []
