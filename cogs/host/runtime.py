"""The record of one running game, and what the host knows about each seat's hand."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import discord

from bot.i18n import locale_of
from bot.jsondata import JsonDict
from bot.storage import GameRecord, RatingChange
from cogs.adapters import ButtonControl, Control
from cogs.adapters.base import GameAdapter
from cogs.custom_ids import PASS_MODES
from cogs.errors import Refusal
from cogs.host.settings import TableSettings
from cogs.views import shown_controls
from engine.game import Game
from engine.session import GameSession, StaleAction

# Where a hand is shown: a DM (a message) or an ephemeral answer (its interaction).
Surface = discord.Message | discord.Interaction
# A DM hand message: sent now, or known by its ids only (after a restart).
DmMessage = discord.Message | discord.PartialMessage


@dataclass(frozen=True)
class Copy:
    """A copy of a hand shown besides the live one: used first, it becomes the live one."""

    surface: Surface | DmMessage
    message_id: int | None
    shown_at: float


@dataclass
class SeatState:
    """One seat's hand on Discord: where it is shown, how it is sorted, its menu step."""

    surface: Surface | None = None
    live_id: int | None = None  # the message of the copy kept up to date (None: unknown)
    shown_at: float = 0.0  # time.monotonic() when the surface was shown
    # What the surface shows now (a key of its text, picture and controls) and whether it
    # has controls: unchanged hands are not edited, control-less ones need no stripping.
    # None: unknown (e.g. after a restart, or until the answer to a click is sent).
    shown: tuple[str, bool] | None = None
    sort: str = "suit"
    dm_closed: bool = False  # his DMs refused us (50007): he uses "My hand" instead
    draft: object | None = None  # his place in the hand's menus, valid at `draft_version` only
    draft_version: int = -1
    drawn: tuple[str, ...] = ()  # the cards he drew from the stock this turn (his eyes only)
    taken: tuple[str, ...] = ()  # the cards he took from the discard pile this turn
    last_dm: DmMessage | None = None  # his newest DM hand: the older ones have no controls
    # Older copies that may still show controls (he asked for another copy since): the
    # first copy he uses becomes the live one, and the others lose their controls then.
    spares: list[Copy] = field(default_factory=list)
    # The controls his hand last showed, with the version and menu step they were built
    # for: a click is accepted only if they offer it (rebuilt when unknown, e.g. a restart).
    offered: tuple[int, object | None, list[Control]] | None = None
    # How long he passes on every claim window (PASS_MODES), and for "hand" the hand he set
    # it in: his own standing "No claim", kept by the host, never the game's.
    autopass: str = "off"
    autopass_hand: int = 0

    def show_on(self, surface: Surface, message_id: int | None = None) -> None:
        """Note that the hand is now shown on this surface (its content not yet known).

        `message_id` names an ephemeral answer's message (a DM is its own message).
        """
        self.surface, self.shown_at = surface, time.monotonic()
        self.live_id = surface.id if isinstance(surface, discord.Message) else message_id

    def keep_spare(self) -> None:
        """Keep the live copy as a spare before another copy is shown."""
        if self.surface is not None and self.has_controls(unknown=True):
            self.spares.append(Copy(self.surface, self.live_id, self.shown_at))

    def copies_besides(self, message: discord.Message | None) -> list[Copy]:
        """Return (and forget) every copy with controls but the one this click came from."""
        clicked = None if message is None else message.id
        others = [c for c in self.spares if c.message_id != clicked]
        if not self.is_live(message) and self.surface is not None and self.has_controls(
                unknown=True):
            others.append(Copy(self.surface, self.live_id, self.shown_at))
        self.spares = []
        if self.last_dm is not None and any(c.message_id == self.last_dm.id for c in others):
            self.last_dm = None  # it loses its controls now: nothing to strip there later
        return others

    def is_live(self, message: discord.Message | None) -> bool:
        """Whether a click on this message comes from the copy of the hand kept up to date."""
        return message is None or self.live_id is None or message.id == self.live_id

    def forget_surface(self) -> None:
        """Forget where the hand is shown (e.g. an ephemeral answer too old to edit)."""
        self.surface, self.shown = None, None

    def has_controls(self, unknown: bool) -> bool:
        """Whether the surface shows controls; `unknown` when nothing is known."""
        return self.shown[1] if self.shown is not None else unknown

    def stale_dm(self) -> DmMessage | None:
        """Return the newest DM hand if it may still show controls (a new one replaces it)."""
        old, surface = self.last_dm, self.surface
        if isinstance(surface, discord.Message) and (old is None or surface.id == old.id):
            # Shown there now: its controls are known, and unknown (a restart) counts as some.
            return surface if self.has_controls(unknown=True) else None
        # Not shown there (the hand moved to "My hand", or a restart): strip it to be sure.
        return old


