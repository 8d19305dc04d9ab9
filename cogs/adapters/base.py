"""The shared part of every game's adapter, so a game's adapter holds only its own look.

From the engine's declarations it answers: the game's name and seat range, its presets, its
options (validated), the options `/rummy settings` offers and how a member's text sets one,
new games (scripted or shuffled) and loading snapshots, the computer's move, the final
outcomes (from the engine's standings) and the lobby's line of changed house rules. Hooks
most games leave trivial (menu steps, table buttons) have their trivial form here.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from types import MappingProxyType
from typing import Any, ClassVar, Generic, TypeAlias, TypeVar, cast

from bot.i18n import (
    DEFAULT,
    Words,
    card_text,
    cards_text,
    catalogue,
    game_key,
    grouped,
    names_text,
    register,
    t,
)
from card_images import (
    ChartSpec,
    HandEndSpec,
    HandSpec,
    Panel,
    PilesPanel,
    SeatGridPanel,
    SeatRowsPanel,
    SeatSpec,
    TableSpec,
)
from cogs.adapters import (
    DEFAULT_LEVEL,
    Board,
    ButtonControl,
    Control,
    Deal,
    JsonDict,
    Outcome,
    ScoreSheet,
    SelectOption,
    view_of,
)
from cogs.adapters.charts import ChartPlan, Totals, chart_spec, running_totals
from engine import events as shared
from engine.base import CardGame
from engine.errors import IllegalMove
from engine.events import ShownMeld
from engine.game import Action, DrawnCard, Event
from engine.options import Options, OptionSpec
from engine.sides import Sides

# The engine class of a game, whatever its options and actions (the adapter names them).
GameT = TypeVar("GameT", bound=CardGame[Any, Any])
OptT = TypeVar("OptT", bound=Options)
HandT = TypeVar("HandT")  # a seat's private view (CanastaHand, GinHand …)

# A computer player: the action it takes for a seat's private view.
Player: TypeAlias = Callable[[HandT], object]


def levels(easy: Player[HandT], normal: Player[HandT], hard: Player[HandT] | None = None
           ) -> Mapping[str, Player[HandT]]:
    """Return a game's computer player per level (hard plays as normal without a stronger)."""
    return MappingProxyType({"easy": easy, "normal": normal, "hard": hard or normal})


