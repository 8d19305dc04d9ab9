"""What `/rummy settings` changes in a lobby, or a refusal saying why nothing changed.

Every refusal about an option names it (its label and the key to type) and lists
the values it takes; an unknown option is answered with the options whose key or
label looks like what was typed. A turn shorter than the process's minimum is
refused (`RUMMY_MIN_TURN_SECONDS`, 15 s unless the sandbox or a test lowers it).
"""

from __future__ import annotations

import contextlib
import difflib
from collections.abc import Sequence
from dataclasses import dataclass

from bot.i18n import t
from cogs.adapters.base import (
    GameAdapter,
    off_word,
    option_label,
    options_type,
    preset_label,
    same_value,
    value_text,
)
from cogs.errors import Refusal
from cogs.host.settings import TableSettings
from engine.errors import BadOption, NotPlayable
from engine.options import OptionSpec

MIN_TURN_SECONDS = 15  # a person needs this long to read a hand and choose
MAX_SIMILAR = 4


@dataclass(frozen=True)
class Request:
    """What a member asked `/rummy settings` for (None: not given)."""

    preset: str | None = None
    turn_seconds: int | None = None
    option: str | None = None
    value: str | None = None


def changed_settings(current: TableSettings, adapter: GameAdapter, request: Request,
                     locale: str, min_turn: int = MIN_TURN_SECONDS) -> TableSettings:
    """Return the lobby's settings with the request applied; refuse what changes nothing."""
    if request == Request():
        raise Refusal("settings.nothing_given")
    if request.option is None and request.value is not None:
        raise Refusal("settings.value_without_option", value=request.value)
    check_turn_seconds(request.turn_seconds, min_turn)
    preset = _preset(adapter, request.preset or current.preset)
    # A preset named, even the table's own, is played as it comes: its overrides go.
    rules = {} if request.preset is not None else dict(current.rules)
    if request.option is not None:
        _change_option(adapter, preset, rules, request.option, request.value, locale)
    changed = current.changed(preset=preset, rules=rules)
    if request.turn_seconds is not None:
        changed = changed.changed(turn_seconds=request.turn_seconds)
    # The lobby's view of a change: an override equal to the preset's value is none.
    if not change_lines(current, changed, adapter, locale):
        raise Refusal("settings.unchanged")
    return changed


def change_lines(before: TableSettings, after: TableSettings, adapter: GameAdapter,
                 locale: str) -> list[str]:
    """Return what a change does, one line each: "Target score: 500 → 1,000"."""
    game = adapter.name
    lines = [] if after.preset == before.preset else [t(
        "settings.changed_preset", locale, before=preset_label(game, before.preset, locale),
        after=preset_label(game, after.preset, locale))]
    old = adapter.options(before.preset, before.rules)
    new = adapter.options(after.preset, after.rules)
    lines += [t("settings.changed_option", locale, label=option_label(spec, locale, game),
                before=value_text(spec, getattr(old, spec.key), locale, game),
                after=value_text(spec, getattr(new, spec.key), locale, game))
              for spec in options_type(adapter).specs()
              if not same_value(getattr(old, spec.key), getattr(new, spec.key))]
    if after.turn_seconds != before.turn_seconds:
        lines.append(t("settings.changed_turn", locale,
                       before=_turn_text(before.turn_seconds, locale),
                       after=_turn_text(after.turn_seconds, locale)))
    return lines


def _turn_text(seconds: int, locale: str) -> str:
    return t("settings.turn_value", locale, seconds=seconds) if seconds else t(
        "settings.turn_none", locale)


def _change_option(adapter: GameAdapter, preset: str, rules: dict[str, object], option: str,
                   value: str | None, locale: str) -> None:
    """Set the option a member named to the value he typed, or refuse and say why."""
    spec = find_option(adapter, option, locale)
    if not spec.settable:
        _refuse_fixed(adapter, spec, preset, rules, value)
    rules[spec.key] = _value(spec, value, locale, adapter.name)
    _check_playable(adapter, preset, rules, spec, value or "", locale)


def check_turn_seconds(seconds: int | None, minimum: int) -> None:
    """Refuse a turn time that is on (above 0) but shorter than `minimum` seconds."""
    if seconds is not None and 0 < seconds < minimum:
        raise Refusal("settings.turn_too_short", min=minimum)


