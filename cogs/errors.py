"""One place that turns refusals into ephemeral replies in the member's language."""

from __future__ import annotations

import logging

import discord

from bot.i18n import locale_of, t
from engine.cards import Card
from engine.errors import RulesError

log = logging.getLogger(__name__)

# RulesError codes -> catalogue keys; the engine's own message is English only.
_CODES: dict[str, str] = {
    "stale": "error.move_unavailable",
    "too_late": "error.too_late",
    "session_closed": "error.game_over",
    "game_over": "error.game_over",
    "not_your_turn": "error.not_your_turn",
    "wrong_phase": "error.wrong_phase",
    "card_not_in_hand": "error.card_not_in_hand",
    "taken_card_discard": "error.taken_card_discard",
    "invalid_meld": "error.invalid_meld",
    "illegal_move": "error.move_unavailable",
    "bad_card": "error.move_unavailable",
    "not_opened": "error.not_opened",
    "first_meld_too_low": "error.first_meld_too_low",
    "key_card_unused": "error.key_card_unused",
    "ambiguous_end": "error.ambiguous_end",
    "does_not_fit": "error.does_not_fit",
    "must_keep_card": "error.must_keep_card",
    "last_card_playable": "error.last_card_playable",
    "dead_end": "error.dead_end",
    "own_discard": "error.own_discard",
    "no_such_meld": "error.move_unavailable",
    "stock_empty": "error.move_unavailable",
    "stock_not_empty": "error.move_unavailable",
    "must_draw_stock": "error.must_draw_stock",
    "no_such_position": "error.move_unavailable",
}

# discord.Permissions attribute -> catalogue key, in the order they are checked.
NEEDED_PERMISSIONS: tuple[tuple[str, str], ...] = (
    ("view_channel", "perm.view_channel"),
    ("send_messages", "perm.send_messages"),
    ("attach_files", "perm.attach_files"),
    ("embed_links", "perm.embed_links"),
    ("read_message_history", "perm.read_message_history"),
)


class Refusal(Exception):
    """A request the bot declines; `key` and `params` make the member's message."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


def rules_text(error: RulesError, locale: str) -> str:
    """Translate a RulesError into the member's language."""
    if error.code == "knock_too_high":
        limit = error.params.get("limit", 0)
        return t("error.gin_only" if limit == 0 else "error.knock_too_high", locale, limit=limit)
    if error.code == "bad_option":
        return t("error.invalid_option", locale, value=error.params.get("value", "?"),
                 option=error.params.get("key", "?"))
    key = _CODES.get(error.code, "error.move_unavailable")
    card = str(error.params.get("card", ""))
    pretty = Card.parse(card).pretty() if card else ""
    return t(key, locale, card=pretty, minimum=error.params.get("minimum", ""),
             points=error.params.get("points", ""), meld=error.params.get("meld", ""))


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


async def reply(interaction: discord.Interaction, text: str) -> None:
    """Answer ephemerally, whether or not the interaction was already acknowledged."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not send a refusal to %s", interaction.user.id)


async def refuse(interaction: discord.Interaction, error: Exception) -> None:
    """Tell the member, ephemerally and in his language, why nothing happened."""
    locale = locale_of(interaction.locale)
    if isinstance(error, Refusal):
        text = t(error.key, locale, **error.params)
    elif isinstance(error, RulesError):
        text = rules_text(error, locale)
    elif isinstance(error, discord.Forbidden) and error.code == 50013:
        perm = missing_permission(interaction.channel, getattr(interaction.guild, "me", None))
        text = t("error.missing_permission", locale, permission=t(perm, locale))
    else:
        log.error("unexpected error answering an interaction", exc_info=error)
        text = t("error.generic", locale)
    await reply(interaction, text)
