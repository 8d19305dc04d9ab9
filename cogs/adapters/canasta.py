"""Canasta on Discord: sides' melds grouped by rank, canastas closed, red threes, the frozen pile.

The table shows one panel per side (partners together with four players): its melds one per
rank with their counts, canastas as closed piles named by kind, its red threes, whether it
opened and its minimum, each player's card count and the side's total. A hand is grouped by
rank with what it could meld. The menus (canasta_menus.py) work in steps kept as a typed draft.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from bot.i18n import card_text, cards_text, grouped, names_text, number, t
from card_images import (
    HandEndRow,
    HandEndSpec,
    HandSpec,
    PilesPanel,
    SeatGridPanel,
    TableSpec,
)
from cogs.adapters import Control, view_of
from cogs.adapters.base import AdapterBase, levels, with_words
from cogs.adapters.canasta_menus import (
    compose_move,
    hand_controls,
    meld_text,
    own_side,
    rank_of,
    rank_order,
    rank_word,
    step_draft,
)
from cogs.adapters.canasta_pictures import side_seat, table_footer
from cogs.adapters.canasta_words import WORDS
from cogs.adapters.charts import ChartPlan
from engine.canasta import (
    AddToMeld,
    CanastaGame,
    CanastaOptions,
    DrawTwo,
    EndHand,
    NewMeld,
    OpenAndDraw,
    TakePile,
)
from engine.canasta.ai import choose_action
from engine.canasta.ai_cards import Reading
from engine.canasta.ai_cards import meld_rank as view_rank
from engine.canasta.ai_discard import choose_discard
from engine.canasta.ai_greedy import greedy_action
from engine.canasta.ai_hard import hard_action
from engine.canasta.events import (
    Added,
    CanastaPayload,
    Dealt,
    Drawn,
    Opened,
    PileCards,
    PileTaken,
    StockDrawn,
)
from engine.canasta.melds import CANASTA as CANASTA_SIZE
from engine.canasta.melds import canasta_kind, card_value, is_wild, meld_rank
from engine.canasta.options import LOWEST_MINIMUM, OPENING_MINIMUMS
from engine.canasta.views import (
    CanastaHand,
    CanastaTable,
    HandReport,
    MeldView,
    SideReport,
    rank_name,
)
from engine.cards import Card
from engine.events import GameEnded, ShownMeld
from engine.game import Event


class CanastaAdapter(AdapterBase[CanastaGame, CanastaOptions, CanastaHand]):
    """Canasta for the host: 2 to 4 players, 0+2 v 1+3 with four, melds by rank per side."""

    game = CanastaGame
    words = WORDS  # its own catalogue: every canasta.… key, its options, presets and refusals
    # Melds and pile takes change the table everybody plays on: shown at once.
    notable: frozenset[str] = frozenset({"open", "take", "meld", "add"})

    # engine.canasta.ai_hard: 88.1 % of 800 whole games against normal heads-up, 62.0 % at
    # four seats (hard + normal partner), both above issue 29's 58 % (docstring: figures).
    players = levels(greedy_action, choose_action, hard_action)

    def default_move(self, game: CanastaGame, seat: int) -> str:
        """Play safe for an absent player: draw two (or end on an empty stock), never meld
        for him, and discard as the computer player would (never a wild card while another
        will do, nor a rank the opponents meld)."""
        view: CanastaHand = view_of(game, seat)
        return safe_move(view)

    # ----- pictures ---------------------------------------------------------------------------

    def table_spec(self, game: CanastaGame, names: Sequence[str], locale: str) -> TableSpec:
        """Return the table: stock, the pile's top and size, frozen or not, each side."""
        view: CanastaTable = view_of(game)
        title = t("table.title", locale, game=t("game.canasta", locale), number=view.hand_no)
        seats = [side_seat(view, side, names, locale) for side in view.sides]
        # the pile's size and state under it; each seat says its partners' own card counts
        pile = t("canasta.pile_frozen" if view.frozen else "canasta.pile_caption", locale,
                 count=view.pile)
        piles = PilesPanel(stock_count=view.stock, discard_caption=pile,
                           discard=[view.pile_top] if view.pile_top else [])
        return with_words(TableSpec(
            title=title, panels=[piles, SeatGridPanel(seats)],
            status=self.table_status(game, names, locale),
            footer=table_footer(view, names, locale),
        ), locale)

    def table_status(self, game: CanastaGame, names: Sequence[str], locale: str) -> str:
        """Return whose turn it is, or which side won."""
        view: CanastaTable = view_of(game)
        if game.is_over:
            winner = game.winner
            if winner is None:
                return t("event.game_over", locale)
            seats = view.sides[winner].seats  # a partnership wins in the plural
            said = names_text([names[s] for s in seats], locale)  # "Bruno and Dario"
            return t("event.game_won", locale, name=said, count=len(seats))
        assert view.turn is not None
        return t("table.turn_of", locale, name=names[view.turn])

    def hand_spec(self, game: CanastaGame, seat: int, sort: str, locale: str) -> HandSpec:
        """Return the hand grouped by rank (one group per rank, wild cards apart), captioned
        with what it could meld now."""
        view: CanastaHand = view_of(game, seat)
        groups = by_rank(view.hand)
        return HandSpec(
            cards=list(view.hand), melds=groups, loose=[],
            sort="rank", title=t("hand.title", locale, game=t("game.canasta", locale)),
            loose_label=could_meld(view, locale),
            empty_label=t("picture.no_cards", locale))

    def drawn_cards(self, ev: Event) -> tuple[str, ...]:
        """Return the cards the seat drew from the stock (two, or one after an opening)."""
        return ev.private.cards if isinstance(ev.private, Drawn) else ()

    def taken_cards(self, ev: Event) -> tuple[str, ...]:
        """Return the pile's cards that went into the taker's hand."""
        return ev.private.cards if isinstance(ev.private, PileCards) else ()

    def hand_prompt(self, game: CanastaGame, seat: int, names: Sequence[str], locale: str) -> str:
        """Return what the seat may do now: draw or take, or meld and discard."""
        view: CanastaHand = view_of(game, seat)
        if game.is_over:
            return self.table_status(game, names, locale)
        side = own_side(view)
        alone = len(side.seats) == 1
        worth = (t(alone_key("canasta.opened_line", alone), locale) if side.opened
                 else t("canasta.minimum_line", locale, minimum=side.minimum))
        if not view.moves:
            return self.waiting_line(game, seat, names, locale) + "\n" + worth
        table = view.table
        if table.phase == "acquire":
            line = t(acquire_key(view), locale, card=card_text(table.pile_top),
                     count=table.pile)
        else:
            key = play_key(view) if side.opened else "canasta.prompt.discard"
            line = t(alone_key(key, alone), locale)
        return line + "\n" + worth

    def refusal_key(self, game: CanastaGame, seat: int, key: str) -> str:
        """Return a refusal's key for the seat: Canasta's own words where a shared refusal
        would mislead, and "you", not "your side", for a side of one."""
        view: CanastaHand = view_of(game, seat)
        return alone_key(OWN_REFUSALS.get(key, key), len(own_side(view).seats) == 1)

    # ----- controls ---------------------------------------------------------------------------

    def controls(self, game: CanastaGame, seat: int, locale: str, draft: object | None = None
                 ) -> list[Control]:
        """Return the buttons and selects of the seat's step (see canasta_menus)."""
        view: CanastaHand = view_of(game, seat)
        if not view.moves:
            return []
        return hand_controls(game, view, locale, draft)

    def step(self, game: CanastaGame, seat: int, draft: object | None, text: str
             ) -> object | None:
        """Move within the menus: build melds rank by rank, pick a side meld to add to."""
        return step_draft(game, view_of(game, seat), draft, text)

    def compose(self, game: CanastaGame, seat: int, verb: str, values: Sequence[str]) -> str:
        """Return the move a select sends (a ready-made move, an addition's cards)."""
        return compose_move(verb, values)

    # ----- announcements ----------------------------------------------------------------------

    def event_detail(self, ev: Event, who: str, names: Sequence[str], locale: str) -> str:
        """Return Canasta's own events' lines (a take of the pile, an addition) and what a
        draw, an opening, a deal and a hand's end add (never a card drawn or held)."""
        p: CanastaPayload = ev.public
        return self._play_line(p, who, locale) or self._news_line(p, names, locale)

    def winner_seats(self, p: GameEnded, names: Sequence[str]) -> Sequence[int]:
        """Return the seats of the winning side (the totals are the sides')."""
        return seats_of(p.winner, len(p.totals), names)

    def meld_words(self, meld: ShownMeld, locale: str) -> str:
        """Write a meld an event shows, by its rank: "K×5 (2 wild): K♣ K♦ …"."""
        assert isinstance(meld, MeldView)
        return melds_line([meld], locale)

    def _play_line(self, p: CanastaPayload, who: str, locale: str) -> str:
        """Return the line of a player's own move, or what Canasta adds to a shared one."""
        if isinstance(p, StockDrawn):
            return (t("canasta.event.stock_left", locale, left=p.stock)
                    + reds_line(p.red_threes, locale))
        if isinstance(p, Opened):
            return t("event.opened", locale, points=p.points) + reds_line(p.red_threes, locale)
        if isinstance(p, PileTaken):
            return t("canasta.event.take", locale, name=who, count=p.cards,
                     melds=melds_line(p.melds, locale)) + reds_line(p.red_threes, locale)
        if isinstance(p, Added):
            # What the meld became (its rank, its size now), or the canasta these cards made.
            key = "canasta.event.add_made" if made(p.meld, len(p.cards)) else "canasta.event.add"
            return t(key, locale, name=who, cards=cards_text(p.cards),
                     now=meld_word(p.meld, locale))
        return ""

    def _news_line(self, p: CanastaPayload, names: Sequence[str], locale: str) -> str:
        """Return what Canasta adds to a deal (the pile, red threes) and a hand's end."""
        if isinstance(p, Dealt):
            return deal_detail(p.turned, p.pile, p.red_threes, names, locale)
        if isinstance(p, HandReport):
            return end_line(p, names, locale)
        return ""

    def opening_lines(self, game: CanastaGame, names: Sequence[str], locale: str) -> list[str]:
        """Return the first deal's line: its number, its dealer, the pile and red threes."""
        v: CanastaTable = view_of(game)
        reds = [len(side.red_threes) for side in v.sides]
        return [t("event.new_hand", locale, number=v.hand_no, name=names[v.dealer]) + " "
                + deal_detail(v.pile_top, v.pile, reds, names, locale)]

    def hand_end(
        self, game: CanastaGame, events: Sequence[Event], names: Sequence[str], locale: str
    ) -> tuple[HandEndSpec, list[str]] | None:
        """Return every hand laid open, each side's M, C, R, G, P and the totals."""
        p = next((e.public for e in events if isinstance(e.public, HandReport)), None)
        if p is None:
            return None
        view: CanastaTable = view_of(game)
        opts = view.options
        rows = [end_row(s, seat, cards, names, opts, locale) for s in p.sides
                for seat, cards in zip(side_seats(view, s.side), s.hands)]
        lines = [t("event.hand_over", locale, number=p.hand_no) + " " + end_line(p, names, locale)]
        lines += [side_line(p, s, side_seats(view, s.side), names, locale) for s in p.sides]
        what = (t("canasta.what.out", locale, name=names[p.out]) if p.out is not None
                else t("canasta.what.stock", locale))
        title = t("hand_end.title", locale, number=p.hand_no, what=what)
        return HandEndSpec(title=title, rows=rows, score_lines=lines[1:]), lines

    # ----- rules text -------------------------------------------------------------------------

    def chart_plan(self, game: CanastaGame) -> ChartPlan:
        """Chart the totals up to the game's target."""
        opts: CanastaOptions = game.opts
        return ChartPlan(target=opts.target_score)

    def rules_summary(self, options: CanastaOptions, locale: str) -> list[str]:
        """Return a few lines of the rules in force."""
        o = options
        lines = [t("canasta.rules.goal", locale), t("canasta.rules.draw", locale),
                 t("canasta.rules.melds", locale), opening_line(locale),
                 t("canasta.rules.canastas", locale), t("canasta.rules.pile", locale),
                 t("canasta.rules.out", locale, bonus=o.going_out_bonus)]
        lines.append(t("canasta.rules.black_threes", locale, points=o.black_three_value))
        if not o.melds_past_seven:
            lines.append(t("canasta.rules.seven_cap", locale))
        if not o.wild_on_clean_canasta:
            lines.append(t("canasta.rules.clean_closed", locale))
        return lines + self.settings_lines(options, locale)

    def settings_lines(self, options: CanastaOptions, locale: str) -> list[str]:
        """Return the target in one short line."""
        return [t("canasta.rules.target", locale, target=options.target_score)]