class AdapterBase(ABC, Generic[GameT, OptT, HandT]):
    """What the host needs from one game, and what every adapter shares: subclasses name
    their `game` (the engine class, `GameT` its instances, `OptT` its options, `HandT` a
    seat's private view) and draw their pictures."""

    game: type[GameT]  # set on the class: `game = CanastaGame`
    players: Mapping[str, Player[HandT]]  # a computer player per level (LEVELS), on the class
    notable: frozenset[str] = frozenset()  # event kinds the table shows at once
    # the lobby's line per partnership and its note under them
    partner_keys: tuple[str, str] = ("lobby.partnership", "lobby.partners_note")
    # The game's own catalogue, every key "<game name>.…" (bot.i18n); installed with the class.
    words: ClassVar[Words | None] = None
    # The lowest total wins (its results are stored negated, see `outcomes`): /stats and the
    # leaderboard show a player's lowest total rather than points added up.
    lowest_wins: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: object) -> None:
        """Register the words a game's adapter declares, scoped by the game's name."""
        super().__init_subclass__(**kwargs)
        words = cls.__dict__.get("words")
        if words is not None:
            register(cls.game.name, words)

    @property
    def name(self) -> str:
        """The storage `game` column and the `/rummy new game:` value."""
        return self.game.name

    @property
    def min_players(self) -> int:
        """The fewest seats the game is played with."""
        return self.game.min_players

    @property
    def max_players(self) -> int:
        """The most seats the game is played with."""
        return self.game.max_players

    def seat_range(self, options: OptT) -> tuple[int, int]:
        """Return the fewest and most seats with these rules, as the engine says."""
        return self.game.seat_range(options)

    def sides(self, players: int) -> Sides:
        """Return who plays with whom at this many seats, as the engine seats them."""
        return self.game.seating(players)

    @property
    def settings(self) -> tuple[OptionSpec, ...]:
        """The options `/rummy settings` offers, as the engine declares them."""
        return self.game.options_type.settable()

    def presets(self) -> list[str]:
        """List the preset names, the default first."""
        return list(self.game.options_type.PRESETS)

    def options(self, preset: str, rules: Mapping[str, object]) -> OptT:
        """Return a preset's options with the table's overrides; BadOption if invalid."""
        # The one cast of the seam: the engine declares `options_type` as type[Options] (a
        # class variable cannot name a type parameter); the game's own class is OptT.
        return cast(OptT, self.game.options_type.preset(preset, **rules))

    def new_game(self, options: OptT, players: int, deal: Deal) -> GameT:
        """Deal a new game (scripted by `deal` if it holds decks or a seed)."""
        return self.game.create(options, players, seed=deal.seed, decks=deal.decks,
                                first_dealer=deal.first_dealer)

    def load(self, snapshot: JsonDict) -> GameT:
        """Rebuild a game from its snapshot."""
        return self.game.from_json(snapshot)

    def seated_level(self, level: str) -> str:
        """Return the level a computer asked for at `level` plays at: normal when the game
        has no player stronger than its normal one."""
        if level == "hard" and self.players["hard"] is self.players[DEFAULT_LEVEL]:
            return DEFAULT_LEVEL
        return level

    def computer(self, view: HandT, level: str = DEFAULT_LEVEL) -> object:
        """Return the action of the computer player of that level for a seat's private view."""
        return self.players[level](view)

    def choose(self, game: GameT, seat: int, level: str = DEFAULT_LEVEL) -> str:
        """Return the move of the computer player of that level for a seat."""
        return str(self.computer(view_of(game, seat), level))

    @property
    def boards(self) -> tuple[Board, ...]:
        """The boards its results are counted on: the game's own first, then its variants'."""
        if self.lowest_wins:
            return (Board(self.name, f"game.{self.name}", lowest=True, score="stats.lowest",
                          heading="lb.lowest"),)
        return (Board(self.name, f"game.{self.name}"),)

    def board_of(self, game: GameT) -> str:
        """Return the board a finished game's results are counted on: the game's own."""
        return self.name

    def outcomes(self, game: GameT) -> list[Outcome]:
        """Return each seat's final points and whether its side won, from the standings."""
        rows = [Outcome(seat, standing.points, standing.won,
                        standing.side if len(standing.seats) > 1 else None)
                for standing in game.standings() for seat in standing.seats]
        return sorted(rows, key=lambda row: row.seat)

    # Ratings: the final places a game is rated from (bot/storage/ratings.py).
    def places(self, game: GameT) -> dict[int, int]:
        """Return each seat's final place, 1 the first, from the standings: partners share
        their side's place, and so do sides equal in the standings."""
        return {seat: standing.rank for standing in game.standings()
                for seat in standing.seats}

    def score_sheet(self, game: GameT) -> ScoreSheet:
        """Return the hands on the game's shared Scoreboard (`board`) and the standings.

        A game without one (a single hand) has no hand to list.
        """
        board = getattr(game, "board", None)
        hands = board.hands if board is not None else []
        return sheet_of(game, hands, int(getattr(game, "hand_no", len(hands))))

    def drawn_cards(self, ev: Event) -> tuple[str, ...]:
        """Return the cards the event's seat drew from the stock (shown to him only)."""
        return (ev.private.card,) if isinstance(ev.private, DrawnCard) else ()

    def taken_cards(self, ev: Event) -> tuple[str, ...]:
        """Return the cards the event's seat took from the discard pile into his hand."""
        return ()

    def opening_lines(self, game: GameT, names: Sequence[str], locale: str) -> list[str]:
        """Return the line announcing the first deal: its number and its dealer."""
        view = view_of(game)
        return [t("event.new_hand", locale, number=view.hand_no, name=names[view.dealer])]

    def new_deal(self, events: Sequence[Event]) -> bool:
        """Whether the events dealt new hands."""
        return any(e.kind == "deal" for e in events)

    def at_once(self, events: Sequence[Event]) -> bool:
        """Whether the table shows these events at once, even in the middle of a turn."""
        return any(e.kind in self.notable for e in events)

    def describe(self, events: Sequence[Event], names: Sequence[str], locale: str) -> list[str]:
        """Return one public line per event worth a line (never a hidden card)."""
        lines = [self.event_line(ev, mover(ev, names), names, locale) for ev in events]
        return [line for line in lines if line]

    def event_line(self, ev: Event, who: str, names: Sequence[str], locale: str) -> str:
        """Return an event's public line, `who` being its seat's name ("" for none): a shared
        event (engine/events.py) in the shared words followed by the game's detail, a game's
        own event in the game's words."""
        told = self.shared_line(ev.public, who, names, locale)
        return " ".join(part for part in (told, self.event_detail(ev, who, names, locale))
                        if part)

    def event_detail(self, ev: Event, who: str, names: Sequence[str], locale: str) -> str:
        """Return what the game adds to a shared event's line, or its own event's line:
        nothing here."""
        return ""

    def shared_line(self, p: object, who: str, names: Sequence[str], locale: str) -> str:
        """Return a shared event's line in the shared words ("" for a game's own event)."""
        if isinstance(p, shared.Dealt):
            return t("event.new_hand", locale, number=p.hand_no, name=names[p.dealer])
        if isinstance(p, shared.Drew):
            key = "event.drew_stock" if p.count == 1 else "event.drew_stock_count"
            return t(key, locale, name=who, count=p.count)
        if isinstance(p, shared.Took):
            return t("event.took_discard", locale, name=who, cards=self.cards_words(p.cards))
        if isinstance(p, shared.Discarded):
            return t("event.discarded", locale, name=who, card=self.cards_words((p.card,)))
        if isinstance(p, shared.Melded):
            melds = "; ".join(self.meld_words(m, locale) for m in p.melds)
            return t("event.melded", locale, name=who, melds=melds)
        if isinstance(p, shared.LaidOff):
            return t("event.laid_off", locale, name=who, cards=self.cards_words(p.cards),
                     meld=p.meld)
        return self._shared_end(p, names, locale)

    def _shared_end(self, p: object, names: Sequence[str], locale: str) -> str:
        """Return the line of a shared event of the game itself: a hand's or the game's end."""
        if isinstance(p, shared.HandEnded):
            return t("event.hand_over", locale, number=p.hand_no)
        if isinstance(p, shared.GameEnded):
            seats = self.winner_seats(p, names)
            name = names_text([names[s] for s in seats], locale)
            points = self.winner_points(p)
            if points is None:
                return t("event.game_won", locale, name=name, count=len(seats))
            key = "event.winner" if len(seats) == 1 else "event.winners"
            return t(key, locale, name=name, points=points)
        if isinstance(p, shared.Rebuilt):
            return t("stock.event.rebuild", locale, count=p.stock)
        return ""

    def cards_words(self, cards: Sequence[str]) -> str:
        """Write an event's cards ("7♣ 8♣"); a game whose cards say more writes its own."""
        return cards_text(cards)

    def meld_words(self, meld: ShownMeld, locale: str) -> str:
        """Write a meld an event shows: "A: 7♣ 8♣ 9♣"."""
        return f"{meld.id}: {self.cards_words(meld.cards)}"

    def winner_points(self, p: shared.GameEnded) -> int | None:
        """Return the winner's points the game's end tells (None: a game whose totals are
        not points won, such as penalties or chips, tells none)."""
        return p.totals[p.winner]

    def winner_seats(self, p: shared.GameEnded, names: Sequence[str]) -> Sequence[int]:
        """Return the seats of a game's winner: his own (a game of sides says its side's)."""
        return (p.winner,)

    @abstractmethod
    def default_move(self, game: GameT, seat: int) -> Action:
        """Return a safe move for an absent player whose time ran out."""

    @abstractmethod
    def table_spec(self, game: GameT, names: Sequence[str], locale: str) -> TableSpec:
        """Return the public table picture (never a hidden card)."""

    @abstractmethod
    def table_status(self, game: GameT, names: Sequence[str], locale: str) -> str:
        """Return one public line: whose turn it is, or the final result."""

    @abstractmethod
    def hand_spec(self, game: GameT, seat: int, sort: str, locale: str) -> HandSpec:
        """Return a seat's private hand picture."""

    def hand_title(self, game: GameT, seat: int, names: Sequence[str], locale: str
                   ) -> str | None:
        """Return the hand picture's title when it names players (None: hand_spec's own)."""
        return None

    def shows_hand(self, game: GameT, seat: int) -> bool:
        """Whether the seat's hand message shows his cards: False while it is an offer that
        is about no hand (Ramino's re-entry), which then comes as words and buttons alone."""
        return True

    def waiting_line(self, game: GameT, seat: int, names: Sequence[str], locale: str) -> str:
        """Say a waiting seat whom it plays after: true until its turn, so a waiting hand is
        not edited every turn to name whose turn it is (the table says that)."""
        before = game.plays_before(seat)
        if before is None or before == seat:
            return t("turn.waiting", locale)
        return t("turn.waiting_after", locale, name=names[before])

    def refusal_key(self, game: GameT, seat: int, key: str) -> str:
        """Return the catalogue key that tells this seat a refusal told by `key` (a game may
        word it for the seat's position, e.g. a side of one)."""
        return key

    @abstractmethod
    def hand_prompt(self, game: GameT, seat: int, names: Sequence[str], locale: str) -> str:
        """Return the line above a seat's hand: what to do now, or whom we wait for."""

    @abstractmethod
    def controls(self, game: GameT, seat: int, locale: str, draft: object | None = None
                 ) -> list[Control]:
        """Return the buttons and selects for the seat's legal actions (at most 5 rows).

        `draft` is where the player is in a multi-step menu (see `step`); None at first.
        """

    @abstractmethod
    def hand_end(
        self, game: GameT, events: Sequence[Event], names: Sequence[str], locale: str
    ) -> tuple[HandEndSpec, list[str]] | None:
        """Return the end-of-hand picture and score lines if a hand ended in these events."""

    # ----- the chart of running totals on a hand's result (issue 27) --------------------------

    def hand_result(
        self, game: GameT, events: Sequence[Event], names: Sequence[str], locale: str
    ) -> tuple[HandEndSpec, list[str]] | None:
        """Return `hand_end`'s picture with the chart of the running totals under it."""
        ended = self.hand_end(game, events, names, locale)
        if ended is None:
            return None
        spec, lines = ended
        return replace(spec, chart=self.score_chart(game, names, locale)), lines

    def score_chart(self, game: GameT, names: Sequence[str], locale: str) -> ChartSpec | None:
        """Return the chart of each side's running total across the hands, from the score
        sheet; None for a game of one hand, or before any hand was scored."""
        plan = self.chart_plan(game)
        if plan is None or plan.hands == 1:
            return None
        sheet = self.score_sheet(game)
        if len(sheet.hands) <= plan.first:
            return None
        return chart_spec(sheet, self.chart_totals(game, sheet, plan), plan, names, locale)

    def chart_plan(self, game: GameT) -> ChartPlan | None:
        """Return what the game's chart adds to the totals (its target, its length); None:
        no chart. Here a bare chart of totals: a game names its target."""
        return ChartPlan()

    def chart_totals(self, game: GameT, sheet: ScoreSheet, plan: ChartPlan) -> Totals:
        """Return each side's total after each hand charted: the hands' points added up."""
        return running_totals(sheet, plan)

    @abstractmethod
    def rules_summary(self, options: OptT, locale: str) -> list[str]:
        """Return a few lines summing up the rules in force."""

    @abstractmethod
    def settings_lines(self, options: OptT, locale: str) -> list[str]:
        """Return short lines naming the key options, for the lobby."""

    def step(self, game: GameT, seat: int, draft: object | None, text: str) -> object | None:
        """Return the seat's new place in a hand's menus: games with one-step menus keep none.

        The host keeps the value as it is (the game's own typed draft) until a move is made.
        """
        return None

    def compose(self, game: GameT, seat: int, verb: str, values: Sequence[str]) -> str:
        """Return the action a one-choice select sends: `<verb> <value>`."""
        return f"{verb} {values[0]}"

    def react(self, game: GameT, seat: int) -> str | None:
        """Return a computer seat's out-of-turn move now (a claim), or None: none here."""
        return None

    def table_controls(self, game: GameT, locale: str) -> list[ButtonControl]:
        """Return the buttons on the table: none unless the game has out-of-turn moves."""
        return []

    def autopass_label(self, game: GameT, mode: str, locale: str) -> str | None:
        """Return the hand's button label saying how long the seat passes on every claim
        window (`mode`: off, hand or game, as set now), or None: no claim windows here."""
        return None

    def hand_number(self, game: GameT) -> int:
        """Return the number of the hand in play (what a choice "for this hand" lasts for)."""
        return int(getattr(game, "hand_no", 0))

    def table_choices(self, game: GameT, seat: int, action: str, locale: str
                      ) -> list[SelectOption]:
        """Refuse a table move: the game has none unless it says otherwise."""
        raise IllegalMove("no such move", action=action)