@dataclass
class Runtime:
    """One running game: record, adapter, session, settings and each seat's hand."""

    record: GameRecord
    adapter: GameAdapter
    session: GameSession
    settings: TableSettings
    seats: dict[int, SeatState] = field(default_factory=dict)
    prev_to_act: list[int] = field(default_factory=list)
    auto_seat: int | None = None  # the seat whose move the clock is making
    table_message_id: int | None = None
    saved_meta: JsonDict = field(default_factory=dict)  # the session meta last stored
    # Public lines of moves that did not end the turn: the table shows them with its next edit.
    held_lines: list[str] = field(default_factory=list)
    held_at: int = -1  # the game version those lines were held at
    log: list[str] = field(default_factory=list)  # the table's running move log, newest last
    # How far messages posted below the table pushed it up (a picture counts as a screen).
    pushed: int = 0
    # The member each seat lets see its hand (his Watch answer shows it): user id and name.
    shown_to: dict[int, tuple[int, str]] = field(default_factory=dict)
    # What the game's end did to each seat's rating (set as its results are recorded).
    ratings: list[RatingChange] = field(default_factory=list)
    # What dealt the game (engine.replay.Start as JSON), kept in every snapshot for replays;
    # None for a game saved before starts were kept.
    start: JsonDict | None = None
    # A move's save went unconfirmed (OutcomeUnknown) or was refused as stale: the stored
    # game may be ahead of this one until the host reads it back (Sessions.settle).
    unsettled: bool = False

    @property
    def game(self) -> Game:
        """The live game."""
        return self.session.game

    @property
    def names(self) -> list[str]:
        """Seat names, in seat order."""
        return [s["name"] for s in self.record.seats]

    @property
    def locale(self) -> str:
        """The language of the table's public messages."""
        return self.settings.locale

    @property
    def delivery(self) -> str:
        """How hands reach players: 'dm' or 'channel'."""
        return self.settings.hand_delivery

    def seat(self, seat: int) -> SeatState:
        """Return what the host knows about a seat's hand."""
        state = self.seats.get(seat)
        if state is None:
            state = self.seats[seat] = SeatState()
        return state

    def seat_of(self, user_id: int) -> int | None:
        """Return the seat of a member, or None if he does not play here."""
        for i, seat in enumerate(self.record.seats):
            if seat["user_id"] == user_id and not seat["is_bot"]:
                return i
        return None

    def draft(self, seat: int) -> object | None:
        """Return where a seat is in its hand's menus; any accepted move resets it."""
        state = self.seat(seat)
        return state.draft if state.draft_version == self.game.version else None

    def set_draft(self, seat: int, draft: object | None) -> None:
        """Remember a seat's menu step for the current game version."""
        state = self.seat(seat)
        state.draft, state.draft_version = draft, self.game.version

    def offered(self, seat: int) -> list[Control]:
        """Return the controls the seat's hand offers now, as its message shows them."""
        state, version, draft = self.seat(seat), self.game.version, self.draft(seat)
        known = state.offered
        if known is None or known[:2] != (version, draft):
            controls = self.adapter.controls(self.game, seat, self.seat_locale(seat), draft)
            known = state.offered = (version, draft,
                                     shown_controls(self.record.id, version, controls))
        return known[2]

    def autopass(self, seat: int) -> str:
        """Return how long the seat passes on every claim window now: off, hand or game."""
        state = self.seat(seat)
        if state.autopass == "hand" and state.autopass_hand != self.adapter.hand_number(
                self.game):
            return "off"  # "this hand" ended with its hand
        return state.autopass

    def set_autopass(self, seat: int, mode: str, hand: int | None = None) -> None:
        """Set how long the seat passes on every claim window (for "hand": this one)."""
        state = self.seat(seat)
        state.autopass = mode
        state.autopass_hand = self.adapter.hand_number(self.game) if hand is None else hand

    def passes_claims(self, seat: int) -> bool:
        """Whether the seat's person passes on every claim window now (the session asks)."""
        return self.autopass(seat) != "off"

    def autopass_button(self, seat: int) -> ButtonControl | None:
        """Return the hand's button showing the seat's pass mode, whose click sets the next
        one; None when the game has no claim windows."""
        mode = self.autopass(seat)
        label = self.adapter.autopass_label(self.game, mode, self.seat_locale(seat))
        if label is None:
            return None
        after = PASS_MODES[(PASS_MODES.index(mode) + 1) % len(PASS_MODES)]
        return ButtonControl(after, label, "secondary" if mode == "off" else "primary")

    def check_move(self, seat: int, version: int | None) -> None:
        """Refuse a hand move made on an older state, or out of the seat's turn."""
        if version != self.game.version:
            raise StaleAction()
        acting = self.game.to_act()
        if seat not in acting:
            raise not_your_turn([self.names[s] for s in acting])

    def seat_locale(self, seat: int) -> str:
        """Return the language a seat's private messages use."""
        return locale_of(self.record.seats[seat].get("locale") or self.locale)


def not_your_turn(acting: list[str]) -> Refusal:
    """Return the refusal of a move out of turn, naming who plays now."""
    if len(acting) == 1:
        return Refusal("turn.not_yours", {"name": acting[0]})
    if len(acting) > 1:
        return Refusal("turn.not_yours_many", {"head": ", ".join(acting[:-1]),
                                               "last": acting[-1]})
    return Refusal("error.not_your_turn")  # nobody to play: the hand is being scored