def opening_line(locale: str) -> str:
    """Return the rules line of the opening minimums: "50 below 3,000, 90 from 3,000, …"."""
    rising = sorted(OPENING_MINIMUMS)
    steps = [t("canasta.rules.minimum_below", locale, minimum=LOWEST_MINIMUM,
               total=rising[0][0])]
    steps += [t("canasta.rules.minimum_from", locale, minimum=minimum, total=bound)
              for bound, minimum in rising]
    return t("canasta.rules.opening", locale, minimums=", ".join(steps))


# ----- the timer's move ------------------------------------------------------------------------


def safe_move(view: CanastaHand) -> str:
    """Return the draw (or the end on an empty stock), else the computer player's discard."""
    bare = next((m for m in view.moves if isinstance(m, (DrawTwo, EndHand))), None)
    return str(bare) if bare is not None else choose_discard(Reading(view))


def play_key(view: CanastaHand) -> str:
    """Return an opened side's play prompt: meld and add only when the menus offer them."""
    meld = any(isinstance(m, NewMeld) for m in view.moves)
    add = any(isinstance(m, AddToMeld) for m in view.moves)
    return "canasta.prompt." + {(True, True): "play", (True, False): "play_meld",
                                (False, True): "play_add", (False, False): "play_discard"}[
                                    meld, add]


