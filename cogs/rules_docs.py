"""Keep the option and preset tables of docs/rules/<game>.md in step with the declarations.

Every hosted game (cogs.registry) has a rules page whose two tables come from its options
dataclass: the options (key, allowed values, default, whether `/rummy settings` offers it) and
the presets. `python -m cogs.rules_docs` rewrites both tables between their markers and keeps
each option's hand-written description; tests/cogs/test_rules_docs.py fails when a page is
out of date, so the docs cannot drift from the code.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

from cogs.adapters.base import options_type
from cogs.registry import GAMES
from engine.options import Options, OptionSpec

DOCS = Path(__file__).resolve().parent.parent / "docs" / "rules"
# What a new option's row says until someone describes it (the docs test refuses it).
UNDESCRIBED = "TODO: say what this option does"
_ROW_KEY = re.compile(r"^\|\s*`([a-z0-9_]+)`\s*\|")


def doc_path(game: str) -> Path:
    """Return the rules page of a game."""
    return DOCS / f"{game}.md"


def markers(block: str) -> tuple[str, str]:
    """Return the comment lines that open and close a generated block ("options", "presets")."""
    return (f"<!-- {block} table: written by `python -m cogs.rules_docs` -->",
            f"<!-- end of {block} table -->")


def show(value: object) -> str:
    """Return a value as the docs print it: `true`, `none`, `10`, `QS`."""
    if isinstance(value, bool):
        text = "true" if value else "false"
    else:
        text = "none" if value is None else str(value)
    return f"`{text}`"


def option_row(spec: OptionSpec, description: str) -> str:
    """Return one option's table row."""
    settable = "yes" if spec.settable else "no"
    cells = [f"`{spec.key}`", spec.describe(), show(spec.default), settable, description]
    return "| " + " | ".join(cells) + " |"


def options_table(options: type[Options], descriptions: Mapping[str, str]) -> list[str]:
    """Return the options table, one row per declared option, in declaration order."""
    head = ["| option | values | default | `/rummy settings` | what it does |",
            "|---|---|---|---|---|"]
    return head + [option_row(s, descriptions.get(s.key) or UNDESCRIBED) for s in options.specs()]


def presets_table(options: type[Options]) -> list[str]:
    """Return the presets table: each preset and what it changes from the defaults."""
    rows = ["| preset | changes from the defaults |", "|---|---|"]
    for name, changes in options.PRESETS.items():
        text = ", ".join(f"`{key}` = {show(value)}" for key, value in changes.items())
        rows.append(f"| `{name}` | {text or 'none: every option at its default'} |")
    return rows


def descriptions_in(lines: Sequence[str]) -> dict[str, str]:
    """Read each option's description (the last cell of its row) from a page's lines."""
    found: dict[str, str] = {}
    for line in lines:
        key = _ROW_KEY.match(line)
        cells = line.strip().strip("|").split("|")
        if key and len(cells) == 5:
            found.setdefault(key[1], cells[-1].strip())
    return found


def updated(text: str, options: type[Options]) -> str:
    """Return the page with both tables rewritten from the declarations."""
    lines = text.splitlines()
    lines = _replace(lines, "options", options_table(options, descriptions_in(lines)))
    lines = _replace(lines, "presets", presets_table(options))
    return "\n".join(lines) + "\n"


def _replace(lines: list[str], block: str, table: list[str]) -> list[str]:
    begin, end = markers(block)
    if begin not in lines or end not in lines:
        raise ValueError(f"the page has no {block} table markers: {begin} … {end}")
    start, stop = lines.index(begin), lines.index(end)
    return lines[: start + 1] + table + lines[stop:]


def main() -> int:
    """Rewrite the tables of every hosted game's rules page; list the pages that changed."""
    for adapter in GAMES:
        path = doc_path(adapter.name)
        if not path.is_file():
            print(f"{path} is missing: every hosted game needs its rules page", file=sys.stderr)
            return 1
        text = path.read_text(encoding="utf-8")
        new = updated(text, options_type(adapter))
        if new != text:
            path.write_text(new, encoding="utf-8")
            print(f"updated {path.relative_to(DOCS.parent.parent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