def mover(ev: Event, names: Sequence[str]) -> str:
    """Return the name of the seat an event is about ("" when it is the game's own)."""
    return names[ev.seat] if ev.seat is not None and ev.seat >= 0 else ""


def with_words(spec: TableSpec, locale: str) -> TableSpec:
    """Return the table with its fixed words translated where the game gave none: the
    piles' captions, card counts, "no melds" (a board of boards has its words already)."""
    return replace(spec, panels=[_panel_words(panel, locale) for panel in spec.panels])


def _panel_words(panel: Panel, locale: str) -> Panel:
    if isinstance(panel, PilesPanel):
        return _pile_words(panel, locale)
    if isinstance(panel, SeatGridPanel):
        return replace(panel, seats=_counted(panel.seats, locale),
                       no_melds_label=t("picture.no_melds", locale))
    if isinstance(panel, SeatRowsPanel):
        return replace(panel, seats=_counted(panel.seats, locale))
    return panel


def _counted(seats: Sequence[SeatSpec], locale: str) -> list[SeatSpec]:
    """Return the seats with their card counts in words, unless the game wrote its own."""
    return [replace(seat, count_label=seat.count_label or t(
        "picture.cards", locale, count=seat.card_count)) for seat in seats]


def _pile_words(piles: PilesPanel, locale: str) -> PilesPanel:
    """Return the piles with their captions translated, unless the game wrote its own."""
    count = len(piles.discard)
    if not piles.spread:
        discard = t("picture.discard", locale)
    elif not count:
        discard = t("picture.pile_empty", locale)
    else:
        key = "picture.pile_numbered" if piles.numbers else "picture.pile"
        discard = t(key, locale, count=count)
    short = t("picture.pile_short", locale, count=count) if piles.spread and count else ""
    return replace(piles, discard_caption=piles.discard_caption or discard,
                   discard_caption_short=piles.discard_caption_short or short,
                   stock_caption=piles.stock_caption or t(
                       "picture.stock", locale, count=piles.stock_count or 0),
                   empty_label=t("picture.empty_pile", locale))