def acquire_key(view: CanastaHand) -> str:
    """Return the line before the draw: the empty stock, the frozen pile, the pile takeable
    or not (a take is offered only when one is legal)."""
    table = view.table
    if not table.stock:
        return "canasta.prompt.end"
    if table.frozen:
        return "canasta.prompt.frozen"
    takes = any(isinstance(m, TakePile) for m in view.moves)
    return "canasta.prompt.acquire" if takes else "canasta.prompt.no_take"


# ----- words and rows -----------------------------------------------------------------------


def side_name(seats: Sequence[int], names: Sequence[str]) -> str:
    """Return a side's name: its players joined by "&"."""
    return " & ".join(names[s] for s in seats)


def side_seats(view: CanastaTable, side: int) -> tuple[int, ...]:
    """Return the seats of a side."""
    return view.sides[side].seats


def by_rank(hand: Sequence[str]) -> list[list[str]]:
    """Return the hand's cards in one group per rank (A, K … 3), wild cards last."""
    ranks: dict[str, list[str]] = {}
    for card in hand:
        ranks.setdefault(rank_of(card), []).append(card)
    return [ranks[r] for r in sorted(ranks, key=rank_order)]


def could_meld(view: CanastaHand, locale: str) -> str:
    """Return the hand's caption: the ranks it could open with, meld or add to now, or
    after the draw; else that it can meld none."""
    if view.after_draw:
        key, moves = "canasta.after_draw", view.after_draw
    elif any(isinstance(m, OpenAndDraw) for m in view.moves):
        key, moves = "canasta.could_open", view.moves
    else:
        key, moves = "canasta.could_meld", view.moves
    ranks = {rank_name(r) for m in moves for r in play_ranks(view, m)}
    # in the order the hand's groups are drawn, so the caption reads along the picture
    shown = sorted(ranks, key=rank_order)
    if not shown:
        return t("canasta.hand_caption", locale)
    return t(key, locale, ranks=" ".join(shown))


