"""Slash commands in the member's language: their descriptions and choices come from the
message catalogues, and Discord shows each member the words of his own client's language.

A command's text is written `words("cmd.new")`: English in the code's decorators, and a
catalogue key that `CatalogueTranslator` looks up when the commands are synced. Command and
option names stay English, so `/rummy new` is the same command whatever the language.
"""

from __future__ import annotations

from discord import Locale, app_commands
from discord.app_commands import TranslationContextLocation as Where

from .i18n import DEFAULT, locale_of, t

# Names are typed and quoted in help texts, so only what describes a command is translated.
_TRANSLATED = frozenset({Where.command_description, Where.group_description,
                         Where.parameter_description, Where.choice_name})


def words(key: str) -> app_commands.locale_str:
    """Return a command's text: the catalogue's English, carrying its key for the others."""
    return app_commands.locale_str(t(key, DEFAULT), key=key)


class CatalogueTranslator(app_commands.Translator):
    """Give Discord each command text in every language the catalogues have."""

    async def translate(self, string: app_commands.locale_str, locale: Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        """Return the text in the locale's language; None keeps the English default."""
        key, language = string.extras.get("key"), locale_of(locale)
        if key is None or language == DEFAULT or context.location not in _TRANSLATED:
            return None
        return t(key, language)
