"""Ramino 51 on Discord: melds on the table by id, the exchange card, a 51 opening, closing in hand.

The table shows every meld in its owner's panel with its id, jokers with the card they stand
for and laid-off cards with who laid them, the exchange card face up beside the stock, who
has opened, and the totals. A hand shows its best melds and what they are worth for the
opening. The menus (ramino51_menus.py) work in steps kept as a typed draft, every choice one
of the engine's legal moves or a step towards them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from bot.i18n import card_text, number, t
from card_images import (
    FaceUpPile,
    HandEndRow,
    HandEndSpec,
    HandSpec,
    MeldSpec,
    PilesPanel,
    SeatGridPanel,
    SeatSpec,
    TableSpec,
)
from cogs.adapters import Control, Outcome, view_of
from cogs.adapters.base import AdapterBase, levels, with_words
from cogs.adapters.charts import ChartPlan
from cogs.adapters.ramino51_menus import (
    compose_move,
    declared_text,
    draft_of,
    hand_controls,
    joker_cards,
    offered,
    picture_order,
    placed_text,
    step_draft,
)
from cogs.adapters.ramino51_words import WORDS
from engine.cards import Card
from engine.events import ShownMeld, Took
from engine.game import Event
from engine.ramino51 import CloseInHand, DrawStock, Ramino51Game, Ramino51Options, TakeDiscard
from engine.ramino51.actions import (
    Discard,
    LayOff,
    MeldCards,
    Ramino51Action,
    SwapExchange,
    SwapJoker,
)
from engine.ramino51.ai import choose_action, choose_discard, greedy_action
from engine.ramino51.ai_hard import choose_action_hard
from engine.ramino51.events import (
    ClosedInHand,
    Dealt,
    Exchanged,
    GameEnded,
    JokerSwapped,
    LaidOff,
    Melded,
    R51Payload,
)
from engine.ramino51.melds import card_penalty
from engine.ramino51.views import HandReport, MeldView, R51Hand, R51Table, SeatReport


class Ramino51Adapter(AdapterBase[Ramino51Game, Ramino51Options, R51Hand]):
    """Ramino 51 for the host: 2 to 4 players, melds laid on the table, one exchange card."""

    game = Ramino51Game
    words = WORDS  # its own catalogue: every ramino51.… key, its options, presets and refusals
    # Melds, lay-offs and joker swaps change the table everybody plays on: shown at once.
    notable: frozenset[str] = frozenset({"meld", "layoff", "swap", "exchange"})
    lowest_wins = True

    # engine.ramino51.ai_hard: 63.3 % of 600 whole games against normal heads-up; at four
    # seats ahead of a normal seat in 59.3 % of 800 (its docstring has the figures).
    players = levels(greedy_action, choose_action, choose_action_hard)

    def default_move(self, game: Ramino51Game, seat: int) -> str:
        """Play safe for an absent player: draw, never meld or close for him, and discard as
        the computer would (never a joker or a card of his melds while another will do)."""
        view = view_of(game, seat)
        for kind in (DrawStock, TakeDiscard):  # the take: the stock cannot be drawn
            if offered(view, kind):
                return str(kind())
        return choose_discard(view)

    def outcomes(self, game: Ramino51Game) -> list[Outcome]:
        """Return the results as the leaderboard reads them, higher better: −total."""
        return [replace(o, points=-o.points) for o in super().outcomes(game)]

    def chart_plan(self, game: Ramino51Game) -> ChartPlan:
        """Chart the totals to the last hand (or to the limit that ends the game): the
        lowest wins."""
        opts: Ramino51Options = game.opts
        if opts.end_mode == "limit":
            return ChartPlan(target=opts.score_limit, target_key="chart.ends",
                             note_key="chart.lowest_wins")
        return ChartPlan(hands=opts.hands_per_game, note_key="chart.lowest_wins")

    # ----- pictures ---------------------------------------------------------------------------

    def table_spec(self, game: Ramino51Game, names: Sequence[str], locale: str) -> TableSpec:
        """Return the table: stock, the pile's top, the exchange card, each seat's melds."""
        view = view_of(game)
        exchange = [] if view.exchange is None else [
            FaceUpPile(view.exchange, t("ramino51.exchange", locale))]
        piles = PilesPanel(stock_count=view.stock, face_up=exchange,
                           discard=[view.pile_top] if view.pile_top else [])
        seats = [self._seat(view, seat, names, locale) for seat in range(view.players)]
        return with_words(TableSpec(
            title=self._title(view, locale),
            panels=[piles, SeatGridPanel(seats)],
            status=self.table_status(game, names, locale),
            footer=" · ".join([t("ramino51.pile_count", locale, count=view.pile),
                               *rebuilt_line(view, locale),
                               *self.settings_lines(view.options, locale)]),
        ), locale)

    def _title(self, view: R51Table, locale: str) -> str:
        game = t("game.ramino51", locale)
        if view.options.end_mode == "limit":
            return t("table.title", locale, game=game, number=view.hand_no)
        return t("ramino51.title", locale, game=game, number=view.hand_no,
                 hands=view.hands_per_game)

    def _seat(self, view: R51Table, seat: int, names: Sequence[str], locale: str) -> SeatSpec:
        info = view.seats[seat]
        notes = [t(key, locale) for key, who in (("table.dealer", view.dealer),
                                                ("ramino51.starter", view.starter)) if who == seat]
        return SeatSpec(
            name=names[seat], card_count=info.cards,
            score=t("ramino51.total", locale, total=number(info.total)),
            melds=[meld_spec(m) for m in view.melds if m.owner == seat],
            is_turn=view.turn == seat and view.phase != "over", note=" · ".join(notes),
            tags=[t("ramino51.opened", locale)] if info.opened else [])

    def table_status(self, game: Ramino51Game, names: Sequence[str], locale: str) -> str:
        """Return whose turn it is, or who won."""
        view = view_of(game)
        if game.is_over:
            winner = game.winner
            return (t("event.game_over", locale) if winner is None
                    else t("table.winner", locale, name=names[winner]))
        assert view.turn is not None
        return t("table.turn_of", locale, name=names[view.turn])

    def hand_spec(self, game: Ramino51Game, seat: int, sort: str, locale: str) -> HandSpec:
        """Return the hand with the melds it could put down grouped, and their opening value."""
        view = view_of(game, seat)
        best = view.best
        melds = [[p.card.text for p in g] for g in best.groups]
        rest = list(view.hand)
        for card in (c for m in melds for c in m):
            rest.remove(card)
        opening = bool(best.minimum and melds)  # the caption says the opening, not a charge
        label = (t("ramino51.opening_value", locale, points=best.value, minimum=best.minimum)
                 if opening else t("picture.in_hand", locale))
        return HandSpec(
            cards=list(view.hand), melds=melds, loose=rest,
            loose_value=None if opening else sum(card_penalty(Card.parse(c)) for c in rest),
            sort="rank" if sort == "rank" else "suit",
            title=t("hand.title", locale, game=t("game.ramino51", locale)),
            highlight=[view.taken] if view.taken else [],
            loose_label=label, empty_label=t("picture.no_cards", locale),
            joker_for=joker_cards(p for g in best.groups for p in g))

    def taken_cards(self, ev: Event) -> tuple[str, ...]:
        """Return the card the seat took from the discard pile."""
        return ev.public.cards if isinstance(ev.public, Took) else ()

    def hand_prompt(self, game: Ramino51Game, seat: int, names: Sequence[str], locale: str) -> str:
        """Return what the seat may do now, and what his melds are worth for the opening."""
        view = view_of(game, seat)
        if game.is_over:
            return self.table_status(game, names, locale)
        waiting = [] if view.moves else [self.waiting_line(game, seat, names, locale)]
        lines = waiting or [self._step_line(view, locale)]
        if offered(view, CloseInHand):
            lines.append(t("ramino51.prompt.can_close", locale))
        return "\n".join([*lines, opening_line(view, locale)]).strip()

    def _step_line(self, view: R51Hand, locale: str) -> str:
        """Return what this turn's step asks of the seat (or that he waits), naming only the
        moves his controls offer."""
        if not view.moves:
            return t("turn.waiting", locale)
        if view.table.step == "draw":
            return t(_draw_key(view), locale, card=card_text(view.table.pile_top))
        line = play_line(view, locale)
        return (t("ramino51.prompt.first_turn", locale) + " " + line
                if view.table.step == "first" else line)

    # ----- controls ---------------------------------------------------------------------------

    def controls(self, game: Ramino51Game, seat: int, locale: str, draft: object | None = None
                 ) -> list[Control]:
        """Return the buttons and selects of the seat's step (see ramino51_menus)."""
        view = view_of(game, seat)
        if not view.moves:
            return []
        return hand_controls(view, locale, draft_of(draft))

    def step(self, game: Ramino51Game, seat: int, draft: object | None, text: str
             ) -> object | None:
        """Move within the menus: build melds, pick a card to lay off, a meld to take from."""
        return step_draft(view_of(game, seat), draft_of(draft), text)

    def compose(self, game: Ramino51Game, seat: int, verb: str, values: Sequence[str]) -> str:
        """Return the move a select sends (the close, a lay-off's only target, a step)."""
        return compose_move(view_of(game, seat), verb, values)

    # ----- announcements ----------------------------------------------------------------------

    def event_detail(self, ev: Event, who: str, names: Sequence[str], locale: str) -> str:
        """Return Ramino 51's own events' lines and what its deal, openings, lay-offs and
        ends add (never a card drawn or held)."""
        p: R51Payload = ev.public
        return self._play_line(p, who, locale) or self._news_line(p, names, locale)

    def winner_points(self, p: GameEnded) -> int | None:
        """Tell no points with the winner: the lowest total of penalties wins (said next)."""
        return None

    def cards_words(self, cards: Sequence[str]) -> str:
        """Write an event's cards, a joker with the card it stands for: "🃏(8♥)"."""
        return declared_text(cards)

    def meld_words(self, meld: ShownMeld, locale: str) -> str:
        """Write a meld an event shows, its jokers declared: "B: 5♦ 🃏(6♦) 7♦"."""
        if isinstance(meld, MeldView):
            return f"{meld.id}: {placed_text(meld.placed)}"
        return f"{meld.id}: {declared_text(meld.cards)}"

    def _play_line(self, p: R51Payload, who: str, locale: str) -> str:
        """Return the line of a player's own move, or what the game adds to a shared one."""
        if isinstance(p, Exchanged):
            return t("ramino51.event.exchange", locale, name=who, card=card_text(p.given),
                     got=card_text(p.got))
        if isinstance(p, Melded) and p.opening:
            return t("event.opened", locale, points=p.points)
        if isinstance(p, LaidOff):
            return t("ramino51.event.meld_now", locale, id=p.result.id,
                     cards=placed_text(p.result.placed))
        if isinstance(p, JokerSwapped):
            return t("ramino51.event.swap", locale, name=who, id=p.meld.id,
                     cards=declared_text(p.naturals), melds=melds_text([p.used]))
        if isinstance(p, ClosedInHand):
            key = "ramino51.event.close_exchange" if p.take_exchange else "ramino51.event.close"
            return t(key, locale, name=who, melds=melds_text(p.melds),
                     card=card_text(p.discard))
        return ""

    def _news_line(self, p: R51Payload, names: Sequence[str], locale: str) -> str:
        """Return what the game adds to a deal, a hand's end and the game's end."""
        if isinstance(p, Dealt):
            return t("ramino51.event.exchange_card", locale, card=card_text(p.exchange))
        if isinstance(p, HandReport):
            return "" if p.closed_in_hand else self._end_line(p, names, locale)
        if isinstance(p, GameEnded):
            return t("ramino51.event.lowest_wins", locale, points=p.totals[p.winner])
        return ""

    def _end_line(self, p: HandReport, names: Sequence[str], locale: str) -> str:
        """Return how the hand ended: void, out, or closed in hand (charges ×m)."""
        if p.void or p.closer is None:
            return t("ramino51.event.void", locale)
        key = "ramino51.event.closed_in_hand" if p.closed_in_hand else "ramino51.event.out"
        return t(key, locale, name=names[p.closer], times=p.multiplier)

    def opening_lines(self, game: Ramino51Game, names: Sequence[str], locale: str) -> list[str]:
        """Return the first deal's line: its number, its dealer and the exchange card."""
        view = view_of(game)
        return [t("event.new_hand", locale, number=view.hand_no, name=names[view.dealer]) + " "
                + t("ramino51.event.exchange_card", locale, card=card_text(view.exchange))]

    def hand_end(
        self, game: Ramino51Game, events: Sequence[Event], names: Sequence[str], locale: str
    ) -> tuple[HandEndSpec, list[str]] | None:
        """Return every hand laid open with its value and charge, and the totals."""
        p = next((e.public for e in events if isinstance(e.public, HandReport)), None)
        if p is None:
            return None
        fixed = game.opts.unopened_penalty
        rows = [self._end_row(p, s, names, fixed, locale) for s in p.seats]
        lines = [self._end_line(p, names, locale)]
        lines += [self._charge_line(p, s, names, fixed, locale) for s in p.seats]
        if p.tied:
            lines.append(t("ramino51.event.tie", locale, names=", ".join(names[s] for s in p.tied)))
        title = t("hand_end.title", locale, number=p.hand_no,
                  what=self._end_line(p, names, locale))
        return HandEndSpec(title=title, rows=rows), lines

    def _end_row(self, p: HandReport, s: SeatReport, names: Sequence[str], fixed: int | None,
                 locale: str) -> HandEndRow:
        if s.seat == p.closer:
            points = t("penalty.closed", locale)
        else:
            key = "penalty.charged_times" if p.multiplier > 1 else "penalty.charged"
            points = t(key, locale, points=s.charge, times=p.multiplier)
        # The closer's row shows what he put down (all of it, after a close in hand).
        mine = [m for m in p.melds if m.owner == s.seat] if s.seat == p.closer else []
        return HandEndRow(name=names[s.seat], melds=[list(m.cards) for m in mine],
                          loose=picture_order(s.hand), loose_value=s.value, points=points,
                          loose_label=t("picture.in_hand", locale),
                          joker_for=joker_cards(p for m in mine for p in m.placed))

    def _charge_line(self, p: HandReport, s: SeatReport, names: Sequence[str],
                     fixed: int | None, locale: str) -> str:
        total, name = p.totals[s.seat], names[s.seat]
        if s.seat == p.closer or p.void:
            return t("ramino51.charge_none", locale, name=name, total=total)
        if fixed is not None and not s.opened:
            return t("ramino51.charge_unopened", locale, name=name, score=fixed, times=p.multiplier,
                     points=s.charge, total=total)
        key = "ramino51.charge_doubled" if p.multiplier > 1 else "ramino51.charge_line"
        return t(key, locale, name=name, held=s.value, times=p.multiplier, points=s.charge,
                 total=total)

    # ----- rules text -------------------------------------------------------------------------

    def rules_summary(self, options: Ramino51Options, locale: str) -> list[str]:
        """Return a few lines of the rules in force."""
        o = options
        lines = [t("ramino51.rules.goal", locale, count=o.jokers),
                 t("ramino51.rules.opening", locale, minimum=o.opening_minimum),
                 t("ramino51.rules.exchange", locale),
                 t("ramino51.rules.close_in_hand", locale, times=o.close_in_hand_multiplier)]
        if o.unopened_penalty is not None:
            lines.append(t("ramino51.rules.unopened", locale, points=o.unopened_penalty))
        if o.discard_taken_card:
            lines.append(t("ramino51.rules.discard_taken", locale))
        lines.append(t("ramino51.rules.stall", locale))
        return lines + self.settings_lines(options, locale)

    def settings_lines(self, options: Ramino51Options, locale: str) -> list[str]:
        """Return how the game ends, in one short line."""
        o = options
        if o.end_mode == "limit":
            return [t("ramino51.rules.limit", locale, limit=o.score_limit)]
        return [t("ramino51.rules.hands", locale, hands=o.hands_per_game)]


