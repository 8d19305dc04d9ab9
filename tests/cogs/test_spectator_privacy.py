"""Hidden cards stay hidden from spectators, in every game.

Each game is played by the computer players with a spectator and a member named by seat 1.
After every action the Watch answers of both are built as the host builds them (the table
spec, its status and the move log) and checked against every seat's hand, read from the
engine's private views:

- no card of a hand is in the table picture beyond the copies the deck has: for each card,
  the picture's copies plus the copies in hands never exceed the deck's (a hand drawn on the
  table, even one card of it, breaks this; in one-deck games every card). A knock card turned
  from a second deck (Oklahoma, team gin) is of no deck dealt: it is left out of the count;
- no text of the answer (the new log lines, status, the picture's words) names a card held in
  a hand that nobody has seen (the table never showed it, the log never named it) more often
  than the copies not in hands allow (a joker's stand-in, "🃏(K♠)", names no card);
- the spectator gets no hand; the named member gets exactly seat 1's hand, no other.
"""

from __future__ import annotations

import dataclasses
import os
import re
from collections import Counter
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from bot.i18n import card_text
from card_images import FaceUpPile, MeldSpec
from cogs.adapters import Deal
from cogs.adapters.base import GameAdapter
from cogs.host.movelog import extended
from cogs.host.watch import WatchSight, watch_sight
from cogs.registry import adapter_for
from engine.base import DeckSource
from engine.cards import Card

NAMES = ["Alice", "Bruno", "Chiara", "Dario"]
SPECTATOR, NAMED = 98, 99
SHOWN = 1  # the seat whose player lets NAMED see his hand
# (game, preset, rule changes, seats): every game, the partnership ones with partners.
GAMES = [("gin", "standard", {}, 2), ("gin", "mahjong", {}, 2),
         ("gin", "german", {"team_size": 2}, 4), ("rummy500", "standard", {}, 3),
         ("ramino", "classic", {}, 3), ("ramino51", "standard", {}, 3),
         ("canasta", "short", {}, 4)]
# A game is watched through its first hand's end and the next deal (at most STEPS actions,
# under a second), and a little beyond: DEALS deals in all.
STEPS, DEALS = 600, 3
# one seeded game per setup; RUMMY_PROPERTY_MATCHES=20 plays twenty of each
SEEDS = range(7, 7 + int(os.environ.get("RUMMY_PROPERTY_MATCHES", "1")))
CODE = re.compile(r"(10|[2-9AJQK])[SHDC]|JK")


STAND_IN = re.compile(r"🃏\([^)]*\)")
# Fields naming again cards drawn elsewhere in the spec, or no card: a joker's stand-in
# (written under it), a meld's laid-off cards (among its cards), a hand's lifted cards.
NOT_DRAWN = ("joker_for", "laid_off", "highlight")


def card_codes(spec: object, face_up: bool = True) -> Iterator[str]:
    """Yield every card a spec draws, once; the face-up piles' cards only if `face_up`."""
    if isinstance(spec, str):
        if CODE.fullmatch(spec):
            yield spec
    elif isinstance(spec, FaceUpPile) and not face_up:
        return
    elif dataclasses.is_dataclass(spec) and not isinstance(spec, type):
        for field in dataclasses.fields(spec):
            if field.name not in NOT_DRAWN:
                yield from card_codes(getattr(spec, field.name), face_up)
    elif isinstance(spec, (list, tuple)):
        for value in spec:
            yield from card_codes(value, face_up)


def words(spec: object) -> Iterator[str]:
    """Yield every string of a spec."""
    if isinstance(spec, str):
        yield spec
    elif dataclasses.is_dataclass(spec) and not isinstance(spec, type):
        for field in dataclasses.fields(spec):
            yield from words(getattr(spec, field.name))
    elif isinstance(spec, (list, tuple)):
        for value in spec:
            yield from words(value)


def hands_of(game: Any, seats: int) -> dict[int, list[str]]:
    """Return every seat's hand, from the engine's private views."""
    return {seat: [str(c) if isinstance(c, str) else c.text
                   for c in game.private_view(seat).hand] for seat in range(seats)}


