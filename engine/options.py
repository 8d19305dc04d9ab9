"""House rules declared once: each option's type, values, default and labels drive everything.

A game's options are a frozen dataclass deriving from `Options`, with one `option(...)` field
per rule of its rules file. That single declaration drives validation, presets, JSON,
`/rummy settings` (parsing a member's text and autocomplete), the lobby's settings lines and
the rules summary; adding an option is one line plus its translations
(`option.<key>` and `option.<key>.help` in the catalogues).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, Field, dataclass, field, fields
from typing import Any, ClassVar, Literal, Self

from .cards import Card
from .errors import BadCard, BadOption
from .text import small_int

Kind = Literal["int", "bool", "choice", "card", "int_or_off"]
_TRUE = frozenset({"yes", "true", "on", "1", "si", "sì"})
_FALSE = frozenset({"no", "false", "off", "0"})
# An int_or_off option switched off has no number: no limit, no card (words in both languages).
_OFF = frozenset({"off", "none", "no", "nessuna", "nessuno", "-", "unlimited", "illimitati",
                  "illimitato"})


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One house rule: its key, type, allowed values, default and catalogue keys."""

    key: str
    kind: Kind
    default: Any
    choices: tuple[Any, ...] = ()
    low: int | None = None
    high: int | None = None
    odd: bool = False  # e.g. best-of formats: 3, 5, 7 … games
    negative: bool = False  # int_or_off: the value, when on, must be below zero
    settable: bool = True  # offered by `/rummy settings`
    off_words: tuple[str, ...] = ()  # int_or_off: its own words for None ("cards", "carte")

    @property
    def label(self) -> str:
        """Return the catalogue key of the option's name."""
        return f"option.{self.key}"

    @property
    def help(self) -> str:
        """Return the catalogue key of the option's one-line help."""
        return f"option.{self.key}.help"

    def check(self, value: object) -> None:
        """Raise BadOption if the value is not allowed for this option."""
        if self.kind == "int_or_off" and value is None:
            return
        if self.kind == "card" and value is None:
            return
        if not self._valid(value):
            raise BadOption(f"{self.key} must be {self.describe()}", key=self.key, value=value)

    def _valid(self, value: object) -> bool:
        if self.kind == "bool":
            return isinstance(value, bool)
        if self.kind == "choice":
            return any(value == c and type(value) is type(c) for c in self.choices)
        if self.kind == "card":
            return _is_card_text(value)
        if not _is_int(value):
            return False
        assert isinstance(value, int)
        return self._in_range(value)

    def _in_range(self, value: int) -> bool:
        if self.negative and value >= 0:
            return False
        if self.low is not None and value < self.low:
            return False
        if self.high is not None and value > self.high:
            return False
        return not (self.odd and value % 2 == 0)

    def describe(self) -> str:
        """Return what values are allowed, in plain English (for the engine's message)."""
        if self.kind == "bool":
            return "true or false"
        if self.kind == "choice":
            return "one of " + ", ".join(map(str, self.choices))
        if self.kind == "card":
            return "one card, written like QS"
        if self.negative:
            return "off or a negative whole number"
        if self.odd:
            return "an odd number"
        if self.kind == "int_or_off":
            return "none or " + _range_text(self.low, self.high)
        return _range_text(self.low, self.high)

    def parse(self, text: str) -> Any:
        """Return the value a member's text stands for; raise BadOption if none."""
        word = text.strip().lower()
        if self.kind in ("int_or_off", "card") and (word in _OFF or word in self.off_words):
            return None
        value = self._parse_word(word, text.strip())
        self.check(value)
        return value

    def _parse_word(self, word: str, raw: str) -> Any:
        if self.kind == "bool":
            if word in _TRUE or word in _FALSE:
                return word in _TRUE
            return raw
        if self.kind == "card":
            try:
                return Card.parse(raw).text
            except BadCard:
                return raw
        if self.kind == "choice":
            return next((c for c in self.choices if str(c).lower() == word), raw)
        return _to_int(word, raw)


def option(default: Any, *, kind: Kind | None = None, choices: tuple[Any, ...] = (),
           low: int | None = None, high: int | None = None, odd: bool = False,
           negative: bool = False, settable: bool = True,
           off_words: tuple[str, ...] = ()) -> Any:
    """Declare an option field: its default and what values it takes."""
    spec = dict(kind=kind or _kind_of(default, choices), choices=choices, low=low, high=high,
                odd=odd, negative=negative, settable=settable, off_words=off_words)
    return field(default=default, metadata={"option": spec})


