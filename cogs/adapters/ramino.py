"""Ramino on Discord: up to seven seats, combinations kept in hand, elimination and re-entry.

Nothing is melded on the table, so the table shows the seats (cards, totals, distance to the
limit, who is out), the stock and the last discards with who threw each. A hand shows the
player's best arrangement (the solver's), and the discard and close menus say what each card
would leave unmatched.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from bot.i18n import card_text as _pretty
from bot.i18n import number, t
from card_images import (
    HandEndRow,
    HandEndSpec,
    HandSpec,
    PilesPanel,
    SeatRowsPanel,
    SeatSpec,
    TableSpec,
    seat_tags,
)
from cogs.adapters import (
    Board,
    ButtonControl,
    Control,
    Outcome,
    ScoreSheet,
    SelectControl,
    SelectOption,
    Style,
    view_of,
)
from cogs.adapters.base import AdapterBase, levels, with_words
from cogs.adapters.charts import ChartPlan, Totals, running_totals
from cogs.adapters.ramino_words import WORDS
from engine.cards import SUITS, Card, rank_text
from engine.events import GameEnded as SharedGameEnded
from engine.events import Took
from engine.game import Event
from engine.ramino import RaminoGame, RaminoOptions
from engine.ramino import actions as A
from engine.ramino.ai import choose_action, greedy_action
from engine.ramino.events import (
    Closed,
    Declined,
    GameEnded,
    RaminoPayload,
    Reentered,
    ReentryOffered,
)
from engine.ramino.penalty import penalty
from engine.ramino.views import HandReport, RaminoHand, RaminoTable, SeatReport

MAX_OPTIONS = 25  # Discord's limit on a select menu's options
# The chips game is won on chips, not on the lowest penalty total: its results have a board
# of their own, scored by the chips won or lost, so neither board mixes the two.
CHIPS_BOARD = Board("ramino_chips", "ramino.board.chips", score="ramino.stats.chips",
                    heading="ramino.lb.chips")


class RaminoAdapter(AdapterBase[RaminoGame, RaminoOptions, RaminoHand]):
    """Ramino for the host: 2 to 7 players, no melds on the table."""

    game = RaminoGame
    words = WORDS  # its own catalogue: every ramino.… key, its options, presets and refusals
    # Re-entry answers are news for everybody waiting on them.
    notable: frozenset[str] = frozenset({"reenter", "decline"})
    lowest_wins = True

    # engine.ramino.ai_hard is not seated: measured no stronger than normal (issue 29).
    players = levels(greedy_action, choose_action)

    def default_move(self, game: RaminoGame, seat: int) -> str:
        """Play safe for an absent player: draw (take the discard when drawing would end the
        hand), discard as the computer would, never close for him, and decline a re-entry
        he did not ask for (ramino.md)."""
        view = view_of(game, seat)
        moves, table = view.moves, view.table
        voids = not table.stock and not _can_rebuild(table)
        draw: A.RaminoAction = (A.TakeDiscard() if voids or A.DrawStock() not in moves
                                else A.DrawStock())
        for safe in (A.Decline(), draw):
            if safe in moves:
                return str(safe)
        choice = self.computer(view)
        if isinstance(choice, A.Close) and choice.card is not None:
            choice = A.Discard(choice.card)  # his close is his own decision: throw the card
        if choice in moves:
            return str(choice)
        return str(next(a for a in moves if isinstance(a, A.Discard)))

    @property
    def boards(self) -> tuple[Board, ...]:
        """The penalty game's board (the lowest total wins), then the chips game's."""
        return (*super().boards, CHIPS_BOARD)

    def board_of(self, game: RaminoGame) -> str:
        """Return the chips game's board for a chips game, else Ramino's own."""
        return CHIPS_BOARD.name if game.opts.chips else self.name

    def outcomes(self, game: RaminoGame) -> list[Outcome]:
        """Return the results as the leaderboard reads them, higher better: a penalty total
        counts against (−47), chips count what was won or lost (+3), each on its own board
        (`board_of`)."""
        opts: RaminoOptions = game.opts
        base = opts.chips_start if opts.chips else 0
        return [replace(o, points=o.points - base if opts.chips else -o.points)
                for o in super().outcomes(game)]

    def places(self, game: RaminoGame) -> dict[int, int]:
        """Return the final places: in the elimination game the winner first, then the later
        a seat went out the better (the same hand: the lower total; equal ones share), since a
        total frozen early says nothing of how long a seat lasted; the chips game by chips."""
        if game.opts.chips:
            return super().places(game)
        board = game.board
        out = set(board.eliminated)
        # The hand that put a seat out for good charged it something, and none after it did.
        last = {s: max((i for i, h in enumerate(board.hands) if h[s]), default=-1) for s in out}
        keys = {s: (s in out, -last.get(s, 0), total) for s, total in enumerate(board.totals)}
        return {s: 1 + sum(other < key for other in keys.values()) for s, key in keys.items()}

    def score_sheet(self, game: RaminoGame) -> ScoreSheet:
        """Return the hands' points, "–" for those a seat sat out; in the chips game the
        chips each began with are a row, else what re-entries changed."""
        sheet = super().score_sheet(game)
        if game.opts.chips:
            return replace(sheet, bonus_key="ramino.sheet_start")
        return replace(sheet, hands=_sat_out(sheet.hands, game.board.eliminated),
                       bonus_key="ramino.sheet_reentry")

    def chart_plan(self, game: RaminoGame) -> ChartPlan:
        """Chart the totals against the elimination limit, or the chips over the game's
        hands from the chips each began with."""
        opts: RaminoOptions = game.opts
        if opts.chips:
            return ChartPlan(hands=opts.chips_hands, start=opts.chips_start)
        return ChartPlan(target=opts.elimination_limit, target_key="chart.limit")

    def chart_totals(self, game: RaminoGame, sheet: ScoreSheet, plan: ChartPlan) -> Totals:
        """Return the totals with each re-entry: a seat back in goes on from its new total."""
        totals = running_totals(sheet, plan)
        if game.opts.chips or not any(game.reentries):
            return totals
        return _reentered(totals, game.reentries, game.opts.elimination_limit)

    # ----- pictures ---------------------------------------------------------------------------

    def table_spec(self, game: RaminoGame, names: Sequence[str], locale: str) -> TableSpec:
        """Return the table: stock, the last discards and who threw them, a row per seat."""
        view: RaminoTable = view_of(game)
        tags = seat_tags(names)
        piles = PilesPanel(stock_count=view.stock, discard=[d.card for d in view.discards],
                           history=len(view.discards) - 1,
                           by=["" if d.by is None else tags[d.by] for d in view.discards])
        rows = SeatRowsPanel(
            seats=[self._seat(view, seat, names, locale) for seat in range(view.players)],
            headings=[t(f"ramino.heading.{h}", locale) for h in _headings(view)],
            direction=t(f"ramino.direction.{view.direction}", locale))
        return with_words(TableSpec(
            title=t("table.title", locale, game=t("game.ramino", locale), number=view.hand_no),
            panels=[piles, rows],
            status=self.table_status(game, names, locale),
            footer=" ".join(self.settings_lines(view.options, locale)),
        ), locale)

    def _seat(self, view: RaminoTable, seat: int, names: Sequence[str],
              locale: str) -> SeatSpec:
        """Return a seat's row: its figures (cards, total, points to go or chips), its state."""
        info = view.seats[seat]
        tags = [t("ramino.out", locale)] if info.eliminated else (
            [t("ramino.back_in", locale)] if info.reentered else [])
        to_go = "" if info.eliminated or info.to_limit is None else number(max(0, info.to_limit))
        return SeatSpec(
            name=names[seat],
            card_count=0 if info.eliminated else info.cards,  # out: his cards are gone
            score=number(info.total),
            detail=to_go,
            is_turn=view.turn == seat and not info.eliminated,
            note=t("table.dealer", locale) if view.dealer == seat else "",
            out=info.eliminated,
            tags=tags,
        )

    def table_status(self, game: RaminoGame, names: Sequence[str], locale: str) -> str:
        """Return whose turn it is, who must answer a re-entry offer, or who won."""
        view: RaminoTable = view_of(game)
        if game.is_over:
            if view.winner is None:
                return t("event.game_over", locale)
            return t("table.winner", locale, name=names[view.winner])
        if view.reentry is not None:
            return t("ramino.status.reentry", locale,
                     names=_names(view.reentry.waiting, names), count=len(view.reentry.waiting))
        assert view.turn is not None
        return t("table.turn_of", locale, name=names[view.turn])

    def hand_spec(self, game: RaminoGame, seat: int, sort: str, locale: str) -> HandSpec:
        """Return the hand with its best combinations grouped and the unmatched cards apart."""
        view: RaminoHand = view_of(game, seat)
        best = view.arrangement
        return HandSpec(
            cards=list(view.hand),
            melds=[list(c) for c in best.combos],
            loose=list(best.unmatched),
            loose_value=best.penalty,
            sort="rank" if sort == "rank" else "suit",
            title=t("hand.title", locale, game=t("game.ramino", locale)),
            highlight=[view.taken] if view.taken else [],
            loose_label=t("ramino.unmatched_label", locale),
            empty_label=t("picture.no_cards", locale),
            joker_for=[name for combo in best.combos for name in stands_for(combo)],
        )

    def taken_cards(self, ev: Event) -> tuple[str, ...]:
        """Return the card the seat took from the discard pile."""
        return ev.public.cards if isinstance(ev.public, Took) else ()

    def shows_hand(self, game: RaminoGame, seat: int) -> bool:
        """Show no cards to a seat offered a re-entry: the offer is about no hand."""
        reentry = view_of(game).reentry
        return reentry is None or seat not in reentry.offered

    def hand_prompt(self, game: RaminoGame, seat: int, names: Sequence[str], locale: str) -> str:
        """Return what the seat may do now, or whom the game waits for."""
        view: RaminoHand = view_of(game, seat)
        table = view.table
        if game.is_over:
            return self.table_status(game, names, locale)
        if table.seats[seat].eliminated and table.reentry is None:
            return t("ramino.prompt.out", locale)
        if table.reentry is not None and not view.moves:
            line = t("turn.waiting_for", locale, name=_names(table.reentry.waiting, names))
        elif not view.moves:
            line = self.waiting_line(game, seat, names, locale)
        else:
            line = self._turn_line(view, locale)
        value = t("ramino.unmatched", locale, points=view.arrangement.penalty)
        return line if table.reentry is not None else line + "\n" + value

    def _turn_line(self, view: RaminoHand, locale: str) -> str:
        table, moves = view.table, view.moves
        if table.phase == "reentry" and table.reentry is not None:
            return offer_text(table.reentry.total, table.options.elimination_limit, locale)
        if table.phase == "first":
            key = "ramino.prompt.first_close" if A.Close() in moves else "ramino.prompt.first"
            return t(key, locale, card=_pretty(table.top))
        if table.phase == "draw":
            return t(_draw_key(table), locale, card=_pretty(table.top))
        if _thrown(moves, A.Close):
            return t("ramino.prompt.can_close", locale)
        return t("ramino.prompt.discard", locale)

    # ----- controls ---------------------------------------------------------------------------

    def controls(self, game: RaminoGame, seat: int, locale: str,
                 draft: object | None = None) -> list[Control]:
        """Return the buttons of the draw and re-entry steps, the discard and close menus."""
        view = view_of(game, seat)
        table = view.table
        buttons: list[Control] = []
        labels: dict[A.RaminoAction, tuple[str, Style]] = {
            A.Reenter(): (t("ramino.action.reenter", locale,
                            total=table.reentry.total if table.reentry else 0), "success"),
            A.Decline(): (t("ramino.action.decline", locale), "secondary"),
            # In the order the prompt names them, as every game's hand has them.
            A.DrawStock(): (t(_draw_label(table), locale), "primary"),
            A.TakeDiscard(): (t("action.take_discard", locale, card=_pretty(table.top)),
                              "success"),
            A.Close(): (t("ramino.action.close_now", locale), "danger"),
        }
        for move, (label, style) in labels.items():
            if move in view.moves:
                buttons.append(ButtonControl(str(move), label, style))
        return buttons + self._card_selects(game, view, locale)

    def _card_selects(self, game: RaminoGame, view: RaminoHand, locale: str) -> list[Control]:
        """Return the discard menu and, when some discard closes, the close menu."""
        selects: list[Control] = []
        for kind, verb in ((A.Discard, "discard"), (A.Close, "close")):
            cards = _thrown(view.moves, kind)
            if cards:
                options = [self._card_option(game, view, verb, c, locale)
                           for c in cards[:MAX_OPTIONS]]
                selects.append(SelectControl(verb, t(f"ramino.{verb}_placeholder", locale),
                                             options))
        return selects

    def _card_option(self, game: RaminoGame, view: RaminoHand, verb: str, card: Card,
                     locale: str) -> SelectOption:
        """Return a card of a menu (the select sends `<verb> <card>`), said with what
        throwing it leaves unmatched."""
        held = list(view.hand)
        held.remove(card.text)
        left = penalty([Card.parse(c) for c in held], game.penalty_rules)
        label = t(f"ramino.{verb}_card", locale, card=_pretty(card.text))
        return SelectOption(card.text, label, t("ramino.leaves", locale, points=left))

    # ----- announcements ----------------------------------------------------------------------

    def event_detail(self, ev: Event, who: str, names: Sequence[str], locale: str) -> str:
        """Return Ramino's own events' lines and what a hand's or the game's end adds."""
        p: RaminoPayload = ev.public
        if isinstance(p, Closed):
            key = "ramino.event.close_at_once" if p.card is None else "ramino.event.close"
            return t(key, locale, name=who, card=_pretty(p.card))
        if isinstance(p, HandReport):
            return self._report_line(p, names, locale)
        if isinstance(p, ReentryOffered):
            return t("ramino.event.offer", locale, names=_names(p.seats, names), total=p.total)
        if isinstance(p, Reentered):
            return t("ramino.event.reenter", locale, name=who, total=p.total)
        if isinstance(p, Declined):
            return t("ramino.event.decline", locale, name=who)
        if isinstance(p, GameEnded):
            return self._stakes_line(p, names, locale)
        return ""

    def winner_points(self, p: SharedGameEnded) -> int | None:
        """Tell no points with the winner: the totals are penalties or chips."""
        return None

    def _stakes_line(self, p: GameEnded, names: Sequence[str], locale: str) -> str:
        """Return what each loser owes the winner when the table plays for a stake."""
        debts = ", ".join(f"{names[s]} {number(o)}" for s, o in enumerate(p.owed) if o)
        if not debts:
            return ""
        return t("ramino.event.stakes", locale, name=names[p.winner], debts=debts)

    def _report_line(self, p: HandReport, names: Sequence[str], locale: str) -> str:
        """Return the log's line of a hand's end. The close's own line already said who
        closed, so only a void hand, a colore or a ramino adds one."""
        if not p.void and _shape(p) == "plain":
            return ""
        return self._end_line(p, names, locale)

    def _end_line(self, p: HandReport, names: Sequence[str], locale: str) -> str:
        """Return how the hand ended: void, or who closed (with a colore or a ramino)."""
        if p.void or p.closer is None:
            return t("ramino.event.void", locale)
        shape = _shape(p)
        if shape == "plain":
            return t("ramino.event.closed", locale, name=names[p.closer])
        # A colore or a ramino the options do not double says no "(×1)".
        key = f"ramino.event.closed_{shape}" + ("" if p.multiplier > 1 else "_flat")
        return t(key, locale, name=names[p.closer], times=p.multiplier)

    def hand_end(
        self, game: RaminoGame, events: Sequence[Event], names: Sequence[str], locale: str
    ) -> tuple[HandEndSpec, list[str]] | None:
        """Return every hand laid open with its combinations, and the charges and totals."""
        p = next((e.public for e in events if isinstance(e.public, HandReport)), None)
        if p is None or p.void:  # a void hand reveals nothing: its line in the log says it
            return None
        view: RaminoTable = view_of(game)
        chips = view.options.chips
        rows = [self._end_row(p, s, names, chips, locale) for s in p.seats]
        lines = [self._end_line(p, names, locale)]
        lines += [self._charge_line(p, s, names, chips, locale) for s in p.seats]
        lines += [t("ramino.event.eliminated", locale, name=names[s], total=p.totals[s])
                  for s in p.eliminated]
        if p.tied:
            lines.append(t("ramino.event.chips_tie", locale, names=_names(p.tied, names),
                           count=len(p.tied)))
        title = t("hand_end.title", locale, number=p.hand_no,
                  what=self._end_line(p, names, locale))
        return HandEndSpec(title=title, rows=rows), lines

    def _end_row(self, p: HandReport, s: SeatReport, names: Sequence[str], chips: bool,
                 locale: str) -> HandEndRow:
        a = s.arrangement
        points = (t("penalty.closed", locale) if s.seat == p.closer and not s.points
                  else _charge(s.points, chips, s.multiplier, locale))
        if s.seat in p.eliminated:
            points += " · " + t("ramino.out", locale)
        return HandEndRow(name=names[s.seat], melds=[list(c) for c in a.combos],
                          loose=list(a.unmatched), loose_value=a.penalty, points=points,
                          loose_label=t("ramino.penalty_label", locale),
                          joker_for=[n for combo in a.combos for n in stands_for(combo)])

    def _charge_line(self, p: HandReport, s: SeatReport, names: Sequence[str], chips: bool,
                     locale: str) -> str:
        key = "ramino.chips_line" if chips else (
            "ramino.charge_doubled" if s.multiplier > 1 else "ramino.charge_line")
        return t(key, locale, name=names[s.seat], points=s.points,
                 unmatched=s.arrangement.penalty, times=s.multiplier, total=p.totals[s.seat])

    # ----- rules text -------------------------------------------------------------------------

    def rules_summary(self, options: RaminoOptions, locale: str) -> list[str]:
        """Return a few lines of the rules in force."""
        o = options
        lines = [t("ramino.rules.goal", locale, cards=o.hand_size),
                 t("ramino.rules.first_turn", locale),
                 t(f"ramino.rules.close_{o.close_mode}", locale, limit=o.close_points_limit),
                 t("ramino.rules.jokers", locale, joker=o.joker_penalty)]
        if o.colore_multiplier > 1 or o.ramino_multiplier > 1:
            lines.append(t("ramino.rules.multipliers", locale, colore=o.colore_multiplier,
                           ramino=o.ramino_multiplier))
        if o.reentry and not o.chips:
            lines.append(t("ramino.rules.reentry", locale, count=o.max_reentries))
        if o.stake_per_point and not o.chips:
            lines.append(t("ramino.rules.stake", locale, stake=o.stake_per_point))
        return lines + self.settings_lines(options, locale)

    def settings_lines(self, options: RaminoOptions, locale: str) -> list[str]:
        """Return the key options in one or two short lines."""
        o = options
        if o.chips:
            return [t("ramino.rules.chips", locale, hands=o.chips_hands, chips=o.chips_start)]
        return [t("ramino.rules.limit", locale, limit=o.elimination_limit)]


