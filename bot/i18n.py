"""Translations: one function, `t`, for every string a user reads.

Catalogues live in `bot.locales.<language>` as dicts of str.format templates.
The language comes from a Discord locale ("it" → Italian; "en-US", "en-GB" and
anything unknown → English). A key missing in Italian falls back to English; a
key missing everywhere comes back as itself, with a warning in the log.

Numbers are written here, the same way in every message:

- `{n:card|cards}` is a plural choice: the text before the bar when `n` is one
  (1 or −1), the text after it otherwise, zero included. English and Italian
  share that rule, so the numbers and their words are written as
  `{count} {count:card|cards}` and `{count} {count:carta|carte}`; a verb that
  agrees is chosen the same way (`{n:resta|restano}`). A value that is not a
  whole number takes the plural.
- `{n:+}` is a signed score: "+5", "−5", and "0" with no sign.
- `{n:,}` groups thousands as the language writes them: "5,000" in English, "5.000" in
  Italian (`grouped` does the same in code).
- every negative whole number is written with the minus sign U+2212 ("−20"),
  never the hyphen: it is as wide as "+", so signed scores line up, and it is the
  sign players read in print. (Players may type either; the option parser reads both.)

Suit symbols ♠ ♥ ♦ ♣ are followed by U+FE0E (`text_suits`), which asks for their
text form: without it Discord draws ♠ and ♣ as dark emoji, unreadable on its dark
theme. Cards reach text through `card_text`, so every card in a message or a label
carries it; catalogue entries write the selector after any suit they name.

Each game's words live with the game. The shared catalogues hold the words every game
uses; a game's own words (en and it) are its catalogue, declared by its adapter
(`AdapterBase.words`, installed with the class by `register(game name, words)`), so adding a
game touches neither shared file. Every key of a game's catalogue starts with the game's
name, its scope: adapters call `t("canasta.pile_frozen", …)` as before. Shared code reads a
game's words through these conventions and finds the game's own entry before the shared one:

    shared convention              the game's own entry (looked up first)
    game.<game>                    <game>.game              (the display name)
    preset.<game>.<preset>         <game>.preset.<preset>   (else the shared preset.<preset>)
    option.<key>[.help|.none]      <game>.option.<key>[.help|.none]
    error.<code>                   <game>.error.<code>      (the game's own RulesError codes)

`t` itself finds the first two from the shared form (`t("game.canasta")`), and a game's own
error code from `error.<code>`: a refusal is told without knowing the game, so an error code
belongs to one game only. Code that knows the game asks `game_key(game, key)` for the rest
(an option's label may differ from game to game). `register` refuses a key outside its scope,
a game registered twice, a key the catalogues already have (a shared entry left behind when
a game's words moved, an error code another game tells) and an Italian entry with no English
one; an Italian entry missing falls back to English, as in the shared catalogues. How to move
a game's words out of the shared catalogues: `python -m bot.locales.move_words --help`.
"""

from __future__ import annotations

import logging
import re
import string
from collections import ChainMap
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final, TypeAlias

from bot.locales import en, it
from engine.cards import Card

__all__ = ["DEFAULT", "MINUS", "SUPPORTED", "TEXT_STYLE", "Catalogues", "Words", "WordsRefused",
           "card_text", "cards_text", "catalogue", "game_key", "games_with_words", "grouped",
           "locale_of", "number", "own_form", "placeholders", "register", "resolve", "t",
           "text_suits"]

log = logging.getLogger(__name__)

SUPPORTED: Final = ("en", "it")
DEFAULT: Final = "en"
MINUS: Final = "\u2212"
TEXT_STYLE: Final = "\ufe0e"  # variation selector-15: "draw the character before as text"

_THOUSANDS: Final = {"en": ",", "it": "."}
_BARE_SUIT: Final = re.compile(f"([♠♥♦♣])(?!{TEXT_STYLE})")
# Shared conventions that name the game in their key: `game.canasta`, `preset.canasta.short`.
_NAMING_THE_GAME: Final = frozenset({"game", "preset"})

# A catalogue: language → key → str.format template.
Words: TypeAlias = Mapping[str, Mapping[str, str]]


class WordsRefused(ValueError):
    """A game's catalogue that `register` refuses; the message lists every reason."""


