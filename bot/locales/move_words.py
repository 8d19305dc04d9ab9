"""Move one game's words out of the shared catalogues into the game's own (see bot.i18n).

    python -m bot.locales.move_words canasta            # list what would move, change nothing
    python -m bot.locales.move_words canasta --write    # move it
    python -m bot.locales.move_words rummy500 --prefix r500 --write

What moves, from bot/locales/en.py and it.py: every entry whose key starts with the game's
name (`canasta.…`) or with one of its `--prefix`es (renamed into the game's scope on the way:
`r500.score_line` → `rummy500.score_line`, and `mahjong=gin.mahjong` names the new prefix;
a prefix may have several segments, `rules.gin=gin.rules`, or be one whole key,
`event.knocked=gin.event.knocked`),
its display name (`game.<game>`), its own preset names (`preset.<game>.<preset>`, and
`preset.<preset>` when no other game reads that shared name), the options no other hosted game
declares (`option.<key>`, `.help`, `.none`) and the refusal codes only
its engine package defines (`error.<code>`). Each is renamed to its scoped form (the table in
bot.i18n), cut from both shared files (with any section comment left with no entry) and
written to cogs/adapters/<game>_words.py as `WORDS`. The string literals of renamed prefixes are renamed
in the game's adapter modules (cogs/adapters/<game>.py and <game>_*.py) and in tests/; a key
moved but written literally in another cog stops the move: keep it shared (`--keep KEY`, or
`--keep r500.` for a prefix) or move the cog's use first. Then, by hand:

1. in the game's adapter class: `words = WORDS` (imported from its `_words` module); that
   registers the catalogue with the game (AdapterBase.__init_subclass__);
2. an option's words are found in the game's catalogue only where the game is named: a call
   of `option_text`, `option_label` or `off_word` for one of the game's own options, in its
   adapter or its tests, passes `game=<game>` (the lobby, `/rummy settings` and its
   autocomplete already do); a test reading `en.MESSAGES[...]` for a moved key reads
   `catalogue("en")[resolve(key)]` or the moved key instead;
3. run the game's tests, tests/bot/ (every entry of every catalogue is checked there) and
   tests/cogs/test_registry.py, test_errors.py, test_toy_game.py, adapters/test_base.py,
   test_settings_answers.py and test_rules_docs.py; then ruff, mypy and lint-imports.

Registration refuses what was left behind (a shared entry still naming the game, a code told
twice), so a half-done move fails at import, not in front of a player.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import pkgutil
import re
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SHARED = {"en": ROOT / "bot" / "locales" / "en.py", "it": ROOT / "bot" / "locales" / "it.py"}
# An entry of a catalogue: its key, the source of its value and the lines it spans (0-based).
Entry = tuple[str, str, range]


def entries(source: str) -> list[Entry]:
    """Return the entries of a catalogue module's MESSAGES dict, in file order."""
    tree = ast.parse(source)
    found = next(node.value for node in tree.body if isinstance(node, ast.AnnAssign)
                 and isinstance(node.target, ast.Name) and node.target.id == "MESSAGES")
    assert isinstance(found, ast.Dict) and found.end_lineno is not None
    lines = source.splitlines()
    keys = [key for key in found.keys if isinstance(key, ast.Constant)]
    assert len(keys) == len(found.values), "a catalogue is a dict of plain entries"
    # An entry runs to the next one (its value's closing parenthesis included), less the
    # comments and blank lines that open the next section.
    starts = [key.lineno - 1 for key in keys] + [found.end_lineno - 1]
    out = []
    for key, value, start, stop in zip(keys, found.values, starts, starts[1:], strict=False):
        assert isinstance(key.value, str)
        text = ast.get_source_segment(source, value)
        assert text is not None
        while not lines[stop - 1].strip() or lines[stop - 1].lstrip().startswith("#"):
            stop -= 1
        out.append((key.value, text, range(start, stop)))
    return out


def game_keys(game: str, prefixes: dict[str, str], english: Iterable[str]) -> dict[str, str]:
    """Return each shared key the game owns and the key its own catalogue writes it as."""
    from bot.i18n import own_form

    keys = list(english)
    own = _own_options(game), _own_presets(game, keys), _own_codes(game)
    renamed: dict[str, str] = {}
    for key in keys:
        first, _, rest = key.partition(".")
        old = _prefix_of(key, prefixes)
        if first == game:
            renamed[key] = key
        elif old is not None:
            renamed[key] = prefixes[old] + key[len(old):]
        elif _names_own(first, rest, game, *own):
            renamed[key] = own_form(game, key)
    return renamed