# ----- helpers ----------------------------------------------------------------------------------


def meld_spec(meld: MeldView) -> MeldSpec:
    """Return a table meld's picture: its id, jokers' cards, and what others laid off."""
    others = [(c, by) for c, by in zip(meld.cards, meld.by) if by != meld.owner]
    return MeldSpec(meld.id, list(meld.cards), [c for c, _ in others], [by for _, by in others],
                    joker_for=joker_cards(meld.placed))


def melds_text(melds: Sequence[MeldView]) -> str:
    """Write melds for a public line: "A: 7♠ 7♦ 🃏; B: 5♦ 🃏(6♦) 7♦"."""
    return "; ".join(f"{m.id}: {placed_text(m.placed)}" for m in melds)


def rebuilt_line(view: R51Table, locale: str) -> list[str]:
    """Return how many times this hand's stock was rebuilt from the pile (none: nothing)."""
    return [t("ramino51.rebuilt", locale, count=view.rebuilds)] if view.rebuilds else []


def _draw_key(view: R51Hand) -> str:
    """Return the draw's prompt: draw or take, or draw only; an empty stock says what a draw
    does then."""
    take = offered(view, TakeDiscard)
    if view.table.draw_voids:
        return "stock.prompt.draw_void" if take else "stock.prompt.draw_void_only"
    return "ramino51.prompt.draw" if take else "turn.draw_only"


