"""What a running game keeps beside its engine state: the session's counters and takeovers,
the held lines, the move log, the drawn cards, each seat's standing "No claim" and the DM
hands that may still be live.
"""

from __future__ import annotations

import json
import logging

import discord

from bot.jsondata import JsonDict
from bot.storage import Storage, StorageError, StorageUnavailable
from cogs.custom_ids import PASS_MODES
from cogs.host.runtime import Runtime

log = logging.getLogger(__name__)


def meta_of(rt: Runtime) -> JsonDict:
    """Return what the session_meta column keeps: counters, takeovers, held lines and log."""
    meta = rt.session.meta()
    if rt.held_lines:
        # A restart between a draw and its discard must not lose the draw's public line.
        meta["held"] = {"version": rt.held_at, "lines": list(rt.held_lines)}
    meta["log"] = list(rt.log)
    if rt.pushed:
        meta["pushed"] = rt.pushed
    # Each seat's standing "No claim": a restart keeps the player's choice.
    passing = {str(s): [rt.autopass(s), state.autopass_hand] for s, state in rt.seats.items()
               if rt.passes_claims(s)}
    if passing:
        meta["autopass"] = passing
    for key in ("drawn", "taken"):
        cards = {str(s): list(getattr(state, key)) for s, state in rt.seats.items()
                 if getattr(state, key)}
        if cards:
            meta[key] = cards
    # The member each seat lets see its hand: a restart keeps the player's choice.
    if rt.shown_to:
        meta["shown"] = {str(s): [uid, name] for s, (uid, name) in rt.shown_to.items()}
    # DM hands that may still show controls: a restart must not leave them live.
    stale = {s: state.stale_dm() for s, state in rt.seats.items()}
    dms = {str(s): [dm.channel.id, dm.id] for s, dm in stale.items() if dm is not None}
    if dms:
        meta["dms"] = dms
    return meta


def restore_table_meta(rt: Runtime, meta: JsonDict, client: discord.Client) -> None:
    """Give a rebuilt runtime its move log, push count, drawn cards, standing passes, the
    members shown a hand and the newest DM hands."""
    rt.log = [str(line) for line in meta.get("log", [])]
    rt.pushed = int(meta.get("pushed", 0))
    for seat, (mode, hand) in meta.get("autopass", {}).items():
        if mode in PASS_MODES:
            rt.set_autopass(int(seat), str(mode), int(hand))
    for seat, cards in meta.get("drawn", {}).items():
        rt.seat(int(seat)).drawn = card_tuple(cards)
    for seat, cards in meta.get("taken", {}).items():
        rt.seat(int(seat)).taken = card_tuple(cards)
    for seat, (user_id, name) in meta.get("shown", {}).items():
        rt.shown_to[int(seat)] = (int(user_id), str(name))
    for seat, (channel_id, message_id) in meta.get("dms", {}).items():
        channel = client.get_partial_messageable(int(channel_id))
        rt.seat(int(seat)).last_dm = channel.get_partial_message(int(message_id))


def card_tuple(stored: object) -> tuple[str, ...]:
    """Return stored cards as a tuple (a lone card's text: meta written before lists)."""
    if isinstance(stored, str):
        return (stored,)
    return tuple(str(c) for c in stored) if isinstance(stored, list) else ()


class SessionMeta:
    """Stores each game's session counters, takeovers, held lines and log when they change."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    async def save(self, rt: Runtime) -> None:
        """Store the session's counters, takeovers, held lines and log if they changed."""
        meta = meta_of(rt)
        if meta == rt.saved_meta or rt.session.closed:
            return  # a closed session's game is over or abandoned: nothing more to keep
        try:
            await self.storage.save_session_meta(
                rt.record.id, json.dumps(meta, separators=(",", ":")))
        except StorageError as error:
            # The game goes on; the counters are saved again with the next change. An
            # outage is told once by the storage.
            level = logging.DEBUG if isinstance(error, StorageUnavailable) else logging.WARNING
            log.log(level, "game %s: session meta not saved (%s)", rt.record.id, error)
            return
        rt.saved_meta = meta