def _prefix_of(key: str, prefixes: Iterable[str]) -> str | None:
    """Return the longest prefix naming this key (the key itself, or its first segments)."""
    found = [old for old in prefixes if key == old or key.startswith(old + ".")]
    return max(found, key=len, default=None)


def _names_own(convention: str, rest: str, game: str, options: set[str], presets: set[str],
               codes: set[str]) -> bool:
    """Whether a shared convention's key (`convention.rest`) names a word of the game's own."""
    if convention == "game":
        return rest == game
    if convention == "preset":
        return rest.startswith(game + ".") or rest in presets
    if convention == "option":
        return rest.split(".")[0] in options
    return convention == "error" and rest in codes


def _engine_games() -> dict[str, tuple[set[str], str, set[str]]]:
    """Return each engine game's option keys, package ("engine.canasta") and preset names,
    by game name."""
    import engine
    from engine.base import CardGame

    for module in pkgutil.walk_packages(engine.__path__, "engine."):
        importlib.import_module(module.name)
    games: dict[str, tuple[set[str], str, set[str]]] = {}
    todo: list[type[CardGame[Any, Any]]] = list(CardGame.__subclasses__())
    while todo:
        cls = todo.pop()
        todo += cls.__subclasses__()
        package = ".".join(cls.__module__.split(".")[:2])
        games[cls.name] = ({spec.key for spec in cls.options_type.specs()}, package,
                           set(cls.options_type.PRESETS))
    return games


def _own_options(game: str) -> set[str]:
    """Return the option keys the game declares and no other game does."""
    games = _engine_games()
    others = set().union(*(keys for name, (keys, _, _) in games.items() if name != game))
    return games[game][0] - others


def _own_presets(game: str, shared: Iterable[str]) -> set[str]:
    """Return the presets whose shared name (`preset.<preset>`) only the game reads: every
    other game declaring one has its own name for it (`canasta.preset.short`)."""
    games, named = _engine_games(), set(shared)
    read: set[str] = set()
    for other, (_, _, presets) in games.items():
        if other != game:
            own = _catalogued(other)
            read |= {p for p in presets if f"preset.{other}.{p}" not in named
                     and f"{other}.preset.{p}" not in own}
    # A game naming its own (`preset.canasta.short`) does not read the shared name either.
    return {p for p in games[game][2] - read if f"preset.{game}.{p}" not in named}


def _catalogued(game: str) -> set[str]:
    """Return the keys of a game's own catalogue (cogs/adapters/<game>_words.py), if it has one."""
    try:
        module = importlib.import_module(f"cogs.adapters.{game}_words")
    except ModuleNotFoundError:
        return set()
    return {key for words in module.WORDS.values() for key in words}


def _own_codes(game: str) -> set[str]:
    """Return the RulesError codes defined only in the game's engine package."""
    from engine.errors import RulesError

    package = _engine_games()[game][1] + "."
    homes: dict[str, set[bool]] = {}
    todo: list[type[RulesError]] = [RulesError]
    while todo:
        cls = todo.pop()
        todo += cls.__subclasses__()
        homes.setdefault(cls.code, set()).add(cls.__module__.startswith(package))
    return {code for code, inside in homes.items() if inside == {True}}


def cut(source: str, moved: set[str]) -> tuple[str, dict[str, str]]:
    """Return a catalogue's source without the moved entries, and their values' source."""
    lines = source.splitlines(keepends=True)
    values: dict[str, str] = {}
    gone: set[int] = set()
    for key, value, span in entries(source):
        if key in moved:
            values[key] = value
            gone.update(span)
    gone |= _emptied_comments(lines, gone)
    return "".join(line for i, line in enumerate(lines) if i not in gone), values


def _emptied_comments(lines: Sequence[str], gone: set[int]) -> set[int]:
    """Return the section comments whose entries all moved (an empty section stays)."""
    comments = [i for i, line in enumerate(lines) if line.lstrip().startswith("#")]
    emptied = set()
    for i, end in zip(comments, [*comments[1:], len(lines)]):
        body = [j for j in range(i + 1, end) if lines[j].strip() not in ("", "}")]
        if body and set(body) <= gone:
            emptied.add(i)
    return emptied


def words_module(game: str, values: dict[str, dict[str, str]], renamed: dict[str, str]) -> str:
    """Return the source of cogs/adapters/<game>_words.py."""
    title = game.replace("_", " ").title()
    out = [f'"""{title}\'s own words (en and it): its catalogue, scoped by its name (bot.i18n)."""',
           "", "# Translated sentences read better unbroken, as in bot/locales.",
           "# ruff: noqa: E501", "", "from __future__ import annotations", "",
           "from bot.i18n import Words", "", "WORDS: Words = {"]
    for language, found in values.items():
        out.append(f'    "{language}": {{')
        out += [f'        "{renamed[key]}": {_one_line(found[key])},'
                for key in renamed if key in found]
        out.append("    },")
    return "\n".join([*out, "}", ""])


