"""Helpers for the end-to-end game tests: scripted gin deals, lobby set-up, reading controls."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

import discord
import pytest
import simcord
import simcord.interactions
from PIL import Image

import cogs.host
from bot.app import RummyBot
from cogs.host import GameHost, ScriptedDeals
from cogs.host.leases import Leases
from tests.conftest import SETTLE_TIMEOUT, Sim
from tests.engine.gin.scripted import deck_order

# Scripted hands: Alice holds gin at once; the loose pair lets nobody end a hand quickly.
ALICE_GIN = "AS 2S 3S 4H 5H 6H 7C 8C 9C 10C"
LOOSE_A = "KS QH JD 9S 7D 5S 3H KH 8D 6C"
LOOSE_B = "AS 3S 6H 8H 10C QC 2D 4D 9D JS"

# Computer players wait this long (virtual seconds): more than the settle window, so
# their moves happen only when a test advances the clock.
BOT_DELAY = 3.0


@asynccontextmanager
async def attached(made: list[RummyBot], monkeypatch: pytest.MonkeyPatch | None = None
                   ) -> AsyncIterator[simcord.Env]:
    """Run SimCord with `made[0]` attached; shut it down and close the storage of every bot
    in `made` at the end (those made meanwhile too). With `monkeypatch`, leases read
    SimCord's clock, as the bots' timers do."""
    env = simcord.Env(made[0], settle_timeout=SETTLE_TIMEOUT)
    if monkeypatch is not None:
        monkeypatch.setattr(Leases, "clock", staticmethod(lambda: env.now().timestamp()))
    await env.start()
    try:
        yield env
    finally:
        await env.shutdown()
        for bot in made:
            await bot.close_storage()


@pytest.fixture(autouse=True)
def slow_computer(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make computer moves wait for advance_time."""
    monkeypatch.setattr(cogs.host, "BOT_DELAY", BOT_DELAY)


def set_locale(monkeypatch: pytest.MonkeyPatch, user_id: int, locale: str) -> None:
    """Send this member's interactions with this Discord locale (SimCord always sends en-US)."""
    original = simcord.interactions.base_payload

    def patched(*args: Any, **kwargs: Any) -> Any:
        record, payload = original(*args, **kwargs)
        if kwargs.get("user_id") == user_id:
            payload["locale"] = locale
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", patched)


@pytest.fixture
def chiara_speaks_italian(sim: Sim, monkeypatch: pytest.MonkeyPatch) -> None:
    """Send Chiara's interactions with Discord locale "it"."""
    set_locale(monkeypatch, sim.chiara.id, "it")


@pytest.fixture
def deals(monkeypatch: pytest.MonkeyPatch) -> ScriptedDeals:
    """Deal the games started during the test from the decks queued here (then shuffle).

    Every game host reads it, also one started by `sim.restart()`; it goes with the test.
    """
    source = ScriptedDeals()
    monkeypatch.setattr(GameHost, "deals", source)
    return source


def script(deals: ScriptedDeals, *decks: list[str], dealer: int = 1) -> None:
    """Deal the next gin game from these decks (seat `dealer` deals first)."""
    deals.queue("gin", *decks, first_dealer=dealer)


def deal(nondealer: str, dealer: str, upcard: str, stock: str = "") -> list[str]:
    """Return a deck that deals exactly these hands."""
    return deck_order(nondealer, dealer, upcard, stock)


async def set_turn_seconds(sim: Sim, seconds: int) -> None:
    """Store the server's default turn time."""
    await sim.bot.storage.set_guild_settings(sim.guild.id, turn_seconds=seconds)


async def open_table(sim: Sim, *others: simcord.MemberActor, computer: bool = False,
                     preset: str | None = None, game: str = "gin") -> discord.Message:
    """Alice opens a lobby (gin by default), the others join (or a computer); return it."""
    options: dict[str, Any] = {"game": game}
    if preset:
        options["preset"] = preset
    result = await sim.alice.slash(sim.channel, "rummy new", **options)
    assert result.ephemeral, result.response
    lobby = lobby_message(sim)
    for member in others:
        joined = await member.click(lobby, label="Join")
        assert joined.ephemeral
    if computer:
        await sim.alice.click(lobby, label="Add computer")
    return lobby


async def start_game(sim: Sim, game: str, *others: simcord.MemberActor, **rules: str) -> None:
    """Alice opens a table of `game` with these rules, the others join, and it starts."""
    lobby = await open_table(sim, *others, game=game)
    for option, value in rules.items():
        changed = await sim.alice.slash(sim.channel, "rummy settings", option=option,
                                        value=value)
        assert rule_set(changed.response.content), changed.response.content
    await sim.alice.click(lobby, label="Start")


def rule_set(answer: str) -> bool:
    """Whether `/rummy settings` saved a rule, or found it in force already."""
    return answer.startswith("Settings saved:\n• ") or answer == (
        "Nothing changed: the table already plays with these settings.")


