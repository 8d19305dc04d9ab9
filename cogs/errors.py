"""One place that turns refusals into ephemeral replies in the member's language.

A `RulesError` is told with the catalogue entry `error.<its code>` (`<game>.error.<code>` for
a code of the game's own, in its catalogue: see bot.i18n), filled with the error's own params:
every code has its words in each catalogue (a test checks it), so a new rule needs no code
here, only its catalogue entries. A click on a game's control is told as its seat reads it:
the game's adapter may choose another entry for his position (`refusal_key`: Canasta says
"you" rather than "your side" to a player alone on his side).
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator, Callable, Mapping

import discord
from discord import app_commands

from bot.i18n import card_text, catalogue, locale_of, placeholders, resolve, t
from bot.storage import OutcomeUnknown, StorageError, StorageUnavailable
from cogs.limits import CONTENT, ECHO, cut
from engine.errors import RulesError

log = logging.getLogger(__name__)

MISSING_PERMISSIONS = 50013

# discord.Permissions attribute -> catalogue key, in the order they are checked.
NEEDED_PERMISSIONS: tuple[tuple[str, str], ...] = (
    ("view_channel", "perm.view_channel"),
    ("send_messages", "perm.send_messages"),
    ("attach_files", "perm.attach_files"),
    ("embed_links", "perm.embed_links"),
    ("read_message_history", "perm.read_message_history"),
)

# Error params the catalogue knows by another name: `t()` takes `key` and `locale` itself.
_RENAMED = {"key": "option", "locale": "language"}

# A refusal's catalogue key as the member's seat reads it (the game's adapter may word it for
# his position, e.g. "you" rather than "your side" for a side of one).
Worded = Callable[[str], str]


def as_catalogued(key: str) -> str:
    """Return a refusal's key unchanged: no seat to word it for."""
    return key


class Refusal(Exception):
    """A request the bot declines; `key` and `params` make the member's message.

    `params` usually repeat what the member typed, so they are cut short when shown;
    `listed` are texts the bot wrote itself (the values an option takes), shown whole.
    """

    def __init__(self, key: str, listed: Mapping[str, str] | None = None,
                 **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params
        self.listed = dict(listed or {})


# What the handlers answer as a refusal; anything else is a bug and propagates. A storage
# error is answered too: the move was not saved, so it did not happen and may be tried again.
REFUSALS: tuple[type[Exception], ...] = (Refusal, RulesError, StorageError, discord.Forbidden)


def cause_of(error: Exception) -> Exception:
    """Return what a slash command raised (discord.py wraps it in CommandInvokeError)."""
    return error.original if isinstance(error, app_commands.CommandInvokeError) else error


def is_refusal(error: BaseException) -> bool:
    """Whether an error (a command's, unwrapped) is a refusal the handlers answer."""
    return isinstance(error, Exception) and isinstance(cause_of(error), REFUSALS)


def rules_key(error: RulesError) -> str:
    """Return the catalogue key that tells a RulesError: `error.<code>`, or the game's own
    `<game>.error.<code>`."""
    return resolve(f"error.{error.code}")


def rules_text(error: RulesError, locale: str, worded: Worded = as_catalogued) -> str:
    """Translate a RulesError into the member's language, with its params."""
    key = worded(rules_key(error))
    # A placeholder the error does not carry shows as "?" rather than breaking the text.
    params: dict[str, object] = dict.fromkeys(placeholders(catalogue(locale).get(key, "")), "?")
    params.update((_RENAMED.get(name, name), _shown(name, value))
                  for name, value in echoed(error.params).items())
    return t(key, locale, **params)


def echoed(params: Mapping[str, object]) -> dict[str, object]:
    """Return a refusal's params with their texts cut short: they repeat what was typed."""
    return {name: cut(value, ECHO) if isinstance(value, str) else value
            for name, value in params.items()}


def _shown(name: str, value: object) -> object:
    """Return a param as the player reads it: a `card` ("7C") with its suit sign ("7♣")."""
    return card_text(str(value)) if name == "card" and value else value


def missing_permission(channel: object, me: object) -> str:
    """Return the catalogue key of the first permission the bot lacks (Send Messages if none)."""
    permissions_for = getattr(channel, "permissions_for", None)
    if permissions_for is not None and me is not None:
        try:
            perms = permissions_for(me)
        except Exception:  # a partial channel or member: fall back to the usual culprit
            perms = None
        if perms is not None:
            for attr, key in NEEDED_PERMISSIONS:
                if not getattr(perms, attr, True):
                    return key
    return "perm.send_messages"


def refusal_text(interaction: discord.Interaction, error: Exception,
                 worded: Worded = as_catalogued) -> str:
    """Return what to tell the member about an error, in his language."""
    locale = locale_of(interaction.locale)
    if isinstance(error, Refusal):
        return t(error.key, locale, **echoed(error.params), **error.listed)
    if isinstance(error, RulesError):
        return rules_text(error, locale, worded)
    if isinstance(error, StorageError):
        # The member is told; the admin must see it too, an outage once (the storage told it).
        log.log(logging.DEBUG if isinstance(error, StorageUnavailable) else logging.ERROR,
                "not saved: %s", error)
        # Not "nothing changed": the database may hold it (the host reads it back).
        return t("error.not_confirmed" if isinstance(error, OutcomeUnknown) else "error.not_saved",
                 locale)
    if isinstance(error, discord.Forbidden) and error.code == MISSING_PERMISSIONS:
        perm = missing_permission(interaction.channel, getattr(interaction.guild, "me", None))
        return t("error.missing_permission", locale, permission=t(perm, locale))
    log.error("unexpected error answering an interaction", exc_info=error)
    return t("error.generic", locale)


async def reply(interaction: discord.Interaction, text: str) -> None:
    """Answer ephemerally, whether or not the interaction was already acknowledged."""
    text = cut(text, CONTENT)
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not send a refusal to %s", interaction.user.id)


async def discord_failed(interaction: discord.Interaction, error: discord.HTTPException) -> None:
    """Log an answer Discord refused; tell the member if the click was acknowledged."""
    log.warning("Discord refused an answer (%s %s)", error.status, error.code)
    if interaction.response.is_done():  # else Discord itself shows the click failed
        await reply(interaction, t("error.discord_failed", locale_of(interaction.locale)))


async def refuse(interaction: discord.Interaction, error: Exception,
                 worded: Worded = as_catalogued) -> None:
    """Tell the member, ephemerally and in his language, why nothing happened."""
    await reply(interaction, refusal_text(interaction, error, worded))


@contextlib.asynccontextmanager
async def refusals_answered(interaction: discord.Interaction,
                            worded: Worded = as_catalogued) -> AsyncIterator[None]:
    """Answer a refusal raised inside ephemerally (anything else is a bug: it propagates)."""
    try:
        yield
    except REFUSALS as error:
        await refuse(interaction, error, worded)