class Options:
    """Base of every game's options dataclass: validation, JSON and presets from the fields."""

    __slots__ = ()
    # Named sets of overrides of the defaults; the first is the game's default preset.
    PRESETS: ClassVar[Mapping[str, Mapping[str, Any]]] = {"standard": {}}

    def __post_init__(self) -> None:
        self.validate()

    @classmethod
    def specs(cls) -> tuple[OptionSpec, ...]:
        """Return the declaration of every option, in the order of the rules file."""
        specs = _SPECS.get(cls)
        if specs is None:  # read once per class: snapshots and views ask on every action
            specs = _SPECS[cls] = tuple(_spec(f) for f in fields(cls))  # type: ignore[arg-type]
        return specs

    @classmethod
    def spec(cls, key: str) -> OptionSpec:
        """Return one option's declaration; BadOption if there is no such option."""
        for spec in cls.specs():
            if spec.key == key:
                return spec
        raise BadOption(f"unknown option {key}", key=key, value=key)

    def validate(self) -> None:
        """Raise BadOption for a value the rules file does not allow."""
        for spec in self.specs():
            spec.check(getattr(self, spec.key))
        self.check_together()

    def check_together(self) -> None:
        """Raise BadOption for a combination of values the rules do not allow (a hook)."""

    def to_dict(self) -> dict[str, Any]:
        """Return the options as a plain dict."""
        return {key: getattr(self, key) for key in self.keys()}

    @classmethod
    def keys(cls) -> tuple[str, ...]:
        """Return the option keys, in declaration order."""
        keys = _KEYS.get(cls)
        if keys is None:
            keys = _KEYS[cls] = tuple(spec.key for spec in cls.specs())
        return keys

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """Build options from a dict, refusing unknown keys."""
        # Every loaded snapshot and view builds its options: validate each distinct set once.
        # The value's type is part of the key, so 1 is never served for True.
        known = _BUILT.setdefault(cls, {})
        try:
            key = tuple(sorted((k, type(v), v) for k, v in data.items()))
            built = known.get(key)
        except TypeError:  # an unhashable value: no cache, the checks refuse or accept it
            key, built = None, None
        if built is None:
            built = cls._build(data)
            if key is not None and len(known) < _BUILT_MAX:
                known[key] = built
        return built  # type: ignore[return-value]

    @classmethod
    def _build(cls, data: Mapping[str, Any]) -> Self:
        unknown = sorted(set(data) - set(cls.keys()))
        if unknown:
            raise BadOption(f"unknown option {unknown[0]}", key=unknown[0],
                            value=data[unknown[0]])
        return cls(**data)

    @classmethod
    def preset(cls, name: str, **overrides: Any) -> Self:
        """Return a preset's options with any overrides applied."""
        if name not in cls.PRESETS:
            raise BadOption(f"unknown preset {name}; choose one of {', '.join(cls.PRESETS)}",
                            key="preset", value=name)
        return cls.from_dict({**cls.PRESETS[name], **overrides})

    def with_text(self, key: str, text: str) -> Self:
        """Return these options with one option set from a member's text."""
        spec = self.spec(key)
        if not spec.settable:
            raise BadOption(f"{key} cannot be changed here", key=key, value=text)
        return type(self).from_dict({**self.to_dict(), key: spec.parse(text)})

    @classmethod
    def settable(cls) -> tuple[OptionSpec, ...]:
        """Return the options `/rummy settings` offers."""
        return tuple(s for s in cls.specs() if s.settable)


_SPECS: dict[type, tuple[OptionSpec, ...]] = {}
_KEYS: dict[type, tuple[str, ...]] = {}
_BUILT: dict[type, dict[tuple[Any, ...], Options]] = {}
_BUILT_MAX = 1024  # distinct option sets kept per game (tables rarely differ in more)


def _spec(f: Field[Any]) -> OptionSpec:
    extra = f.metadata.get("option")
    if extra is None:
        raise TypeError(f"option field {f.name} is not declared with option()")
    default = f.default if f.default is not MISSING else None
    return OptionSpec(f.name, default=default, **extra)


def _kind_of(default: Any, choices: tuple[Any, ...]) -> Kind:
    if choices:
        return "choice"
    if isinstance(default, bool):
        return "bool"
    if _is_int(default):
        return "int"
    raise TypeError("say the kind of an option whose default is not a bool or an int")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_card_text(value: object) -> bool:
    if not isinstance(value, str):
        return False
    try:
        card = Card.parse(value)
    except BadCard:
        return False
    return not card.is_joker and card.text == value


def _to_int(word: str, raw: str) -> int | str:
    # The bot writes negative numbers with the minus sign U+2212: read it back as typed.
    sign, digits = (-1, word[1:]) if word.startswith(("-", "\u2212")) else (1, word)
    number = small_int(digits)
    return raw if number is None else sign * number


def _range_text(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f"a whole number between {low} and {high}"
    if low is not None:
        return f"a whole number ≥ {low}"
    return "a whole number"
