"""The registry of games: the one list every menu, command and lookup reads."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bot.locales import en, it
from cogs.meta import about_text
from cogs.registry import DEFAULT_GAME, GAMES, adapter_for, game_names
from cogs.rummy import GAME_CHOICES

COGS = Path(__file__).resolve().parents[2] / "cogs"


def test_each_game_is_found_by_its_name_in_menu_order() -> None:
    assert game_names() == ("gin", "rummy500")
    assert [adapter_for(name) for name in game_names()] == list(GAMES)
    assert DEFAULT_GAME == "gin"
    with pytest.raises(KeyError):
        adapter_for("canasta")  # named in the catalogues, not hosted yet


def test_menus_and_about_list_the_registered_games() -> None:
    assert [c.value for c in GAME_CHOICES] == list(game_names())
    assert [c.name for c in GAME_CHOICES] == ["Gin Rummy", "Rummy 500"]
    assert "Gin Rummy, Rummy 500." in about_text(1)


@pytest.mark.parametrize("name", game_names())
def test_each_game_has_its_name_and_presets_in_both_languages(name: str) -> None:
    keys = [f"game.{name}", *(f"preset.{p}" for p in adapter_for(name).presets())]
    for catalogue in (en.MESSAGES, it.MESSAGES):
        assert [k for k in keys if k not in catalogue] == []


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