class Catalogues:
    """The shared catalogues and every game's own, each scoped by the game's name."""

    def __init__(self, shared: Mapping[str, dict[str, str]]) -> None:
        # The shared dicts stay live (tests patch them); every game's words in one dict beside.
        self._shared = {language: shared[language] for language in SUPPORTED}
        self._own: dict[str, dict[str, str]] = {language: {} for language in SUPPORTED}
        self._merged = {language: ChainMap(self._shared[language], self._own[language])
                        for language in SUPPORTED}
        self._games: set[str] = set()
        self._codes: dict[str, str] = {}  # "error.<code>" → the game whose own code it is

    def merged(self, language: str) -> Mapping[str, str]:
        """Return every entry of one language: the shared ones and each game's."""
        return self._merged[language]

    def games(self) -> frozenset[str]:
        """Return the names of the games that registered their own catalogue."""
        return frozenset(self._games)

    def register(self, game: str, words: Words) -> None:
        """Add a game's own catalogue; WordsRefused (and nothing added) if it breaks a rule."""
        problems = self.refusals(game, words)
        if problems:
            raise WordsRefused(f"the words of {game!r} are refused: " + "; ".join(problems))
        for language in SUPPORTED:
            self._own[language].update(words.get(language, {}))
        self._games.add(game)
        scope = game + "."
        self._codes.update((key.removeprefix(scope), game) for key in words[DEFAULT]
                           if key.startswith(scope + "error."))

    def refusals(self, game: str, words: Words) -> list[str]:
        """Return why a game's catalogue cannot be registered (nothing when it can)."""
        english = words.get(DEFAULT, {})
        scope = game + "."
        keys = [key for language in words for key in words[language]]
        problems = [
            *([f"{game!r} registered twice"] if game in self._games else []),
            *([f"{game!r} is no game name"] if not re.fullmatch("[a-z][a-z0-9_]*", game) else []),
            *([] if english else ["no English entries"]),
            *(f"unknown language {lang!r}" for lang in sorted(set(words) - set(SUPPORTED))),
            *(f"{key!r} is outside its scope {scope!r}" for key in keys
              if not key.startswith(scope)),
            *(f"{key!r} is in Italian only" for key in words.get("it", {}) if key not in english),
            *(f"{key!r} is already catalogued" for key in english if key in self._merged[DEFAULT]),
            *(f"the shared catalogue still has {key!r}" for key in self._shared[DEFAULT]
              if (key.startswith(scope) or _names_game(key, game)) and key not in english),
        ]
        codes = [key.removeprefix(scope) for key in english if key.startswith(scope + "error.")]
        problems += [f"{code!r} is already told by the catalogues" for code in codes
                     if code in self._merged[DEFAULT] or code in self._codes]
        return problems

    def game_key(self, game: str, key: str) -> str:
        """Return the game's own entry for a shared key if its catalogue has one, else `key`
        (`key` too when no game is named)."""
        own = own_form(game, key) if game else key
        return own if own in self._merged[DEFAULT] else key

    def resolve(self, key: str) -> str:
        """Return the key `t` reads for `key`: itself if catalogued, else the game's own entry
        it stands for (`game.canasta` → `canasta.game`, `error.pile_frozen` →
        `canasta.error.pile_frozen`), else itself."""
        if key in self._merged[DEFAULT]:
            return key
        game = self._game_named(key) or self._codes.get(key)
        return key if game is None else self.game_key(game, key)

    def template(self, key: str, language: str) -> str | None:
        """Return the template of a key in a language (English when it has none), or None."""
        found = self._entry(key, language)
        if found is None:
            key = self.resolve(key)
            found = self._entry(key, language)
        return self._entry(key, DEFAULT) if found is None else found

    def _entry(self, key: str, language: str) -> str | None:
        """Return one language's entry of a key, shared or a game's own (two dict lookups:
        `t` runs often)."""
        found = self._shared[language].get(key)
        return self._own[language].get(key) if found is None else found

    def _game_named(self, key: str) -> str | None:
        """Return the registered game a shared key names (`preset.canasta.short`), if any."""
        parts = key.split(".")
        game = parts[1] if len(parts) > 1 else ""
        return game if game in self._games and _names_game(key, game) else None


def _names_game(key: str, game: str) -> bool:
    """Whether a shared key is one of the conventions naming this game (`game.canasta`)."""
    convention, _, rest = key.partition(".")
    return convention in _NAMING_THE_GAME and (rest == game or rest.startswith(game + "."))


def own_form(game: str, key: str) -> str:
    """Return how a game's catalogue writes a shared key (the table in this docstring)."""
    if _names_game(key, game):
        convention, _, rest = key.partition(".")
        return ".".join(filter(None, (game, convention, rest[len(game) + 1:])))
    return f"{game}.{key}"


