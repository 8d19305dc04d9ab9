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
- every negative whole number is written with the minus sign U+2212 ("−20"),
  never the hyphen: it is as wide as "+", so signed scores line up, and it is the
  sign players read in print. (Players may type either; the option parser reads both.)

Suit symbols ♠ ♥ ♦ ♣ are followed by U+FE0E (`text_suits`), which asks for their
text form: without it Discord draws ♠ and ♣ as dark emoji, unreadable on its dark
theme. Cards reach text through `card_text`, so every card in a message or a label
carries it; catalogue entries write the selector after any suit they name.
"""

from __future__ import annotations

import logging
import re
import string
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from bot.locales import en, it
from engine.cards import Card

__all__ = ["DEFAULT", "MINUS", "SUPPORTED", "TEXT_STYLE", "card_text", "cards_text",
           "catalogue", "locale_of", "number", "placeholders", "t", "text_suits"]

log = logging.getLogger(__name__)

SUPPORTED: Final = ("en", "it")
DEFAULT: Final = "en"
MINUS: Final = "\u2212"
TEXT_STYLE: Final = "\ufe0e"  # variation selector-15: "draw the character before as text"

_CATALOGUES: Final[Mapping[str, Mapping[str, str]]] = {"en": en.MESSAGES, "it": it.MESSAGES}
_BARE_SUIT: Final = re.compile(f"([♠♥♦♣])(?!{TEXT_STYLE})")


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
    """Return the message catalogue for a locale (English when unsupported)."""
    return _CATALOGUES[locale_of(locale)]


def t(key: str, locale: object = None, **params: object) -> str:
    """Translate `key` for `locale` and fill its {placeholders} from `params`."""
    template = _CATALOGUES[locale_of(locale)].get(key)
    if template is None:
        template = _CATALOGUES[DEFAULT].get(key)
        if template is None:
            log.warning("missing translation key %r", key)
            return key
    try:
        return _FORMATTER.vformat(template, (), params)
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
    """str.format with the plural choice, the signed score and the minus sign."""

    def format_field(self, value: Any, format_spec: str) -> str:
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


_FORMATTER: Final = _Formatter()
