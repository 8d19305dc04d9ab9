"""docs/rules/<game>.md: every hosted game's page lists every option with its real default."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import pytest

from cogs.adapters.base import options_type
from cogs.registry import GAMES
from cogs.rules_docs import UNDESCRIBED, doc_path, markers, updated
from engine.options import Options, option

REPO = Path(__file__).resolve().parents[2]
GAME_NAMES = [adapter.name for adapter in GAMES]


def table_rows(text: str, block: str) -> list[list[str]]:
    """Return the cells of each body row of a page's generated table."""
    begin, end = markers(block)
    lines = text.splitlines()
    body = lines[lines.index(begin) + 3 : lines.index(end)]  # past the header and the rule
    return [[cell.strip() for cell in line.strip().strip("|").split("|")] for line in body]


def printed(value: Any) -> str:
    """How the page must print a default (an independent oracle, not the generator's)."""
    words = {True: "true", False: "false", None: "none"}
    text = words[value] if value is None or isinstance(value, bool) else str(value)
    return f"`{text}`"


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_page_lists_every_option_with_its_default_values_and_a_description(
    game: str,
) -> None:
    options = options_type(next(a for a in GAMES if a.name == game))
    rows = {row[0].strip("`"): row for row in table_rows(doc_path(game).read_text(), "options")}
    specs = options.specs()
    assert list(rows) == [spec.key for spec in specs]  # every option, in declaration order
    for spec in specs:
        _, values, default, settable, description = rows[spec.key]
        assert default == printed(spec.default), spec.key
        assert values == spec.describe(), spec.key
        assert settable == ("yes" if spec.settable else "no"), spec.key
        assert description and description != UNDESCRIBED, f"describe {spec.key}"


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_page_lists_every_preset_and_its_changes(game: str) -> None:
    options = options_type(next(a for a in GAMES if a.name == game))
    rows = table_rows(doc_path(game).read_text(), "presets")
    assert [row[0].strip("`") for row in rows] == list(options.PRESETS)
    for (_, changes), (name, overrides) in zip(rows, options.PRESETS.items()):
        for key, value in overrides.items():
            assert f"`{key}` = {printed(value)}" in changes, name


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_page_is_what_the_generator_writes(game: str) -> None:
    text = doc_path(game).read_text()
    options = options_type(next(a for a in GAMES if a.name == game))
    assert updated(text, options) == text, "run: python -m cogs.rules_docs"


@dataclass(frozen=True, slots=True)
class DemoOptions(Options):
    """Two options standing for a game whose declarations moved on since its page."""

    speed: int = option(3, low=1, high=9)
    fast: bool = option(False, settable=False)
    PRESETS: ClassVar[dict[str, dict[str, Any]]] = {"standard": {}, "quick": {"speed": 9}}


STALE_PAGE = "\n".join([
    "# Demo", "", *markers("options")[:1],
    "| option | values | default | `/rummy settings` | what it does |", "|---|---|---|---|---|",
    "| `speed` | a whole number | `5` | no | how fast it goes |",
    "| `gone` | true or false | `true` | yes | an option since removed |",
    markers("options")[1], "", markers("presets")[0], markers("presets")[1], "",
])


def test_the_generator_fixes_stale_rows_and_keeps_the_descriptions() -> None:
    page = updated(STALE_PAGE, DemoOptions)
    assert "| `speed` | a whole number between 1 and 9 | `3` | yes | how fast it goes |" in page
    assert f"| `fast` | true or false | `false` | no | {UNDESCRIBED} |" in page
    assert "`gone`" not in page
    assert "| `quick` | `speed` = `9` |" in page
    assert updated(page, DemoOptions) == page


def test_the_generator_refuses_a_page_without_markers() -> None:
    with pytest.raises(ValueError, match="no options table markers"):
        updated("# Demo\n", DemoOptions)


def test_the_readme_links_the_rules_pages_and_nothing_outside_the_repository() -> None:
    readme = (REPO / "README.md").read_text()
    for game in GAME_NAMES:
        assert f"](docs/rules/{game}.md)" in readme
    assert "shared/" not in readme
    for link in re.findall(r"\]\(([^)#]+)\)", readme):
        if not link.startswith("http"):
            assert (REPO / link).exists(), link
