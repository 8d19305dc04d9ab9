"""Translations: one function, `t`, for every string a user reads.

Catalogues live in `bot.locales.<language>` as dicts of str.format templates.
The language comes from a Discord locale ("it" → Italian; "en-US", "en-GB" and
anything unknown → English). A key missing in Italian falls back to English; a
key missing everywhere comes back as itself, with a warning in the log.
"""

from __future__ import annotations

import logging
import string
from collections.abc import Mapping
from typing import Final

from bot.locales import en, it

__all__ = ["DEFAULT", "SUPPORTED", "catalogue", "locale_of", "placeholders", "t"]

log = logging.getLogger(__name__)

SUPPORTED: Final = ("en", "it")
DEFAULT: Final = "en"

_CATALOGUES: Final[Mapping[str, Mapping[str, str]]] = {"en": en.MESSAGES, "it": it.MESSAGES}


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
        return template.format(**params)
    except (KeyError, IndexError, ValueError) as exc:
        # A wrong call must not break the game: show the text unfilled, and say why.
        log.warning("cannot fill translation %r: %r", key, exc)
        return template


def placeholders(template: str) -> set[str]:
    """Return the names of the {placeholders} used in a template."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}