# ----- helpers ----------------------------------------------------------------------------------


def _headings(view: RaminoTable) -> list[str]:
    """Return the seat rows' column headings: cards, then chips, or total and points to go."""
    return ["cards", "chips"] if view.options.chips else ["cards", "total", "to_go"]


def stands_for(combo: Sequence[str]) -> list[str]:
    """Return the card each joker of a combination stands for ("" when a set leaves it open).

    The solver lists a run's cards in order with its jokers in place ("7H JK 9H"), so a
    joker is the natural card before it plus its distance; a set's joker is the one suit its
    naturals miss, when only one is missing.
    """
    cards = [Card.parse(c) for c in combo]
    naturals = [(i, c) for i, c in enumerate(cards) if not c.is_joker]
    jokers = [i for i, c in enumerate(cards) if c.is_joker]
    if not naturals or not jokers:
        return []
    ranks = {c.rank for _, c in naturals}
    if len(ranks) == 1:  # a set
        missing = [s for s in SUITS if s not in {c.suit for _, c in naturals}]
        name = rank_text(ranks.pop()) + missing[0] if len(missing) == 1 else ""
        return [name] * len(jokers)
    first, card = naturals[0]
    low = card.rank if not (card.rank == 1 and first > 0) else 14  # an ace after cards is high
    return [rank_text((low + i - first - 1) % 13 + 1) + card.suit for i in jokers]