# The play's moves a prompt may name, in the order it names them.
PLAY_MOVES: tuple[tuple[type[Ramino51Action], str], ...] = (
    (MeldCards, "ramino51.move.meld"), (LayOff, "ramino51.move.lay_off"),
    (SwapJoker, "ramino51.move.swap_joker"), (SwapExchange, "ramino51.move.exchange"))


def play_line(view: R51Hand, locale: str) -> str:
    """Return the play's prompt: the moves offered ("meld, lay off"), then the discard."""
    named = [t(key, locale) for kind, key in PLAY_MOVES if offered(view, kind)]
    moves = ", ".join(named)
    moves = moves[:1].upper() + moves[1:]
    if not offered(view, Discard):
        return t("ramino51.prompt.moves", locale, moves=moves) if named else ""
    if not named:
        return t("ramino51.prompt.discard_only", locale)
    key = "ramino51.prompt.moves_or_discard" if len(named) > 1 else "ramino51.prompt.one_or_discard"
    return t(key, locale, moves=moves)


def opening_line(view: R51Hand, locale: str) -> str:
    """Return how far the seat's best melds get towards the opening ("" once opened)."""
    best = view.best
    if not best.minimum:
        return ""
    if not best.melds:
        return t("ramino51.open_none", locale, minimum=best.minimum)
    key = "ramino51.open_ready" if best.value >= best.minimum else "ramino51.opening_line"
    return t(key, locale, points=best.value, minimum=best.minimum)


RAMINO51 = Ramino51Adapter()