def find_option(adapter: GameAdapter, typed: str, locale: str) -> OptionSpec:
    """Return the option a member named by key (or a settable one by label); refuse others."""
    word = typed.strip().lower()
    for spec in adapter.settings:
        if word == option_label(spec, locale, adapter.name).lower():
            return spec
    with contextlib.suppress(BadOption):  # not a key: look for similar names below
        return options_type(adapter).spec(word)
    similar = similar_options(adapter.settings, word, locale, adapter.name)
    if similar:
        raise Refusal("settings.unknown_option", {"similar": ", ".join(similar)}, option=typed)
    names = ", ".join(spec.key for spec in adapter.settings)
    raise Refusal("settings.unknown_option_list", {"options": names}, option=typed)


def similar_options(specs: Sequence[OptionSpec], word: str, locale: str,
                    game: str = "") -> list[str]:
    """Return the options (of `game`) whose key, label or one of their words is close to `word`."""
    names: dict[str, list[OptionSpec]] = {}
    for spec in specs:
        label = option_label(spec, locale, game).lower()
        # single words too, so a misspelt half ("targt") still finds its option (target_score)
        parts = [w for w in (*spec.key.split("_"), *label.split()) if len(w) > 3]
        for name in (spec.key, label, *parts):
            names.setdefault(name, []).append(spec)
    found = difflib.get_close_matches(word, list(names), n=2 * MAX_SIMILAR, cutoff=0.6)
    shown = dict.fromkeys(option_name(spec, locale, game)
                          for name in found for spec in names[name])
    return list(shown)[:MAX_SIMILAR]


def option_name(spec: OptionSpec, locale: str, game: str = "") -> str:
    """Return an option as a member reads and types it: "Knock limit (knock_limit)"."""
    return t("settings.option_name", locale, label=option_label(spec, locale, game),
             option=spec.key)


def allowed_text(spec: OptionSpec, locale: str, game: str = "") -> str:
    """Return the values an option takes, in the member's words."""
    if spec.kind in ("bool", "card"):
        return t(f"allowed.{spec.kind}", locale)
    if spec.kind == "choice":
        return t("allowed.choice", locale, choices=", ".join(map(str, spec.choices)))
    if spec.negative:
        return t("allowed.negative", locale)
    if spec.odd:
        return t("allowed.odd", locale, low=spec.low or 1)
    if spec.kind == "int_or_off":
        return t("allowed.at_least_or", locale, low=spec.low or 0,
                 word=off_word(spec, locale, game))
    if spec.low is not None and spec.high is not None:
        return t("allowed.range", locale, low=spec.low, high=spec.high)
    if spec.low is not None:
        return t("allowed.at_least", locale, low=spec.low)
    return t("allowed.number", locale)


def _value(spec: OptionSpec, text: str | None, locale: str, game: str) -> object:
    """Return the value a member's text stands for; refuse a missing or invalid one."""
    if text is None or not text.strip():
        raise Refusal("settings.no_value", _allowed(spec, locale, game))
    try:
        return spec.parse(text)
    except BadOption:
        raise Refusal("error.invalid_option", _allowed(spec, locale, game),
                      value=text.strip()) from None


def _refuse_fixed(adapter: GameAdapter, spec: OptionSpec, preset: str,
                  rules: dict[str, object], text: str | None) -> None:
    """Refuse an option only presets set; a value the engine cannot play says so instead."""
    try:
        adapter.options(preset, {**rules, spec.key: spec.parse(text or "")})
    except NotPlayable:
        raise
    except BadOption:
        pass
    raise Refusal("settings.fixed_option", {"presets": _presets(adapter)}, option=spec.key)


def _check_playable(adapter: GameAdapter, preset: str, rules: dict[str, object],
                    spec: OptionSpec, text: str, locale: str) -> None:
    """Build the options once before saving: the engine's own reason is the refusal."""
    try:
        adapter.options(preset, rules)
    except NotPlayable:
        raise
    except BadOption:
        raise Refusal("error.invalid_option", _allowed(spec, locale, adapter.name),
                      value=text.strip()) from None


def _allowed(spec: OptionSpec, locale: str, game: str) -> dict[str, str]:
    """Return a refusal's listed params: the option's name and the values it takes."""
    return {"option": option_name(spec, locale, game),
            "allowed": allowed_text(spec, locale, game)}


def _preset(adapter: GameAdapter, name: str) -> str:
    """Return the preset named, or refuse with the list of the game's presets."""
    if name not in adapter.presets():
        raise Refusal("settings.unknown_preset", {"presets": _presets(adapter)}, value=name)
    return name


def _presets(adapter: GameAdapter) -> str:
    return ", ".join(adapter.presets())