def _one_line(value: str) -> str:
    """Return a value's source on one line (implicit concatenations kept as they are)."""
    parts = [part.strip() for part in value.splitlines()]
    return " ".join(parts) if len(parts) == 1 else "(" + " ".join(parts) + ")"


def rename_literals(paths: Iterable[Path], prefixes: dict[str, str], write: bool) -> list[str]:
    """Rename the renamed prefixes' string literals ("r500.…", f"r500.…") in these files."""
    if not prefixes:
        return []
    # Longest first, so that `event.gin` does not take `event.gin_card`'s place.
    ordered = sorted(prefixes, key=len, reverse=True)
    keys = "|".join(re.escape(old) for old in ordered if "." in old) or "(?!)"
    names = "|".join(re.escape(old) for old in ordered if "." not in old) or "(?!)"
    # A key (`event.gin`) is renamed whole or as a prefix; a name (`mahjong`) only as a
    # prefix, since "mahjong" alone is a preset's value, not a key.
    pattern = re.compile(rf"""([fr]?(["']))(?:({keys})(?=\.|\2)|({names})(?=\.))""")
    changed = []
    for path in paths:
        text = path.read_text(encoding="utf-8")
        new = pattern.sub(lambda m: m[1] + prefixes[m[3] or m[4]], text)
        if new != text:
            changed.append(str(path.relative_to(ROOT)))
            if write:
                path.write_text(new, encoding="utf-8")
    return changed


def adapter_files(game: str) -> list[Path]:
    """Return the game's adapter modules: cogs/adapters/<game>.py and <game>_*.py."""
    folder = ROOT / "cogs" / "adapters"
    return sorted([folder / f"{game}.py", *folder.glob(f"{game}_*.py")])


def written_elsewhere(game: str, moved: Iterable[str]) -> list[str]:
    """Return `file: key` for each moved key written literally in a cog not the game's own."""
    own = set(adapter_files(game))
    found = []
    for path in sorted((ROOT / "cogs").rglob("*.py")):
        if path in own:
            continue
        # A key is used as a whole string constant (a docstring quoting one is no use of it).
        literals = {node.value for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                    if isinstance(node, ast.Constant) and isinstance(node.value, str)}
        found += [f"{path.relative_to(ROOT)}: {key}" for key in moved if key in literals]
    return found


def main(argv: Sequence[str] | None = None) -> int:
    """Move a game's words (or, without --write, list what would move)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("game", help="the game's name, as in cogs.registry")
    parser.add_argument("--prefix", action="append", default=[], metavar="OLD[=NEW]",
                        help="another key prefix of the game's, or one key (NEW defaults to the game's name)")
    parser.add_argument("--keep", action="append", default=[], metavar="KEY",
                        help="leave the keys starting with this (a key, or a prefix 'r500.') shared")
    parser.add_argument("--write", action="store_true", help="move the words (else list them)")
    args = parser.parse_args(argv)
    game: str = args.game
    prefixes = dict(p.partition("=")[::2] for p in args.prefix)
    prefixes = {old: new or game for old, new in prefixes.items()}
    sources = {language: path.read_text(encoding="utf-8") for language, path in SHARED.items()}
    shared = tuple(args.keep)
    renamed = game_keys(game, prefixes, (key for key, _, _ in entries(sources["en"])
                                         if not key.startswith(shared)))
    elsewhere = written_elsewhere(game, renamed)
    for key, new in renamed.items():
        print(f"{key} -> {new}" if key != new else key)
    if elsewhere:
        print("written literally outside the game's adapters:", *elsewhere, sep="\n  ")
        return 1
    tests = sorted((ROOT / "tests").rglob("*.py"))
    literals = rename_literals([*adapter_files(game), *tests], prefixes, args.write)
    print(f"{len(renamed)} keys; prefixes renamed in: {', '.join(literals) or 'no file'}")
    if not args.write:
        return 0
    values = {}
    for language, source in sources.items():
        kept, values[language] = cut(source, set(renamed))
        SHARED[language].write_text(kept, encoding="utf-8")
    target = ROOT / "cogs" / "adapters" / f"{game}_words.py"
    target.write_text(words_module(game, values, renamed), encoding="utf-8")
    print(f"wrote {target.relative_to(ROOT)}: now set `words = WORDS` in the adapter class")
    return 0


if __name__ == "__main__":
    sys.exit(main())