def rules_line(adapter: GameAdapter, preset: str, rules: Mapping[str, object],
               locale: str) -> str:
    """Return the lobby's line of rules: the preset, and the options changed from it."""
    name = preset_label(adapter.name, preset, locale)
    preset_options = adapter.options(preset, {})
    # In rules-file order; an option set back to the preset's value is no change.
    changed = [spec for spec in options_type(adapter).specs() if spec.key in rules
               and not same_value(rules[spec.key], getattr(preset_options, spec.key))]
    if not changed:
        return t("lobby.rules", locale, preset=name)
    changes = ", ".join(option_text(spec, rules[spec.key], locale, "option.changed",
                                    game=adapter.name) for spec in changed)
    return t("lobby.rules_changed", locale, preset=name, changes=changes)


def preset_label(game: str, preset: str, locale: str) -> str:
    """Return a preset's name: the game's own ("canasta.preset.short") where two games give
    one preset name different rules, else the shared one ("preset.short")."""
    return t(preset_key(game, preset), locale)


def preset_key(game: str, preset: str) -> str:
    """Return the catalogue key of a preset's name (see `preset_label`)."""
    own = game_key(game, f"preset.{game}.{preset}")
    return own if own in catalogue(DEFAULT) else f"preset.{preset}"


def same_value(value: object, other: object) -> bool:
    """Whether two option values are the same value of the same type (True is not 1)."""
    return value == other and type(value) is type(other)