def play_ranks(view: CanastaHand, move: object) -> list[int]:
    """Return the ranks a move melds or adds to."""
    if isinstance(move, NewMeld):
        return [meld_rank(move.cards)]
    if isinstance(move, OpenAndDraw):
        return [meld_rank(m) for m in move.melds]
    if isinstance(move, AddToMeld):
        melds = {m.id: m for s in view.table.sides for m in s.melds}
        return [view_rank(melds[move.meld_id])]
    return []


def reds_line(reds: Sequence[str], locale: str) -> str:
    """Return what follows a move that laid red threes ("" if none)."""
    if not reds:
        return ""
    return " " + t("canasta.event.red_threes", locale, cards=cards_text(reds))


def meld_word(meld: MeldView, locale: str) -> str:
    """Write a meld for a public line: "K×5 (2 wild)" or "clean canasta of K"."""
    rank = rank_word(meld.rank, locale)
    if meld.canasta:
        return t(f"canasta.kind.{meld.canasta}", locale, rank=rank, count=len(meld.cards))
    key = "canasta.meld_short" if meld.wilds else "canasta.meld_plain"
    return t(key, locale, rank=rank, count=len(meld.cards), joker=meld.wilds)


def meld_before(meld: MeldView, added: Sequence[str]) -> MeldView:
    """Return the meld as it lay before these cards were added to it (what the player added
    to, not what it became)."""
    left = list(meld.cards)
    for card in added:
        left.remove(card)
    rank, cards = view_rank(meld), [Card.parse(c) for c in left]
    return replace(meld, cards=tuple(left), wilds=sum(is_wild(c, rank) for c in cards),
                   canasta=canasta_kind(rank, cards))