def _reentered(totals: Totals, reentries: Sequence[int], limit: int) -> Totals:
    """Replay the re-entries on running totals of the hands' charges: a seat's first
    eliminations, as many as it used re-entries, put it back in right after the hand at
    the highest total of the seats still in (ramino.md, option 3), and it goes on from there.
    """
    totals = [list(points) for points in totals]
    used, out = [0] * len(totals), set[int]()
    for hand in range(1, len(totals[0])):
        now = [points[hand] for points in totals]
        gone = {s for s, v in enumerate(now) if s not in out and v is not None and v > limit}
        staying = [v for s, v in enumerate(now) if s not in out | gone and v is not None]
        for seat in sorted(gone):
            if used[seat] >= reentries[seat] or not staying:
                out.add(seat)
                continue
            used[seat] += 1
            shift = max(staying) - (now[seat] or 0)
            totals[seat][hand + 1:] = [None if v is None else v + shift
                                       for v in totals[seat][hand + 1:]]
    return totals


def _sat_out(hands: Sequence[Sequence[int | None]], out: Iterable[int]
             ) -> tuple[tuple[int | None, ...], ...]:
    """Blank the hands each eliminated seat sat out: those after the last it was charged for.

    A re-entry comes straight after the hand that put a seat out, so only a seat out at the
    end ever missed a hand, and the hand that put it out charged it something.
    """
    gone = set(out)
    last = {s: max((i for i, h in enumerate(hands) if h[s]), default=-1) for s in gone}
    return tuple(tuple(None if s in gone and i > last[s] else v for s, v in enumerate(h))
                 for i, h in enumerate(hands))