def tie_line(tied: Sequence[int], totals: Sequence[int], names: Sequence[str],
             locale: str) -> str:
    """Return the line saying a tie for the lead past the target plays on (engine.match)."""
    return t("event.tie_plays_on", locale, points=totals[tied[0]],
             names=", ".join(names[s] for s in tied))


def sheet_of(game: GameT, hands: Sequence[Sequence[int]], played: int,
             bonus_key: str = "sheet.bonus") -> ScoreSheet:
    """Return a score sheet of these hands (points per side) with the game's standings."""
    ranked = game.standings()
    return ScoreSheet(tuple(s.seats for s in ranked), tuple(tuple(h) for h in hands),
                      tuple(s.points for s in ranked), played, bonus_key)


def option_text(spec: OptionSpec, value: object, locale: str, key: str = "option.value",
                game: str = "") -> str:
    """Return an option and its value in the member's words, e.g. "Knock limit: 7" (the
    words of `game`'s own catalogue first)."""
    return t(key, locale, label=option_label(spec, locale, game),
             value=value_text(spec, value, locale, game))


def value_text(spec: OptionSpec, value: object, locale: str, game: str = "") -> str:
    """Return an option's value in the member's words: "on", "1,000", "unlimited", "Q♠"."""
    if isinstance(value, bool):
        return t("option.on" if value else "option.off", locale)
    if value is None:  # an option may say what "off" means for it ("unlimited")
        return off_word(spec, locale, game)
    if spec.kind == "card":
        return card_text(str(value))
    if isinstance(value, int):
        return grouped(value, locale)
    return str(value)


def option_label(spec: OptionSpec, locale: str, game: str = "") -> str:
    """Return an option's name in the member's words (`game`'s own words first)."""
    return t(game_key(game, spec.label), locale)


def off_word(spec: OptionSpec, locale: str, game: str = "") -> str:
    """Return what an option switched off is called: "off", or its own word ("unlimited")."""
    none = game_key(game, f"{spec.label}.none")
    return t(none if none in catalogue(locale) else "option.off", locale)


def options_type(adapter: GameAdapter) -> type[Options]:
    """Return the options class of an adapter's game."""
    game: type[CardGame[Any, Any]] = adapter.game
    return game.options_type


# The host's view of any game's adapter: the registry holds adapters of different games,
# whose type parameters Python cannot leave unnamed (no existential types), so they are Any
# here and nowhere else; each adapter is fully typed inside its own module.
GameAdapter = AdapterBase[Any, Any, Any]