def melds_line(melds: Sequence[MeldView], locale: str) -> str:
    """Write melds for a public line, with their cards."""
    return "; ".join(f"{meld_word(m, locale)}: {meld_text(m.cards)}" for m in melds)


def made(meld: MeldView, added: int) -> bool:
    """Whether these cards made the meld a canasta (it was none before)."""
    return bool(meld.canasta) and len(meld.cards) - added < CANASTA_SIZE


def deal_detail(turned: str | None, pile: int, reds: Sequence[int], names: Sequence[str],
                locale: str) -> str:
    """Return what a new hand's line adds: the turned card, the pile, and the red threes each
    side set aside at the deal."""
    line = t("canasta.event.deal", locale, card=card_text(turned), count=pile)
    for side, count in enumerate(reds):
        if count:
            line += " " + t("canasta.event.deal_reds", locale, count=count,
                            name=side_name(seats_of(side, len(reds), names), names))
    return line


def seats_of(side: int, sides: int, names: Sequence[str]) -> list[int]:
    """Return a side's seats: every `sides`-th seat from the side's first (0+2, 1+3)."""
    return [s for s in range(len(names)) if s % sides == side]


def end_line(p: HandReport, names: Sequence[str], locale: str) -> str:
    """Return how the hand ended: someone went out, or the stock ran out."""
    if p.out is not None:
        return t("canasta.event.hand_out", locale, name=names[p.out])
    return t("canasta.event.hand_stock", locale)


def side_line(p: HandReport, s: SideReport, seats: Sequence[int], names: Sequence[str],
              locale: str) -> str:
    """Return a side's M, C, R, G, P, its hand score and its total."""
    figures = {key: grouped(value, locale) for key, value in (
        ("m", s.melds), ("c", s.canastas), ("r", s.red_threes), ("g", s.going_out),
        ("p", s.penalty), ("score", s.score), ("total", p.totals[s.side]))}
    return t("canasta.score_line", locale, name=side_name(seats, names), **figures)


def end_row(s: SideReport, seat: int, cards: Sequence[str], names: Sequence[str],
            opts: CanastaOptions, locale: str) -> HandEndRow:
    """Return a seat's hand laid open, with its side's score for the hand."""
    held = sum(card_value(Card.parse(c), opts) for c in cards)
    # a side of one is its player: his row says his score, not a side's
    key = "canasta.side_score" if len(s.hands) > 1 else "canasta.seat_score"
    return HandEndRow(name=names[seat], loose=list(cards), loose_value=held,
                      points=t(key, locale, score=number(s.score)),
                      loose_label=t("picture.in_hand", locale))


CANASTA = CanastaAdapter()


# Lines that say "your side": a player alone on his side (two-player Canasta) reads "you".
ALONE_KEYS = frozenset({"canasta.opened_line", "canasta.prompt.discard", "canasta.prompt.play",
                        "canasta.prompt.play_add", "canasta.error.hand_size",
                        "canasta.error.cannot_go_out", "canasta.error.rank_melded",
                        "canasta.side_not_opened"})
# Shared refusals Canasta words its own way: a side opens together, partners included.
OWN_REFUSALS = {"error.not_opened": "canasta.side_not_opened"}


def alone_key(key: str, alone: bool) -> str:
    """Return the key of a line that names the seat's side, worded for a side of one."""
    return f"{key}_alone" if alone and key in ALONE_KEYS else key