_WORDS = Catalogues({"en": en.MESSAGES, "it": it.MESSAGES})


def locale_of(discord_locale: object) -> str:
    """Map a discord.Locale, a locale string or None to a supported language code."""
    # discord.Locale is discord.py's own enum type (not enum.Enum): read `.value`.
    value = (
        discord_locale
        if isinstance(discord_locale, str)
        else getattr(discord_locale, "value", None)
    )
    if not isinstance(value, str):
        return DEFAULT
    # "it", "it-IT" and "it_IT" all name Italian; Discord sends the bare "it".
    language = value.strip().replace("_", "-").split("-")[0].lower()
    return language if language in SUPPORTED else DEFAULT


def catalogue(locale: object) -> Mapping[str, str]:
    """Return every entry of a locale's language, the shared ones and each game's own."""
    return _WORDS.merged(locale_of(locale))


def register(game: str, words: Words) -> None:
    """Add a game's own catalogue (its adapter's `words`); WordsRefused if it breaks a rule."""
    _WORDS.register(game, words)


def games_with_words() -> frozenset[str]:
    """Return the names of the games whose words live in their own catalogue."""
    return _WORDS.games()


def game_key(game: str, key: str) -> str:
    """Return the game's own entry for a shared key (`canasta.option.target_score` for
    `option.target_score`) when its catalogue has one, else the shared `key`."""
    return _WORDS.game_key(game, key)


def resolve(key: str) -> str:
    """Return the catalogue key `t` reads for `key` (a game's own entry it stands for)."""
    return _WORDS.resolve(key)


def t(key: str, locale: object = None, **params: object) -> str:
    """Translate `key` for `locale` and fill its {placeholders} from `params`."""
    template = _WORDS.template(key, locale_of(locale))
    if template is None:
        log.warning("missing translation key %r", key)
        return key
    try:
        return _FORMATTERS[locale_of(locale)].vformat(template, (), params)
    except (KeyError, IndexError, ValueError) as exc:
        # A wrong call must not break the game: show the text unfilled, and say why.
        log.warning("cannot fill translation %r: %r", key, exc)
        return template


def placeholders(template: str) -> set[str]:
    """Return the names of the {placeholders} used in a template."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def number(value: int) -> str:
    """Write a whole number as players read it: a negative one with the minus sign U+2212."""
    return MINUS + str(-value) if value < 0 else str(value)


def grouped(value: int, locale: object) -> str:
    """Write a whole number with its thousands grouped as the language does: "5,000", "5.000"."""
    digits = f"{abs(value):,}".replace(",", _THOUSANDS[locale_of(locale)])
    return MINUS + digits if value < 0 else digits


def names_text(names: Sequence[str], locale: object) -> str:
    """Write names as a sentence lists them: "Alice, Bruno and Chiara"."""
    if len(names) < 2:
        return "".join(names)
    return t("list.and", locale, head=", ".join(names[:-1]), last=names[-1])


def text_suits(text: str) -> str:
    """Return `text` with every suit symbol asking for its text form (U+FE0E after it)."""
    return _BARE_SUIT.sub(r"\1" + TEXT_STYLE, text)


def card_text(code: str | None) -> str:
    """Write a card for a message or a label: "10♥", with the suit in text form."""
    return text_suits(Card.parse(code).pretty()) if code else ""


def cards_text(codes: Iterable[str]) -> str:
    """Write cards for a message or a label, separated by spaces."""
    return " ".join(card_text(code) for code in codes)


def _is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class _Formatter(string.Formatter):
    """str.format with the plural choice, the signed score, the minus sign and one
    language's thousands."""

    def __init__(self, language: str) -> None:
        super().__init__()
        self.language = language

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec == ",":
            return grouped(value, self.language) if _is_whole(value) else str(value)
        if "|" in format_spec:
            one, _, other = format_spec.partition("|")
            return one if _is_whole(value) and abs(value) == 1 else other
        if not _is_whole(value):
            return str(value) if format_spec == "+" else super().format_field(value, format_spec)
        if format_spec == "+":
            return "+" + str(value) if value > 0 else number(value)
        if not format_spec:
            return number(value)
        return str(super().format_field(value, format_spec)).replace("-", MINUS)


_FORMATTERS: Final = {language: _Formatter(language) for language in SUPPORTED}