async def choose(member: simcord.MemberActor, verb: str, values: list[str]) -> str:
    """Choose values in the member's hand select `verb`; return a private answer's text."""
    hand = dm(member)
    result = await member.user.select(hand, values, custom_id=select_id(hand, verb))
    return result.response.content if result.ephemeral else ""


def lobby_message(sim: Sim) -> discord.Message:
    """Return the newest message with a Join or a Leave button (a full lobby has no Join)."""
    for message in reversed(sim.channel.history()):
        if any(getattr(c, "label", None) in ("Join", "Leave") for c in children(message)):
            return message
    raise AssertionError("no lobby message")


def table_message(sim: Sim) -> discord.Message:
    """Return the table message (the one with the "My hand" button, or the newest table)."""
    for message in reversed(sim.channel.history()):
        if any(a.filename == "table.png" for a in message.attachments):
            return message
    raise AssertionError("no table message")


def children(message: Any) -> list[Any]:
    """Return the components of a message (buttons and selects), flattened."""
    out: list[Any] = []
    components = getattr(message, "components", [])
    for row in components:
        if isinstance(row, dict):
            out += row.get("components", [row])
        else:
            out += list(getattr(row, "children", [row]))
    return out


def custom_id(message: Any, suffix: str, selects_only: bool = False) -> str:
    """Return the custom_id of the one component whose id ends with `suffix`."""
    ids = [_cid(c) for c in children(message) if not selects_only or _options(c) is not None]
    found = [i for i in ids if i and i.endswith(suffix)]
    assert len(found) == 1, (suffix, ids)
    return found[0]


def select_id(message: Any, verb: str) -> str:
    """Return the custom_id of the select menu that completes `verb` (not a button)."""
    return custom_id(message, f":{verb}", selects_only=True)


def labels(message: Any) -> list[str]:
    """Return the labels of a message's buttons."""
    out = []
    for c in children(message):
        label = c.get("label") if isinstance(c, dict) else getattr(c, "label", None)
        if label:
            out.append(label)
    return out


def _options(component: Any) -> list[Any] | None:
    """Return a select's options, or None for a button."""
    if isinstance(component, dict):
        return component.get("options")
    return getattr(component, "options", None)


def _cid(component: Any) -> str | None:
    return component.get("custom_id") if isinstance(component, dict) else getattr(
        component, "custom_id", None)


def dm(member: simcord.MemberActor) -> discord.Message:
    """Return the newest DM the bot sent to a member."""
    message = member.user.dm_channel.last_message
    assert message is not None, f"no DM to {member.name}"
    return message


async def png_of(message: Any, save_as: str | None = None) -> Image.Image:
    """Download a message's first attachment, check it is a PNG and return it."""
    attachments = message.attachments
    assert attachments, "no attachment"
    data = await attachments[0].read()
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    if save_as:
        import os

        folder = os.environ.get("COG_SAMPLES")
        if folder:
            os.makedirs(folder, exist_ok=True)
            image.save(os.path.join(folder, save_as))
    return image


def texts(sim: Sim, viewer: simcord.MemberActor | None = None) -> list[str]:
    """Return the contents of the channel's messages, oldest first."""
    history: Sequence[discord.Message] = (
        sim.channel.history(viewer=viewer) if viewer else sim.channel.history())
    return [m.content for m in history]


def option_values(message: Any, suffix: str) -> list[str]:
    """Return the option values of the select whose custom_id ends with `suffix`."""
    for c in children(message):
        options = _options(c)
        if options is not None and (_cid(c) or "").endswith(suffix):
            return [o["value"] if isinstance(o, dict) else o.value for o in options]
    raise AssertionError(f"no select {suffix}")


async def play_pass(member: simcord.MemberActor) -> None:
    """The member passes the upcard from his DM."""
    await member.user.click(dm(member), label="Pass")


def hand_end_message(sim: Sim) -> discord.Message:
    """Return the channel message carrying the end-of-hand picture."""
    return next(m for m in sim.channel.history()
                if any(a.filename == "hand.png" for a in m.attachments))


async def cancel_game(sim: Sim, member: simcord.MemberActor) -> simcord.InteractionResult:
    """Cancel this channel's game by /rummy abandon, answering "Yes, cancel" if it asks."""
    asked = await member.slash(sim.channel, "rummy abandon")
    if asked.response is not None and "Yes, cancel" in labels(asked.response):
        return await member.click(asked.response, label="Yes, cancel")
    return asked


async def stale_click(sim: Sim, member: simcord.MemberActor,
                      custom_id: str) -> simcord.InteractionResult:
    """Click a button with this id on a copy of its own, as on a message shown before a change
    took the button away (SimCord clicks only what a message shows now)."""
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="stale", custom_id=custom_id))
    message = await sim.bot.get_channel(sim.channel.id).send("stale copy", view=view)
    return await member.click(message, label="stale")