@dataclasses.dataclass
class Watcher:
    """The checks of one game's Watch answers, and what this deal has shown so far."""

    adapter: GameAdapter
    game: Any
    seats: int
    deck: Counter[str]
    seen: set[str] = dataclasses.field(default_factory=set)  # shown or named this deal
    log: list[str] = dataclasses.field(default_factory=list)

    def sights(self, locale: str) -> tuple[WatchSight, WatchSight]:
        """Return the spectator's and the named member's Watch answers."""
        shown = {SHOWN: (NAMED, "Dario")}
        names = NAMES[:self.seats]
        return tuple(watch_sight(self.adapter, self.game, names, self.log, shown, user, None,
                                 locale) for user in (SPECTATOR, NAMED))  # type: ignore[return-value]

    def check(self, new_lines: list[str]) -> None:
        """Check both members' answers in both languages after an action."""
        hands = hands_of(self.game, self.seats)
        held = Counter(card for hand in hands.values() for card in hand)
        for locale in ("en", "it"):
            spectator, named = self.sights(locale)
            assert spectator.hands == []
            assert [seat for seat, _ in named.hands] == [SHOWN]
            own = named.hands[0][1]
            assert Counter(own.cards) == Counter(hands[SHOWN])
            assert set(card_codes(own)) <= set(hands[SHOWN])
            for sight in (spectator, named):
                self.check_table(sight, held)
            self.seen |= set(card_codes(spectator.table))
            self.check_texts(spectator, held, new_lines)
        named = STAND_IN.sub("", "\n".join(new_lines))
        self.seen |= {c for c in held if card_text(c) in named}

    def check_table(self, sight: WatchSight, held: Counter[str]) -> None:
        """No card in the picture beyond the deck's copies once the hands' are counted."""
        drawn = Counter(card_codes(sight.table, face_up=False))
        over = {c: (n, held[c], self.deck[c]) for c, n in drawn.items()
                if n + held[c] > self.deck[c]}
        assert not over, f"hidden cards in the table picture: {over}"

    def check_texts(self, sight: WatchSight, held: Counter[str], new_lines: list[str]) -> None:
        """No text names a held card nobody has seen beyond the copies out of the hands."""
        # The log's older lines were checked as they came: the rest of the answer is new.
        own = [line for line in sight.text.split("\n") if line not in self.log]
        text = STAND_IN.sub("", "\n".join([*new_lines, *own, *words(sight.table)]))
        leaks = {c: text.count(card_text(c)) for c in set(held) - self.seen
                 if text.count(card_text(c)) + held[c] > self.deck[c]}
        assert not leaks, f"{leaks} named in {text!r}"


def step(adapter: GameAdapter, game: Any) -> list[Any]:
    """Play the next action: a computer's claim or the window's close, or a seat's move."""
    window = game.system_timer()
    if window is not None:
        for seat in game.reactors():
            claim = adapter.react(game, seat)
            if claim:
                return list(game.apply(seat, claim))
        return list(game.apply(-1, window[1]))
    seat = game.to_act()[0]
    return list(game.apply(seat, adapter.choose(game, seat)))


def new_watcher(name: str, preset: str, rules: Mapping[str, object], seats: int,
                monkeypatch: pytest.MonkeyPatch, seed: int = SEEDS[0]) -> Watcher:
    """Deal a game, counting the cards of the decks it is dealt from."""
    decks: list[list[Card]] = []
    original = DeckSource.next

    def recorded(self: DeckSource, build: Any, again: bool = False) -> list[Card]:
        deck = original(self, build, again)
        decks.append(list(deck))
        return deck

    monkeypatch.setattr(DeckSource, "next", recorded)
    adapter = adapter_for(name)
    game = adapter.new_game(adapter.options(preset, dict(rules)), seats, Deal(seed=seed))
    monkeypatch.setattr(DeckSource, "next", original)
    deck = Counter(c.text for d in decks for c in d)
    watcher = Watcher(adapter, game, seats, deck)
    watcher.log = extended([], adapter.opening_lines(game, NAMES[:seats], "en"))
    return watcher


@pytest.mark.parametrize(("name", "preset", "rules", "seats"), GAMES,
                         ids=[f"{g[0]}-{g[1]}-{g[3]}" for g in GAMES])
def test_a_spectator_sees_no_hidden_card_and_the_named_member_one_hand(
        name: str, preset: str, rules: Mapping[str, object], seats: int,
        monkeypatch: pytest.MonkeyPatch) -> None:
    for seed in SEEDS:
        play_watched(new_watcher(name, preset, rules, seats, monkeypatch, seed), seats)


def play_watched(watcher: Watcher, seats: int) -> None:
    """Play into the DEALS-th deal (or to the end), checking the Watch answers after each
    action."""
    adapter, game = watcher.adapter, watcher.game
    watcher.check(list(watcher.log))
    deals = 1
    for played in range(STEPS):
        if game.is_over or (deals >= DEALS and played % 20 == 0):
            break
        events = step(adapter, game)
        lines = adapter.describe(events, NAMES[:seats], "en")
        if adapter.new_deal(events):
            # The old hands were revealed by the hand's end: the new deal's cards start unseen.
            deals += 1
            watcher.seen, lines = set(), []
        watcher.log = extended(watcher.log, lines)
        watcher.check(lines)
    assert (deals >= DEALS or game.is_over) and sum(watcher.deck.values()) >= 52


def test_the_checks_catch_a_hand_on_the_table_or_in_a_line(
        monkeypatch: pytest.MonkeyPatch) -> None:
    watcher = new_watcher("gin", "standard", {}, 2, monkeypatch)
    watcher.check([])
    hands = hands_of(watcher.game, 2)
    held = Counter(hands[0] + hands[1])
    sight, _ = watcher.sights("en")
    # One card of Alice's hand drawn on her seat, as a meld would be.
    leaked = sight.table.map_seats(
        lambda seat: dataclasses.replace(seat, melds=[MeldSpec("x", hands[0][:1])])
        if seat.name == "Alice" else seat)
    with pytest.raises(AssertionError, match="hidden cards in the table picture"):
        watcher.check_table(dataclasses.replace(sight, table=leaked), held)
    # A status naming the card Bruno holds.
    told = dataclasses.replace(sight, text=f"{sight.text}\nBruno holds {card_text(hands[1][3])}.")
    with pytest.raises(AssertionError, match="named in"):
        watcher.check_texts(told, held, [])
    # The same card once it was discarded (seen): named again, it is no secret.
    watcher.seen.add(hands[1][3])
    watcher.check_texts(told, held, [])