def _shape(p: HandReport) -> str:
    """Return the shape of the closer's kept cards: "ramino", "colore" or "plain"."""
    closer = next((s for s in p.seats if s.seat == p.closer), None)
    return closer.arrangement.shape if closer is not None else "plain"


def _charge(points: int, chips: bool, times: int, locale: str) -> str:
    """Return a row's figure at a hand's end: chips won or lost, or the charge (×2 said)."""
    if chips:
        return t("ramino.chips_won", locale, points=points)
    key = "penalty.charged_times" if times > 1 else "penalty.charged"
    return t(key, locale, points=points, times=times)


def _names(seats: Sequence[int | None], names: Sequence[str]) -> str:
    return ", ".join(names[s] for s in seats if s is not None)


def _draw_key(table: RaminoTable) -> str:
    """Return the draw prompt: an empty stock says what drawing does then."""
    if table.stock:
        return "ramino.prompt.draw"
    return "ramino.prompt.draw_rebuild" if _can_rebuild(table) else "stock.prompt.draw_void"


def _draw_label(table: RaminoTable) -> str:
    if table.stock:
        return "action.draw_stock"
    return "stock.action.draw_rebuild" if _can_rebuild(table) else "stock.action.draw_void"


def _thrown(moves: Sequence[A.RaminoAction], kind: type[A.Discard] | type[A.Close]
            ) -> list[Card]:
    """Return the cards the listed moves of that kind throw (a close at once throws none)."""
    return [a.card for a in moves if isinstance(a, kind) and a.card is not None]


def _can_rebuild(table: RaminoTable) -> bool:
    """Whether drawing from the empty stock shuffles the pile into a new one (else voids)."""
    limit = table.options.stock_rebuilds
    return (limit is None or table.rebuilds < limit) and table.pile > 1


RAMINO = RaminoAdapter()


def offer_text(total: int, limit: int, locale: str) -> str:
    """Return a re-entry offer in words: what re-entering means (ramino.md, re-entry: the
    highest total among the players still in) and how close it leaves him to the limit."""
    margin = limit - total  # a total above the limit puts him out again
    close = (t("ramino.offer.margin", locale, limit=limit, margin=margin) if margin > 0
             else t("ramino.offer.at_limit", locale))
    return "\n".join([t("ramino.offer.out", locale, limit=limit),
                      t("ramino.offer.back", locale, total=total), close,
                      t("ramino.offer.ask", locale)])
