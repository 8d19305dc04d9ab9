"""Rummy 500 on Discord: the spread pile, melds with ids, menus in steps and "Rummy!" claims.

Every button and menu is built from the seat's legal moves as the engine's own objects (the
view's `moves` and `claim_moves`); a move becomes text only as a control's action or value,
and every option is a listed move or a step towards one (melds are offered whole). The hand's
menus work in steps, a typed `Menu` the host keeps as it is (see AdapterBase.step): the turn's
menu, "take" (a depth in the pile, then the melds the card at that depth goes into), "meld"
(the melds of one rank or suit, when they are too many for one select), "lay" (the meld a
card goes on), "suit" (the dealer's special card), each with its page where a list passes
25 options, and the hand's page of its card menus (a hand can pass 25 cards). The menus a
seat may be in, and the steps between them, are derived from its legal moves: any other
draft is the turn's menu.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace

from bot.i18n import card_text as _pretty
from bot.i18n import cards_text, t
from card_images import (
    HandEndRow,
    HandEndSpec,
    HandSpec,
    MeldSpec,
    PilesPanel,
    SeatGridPanel,
    SeatSpec,
    TableSpec,
)
from cogs.adapters import (
    PASS_CLAIMS,
    ButtonControl,
    Control,
    SelectControl,
    SelectOption,
    view_of,
)
from cogs.adapters.base import AdapterBase, levels, tie_line, with_words
from cogs.adapters.charts import ChartPlan
from cogs.adapters.melding import (
    BACK_STEP,
    GROUP_STEP,
    LAY_STEP,
    NEXT_STEP,
    PAGE_STEP,
    TAKE_STEP,
    Whole,
    back_button,
    card_selects,
    depth_menu,
    grouped,
    groups_of,
    in_group,
    lay_choice,
    layoff_select,
    melds_label,
    next_page,
    option_value,
    page_count,
    sorted_cards,
    target_label,
    whole,
    whole_menu,
)
from cogs.adapters.rummy500_words import WORDS
from cogs.errors import Refusal
from engine.cards import Card
from engine.errors import DoesNotFit, IllegalMove, NoSuchMeld
from engine.game import Event
from engine.melds import MeldRules
from engine.rummy500 import Rummy500Game, Rummy500Options, card_value
from engine.rummy500 import actions as A
from engine.rummy500.ai import choose_action, choose_claim
from engine.rummy500.ai_greedy import greedy_action
from engine.rummy500.ai_hard import choose_action_hard
from engine.rummy500.errors import ClaimTooLate
from engine.rummy500.events import (
    Announced,
    Claimed,
    ClaimsClosed,
    Declined,
    EmptyHand,
    LaidOff,
    R500Payload,
    Reused,
    SpecialNamed,
    Taken,
)
from engine.rummy500.views import HandReport, MeldView, R500Hand, R500Table
from engine.solver import best_arrangement

SUITS = "SHDC"
SUIT_STEP = "ui_suit"  # the dealer picks the special card's suit, then the card
RULES = MeldRules(aces="low_high")


class Rummy500Adapter(AdapterBase[Rummy500Game, Rummy500Options, R500Hand]):
    """Rummy 500 for the host: 2 to 5 players, claims made from the table."""

    game = Rummy500Game
    words = WORDS  # its own catalogue: every rummy500.… key, its options, presets and refusals
    # A claim is news for all; a player's own melds and lay-offs he must see on the table.
    notable: frozenset[str] = frozenset({"claim", "rummy_announce", "meld", "layoff"})

    players = levels(greedy_action, choose_action, choose_action_hard)

    def react(self, game: Rummy500Game, seat: int) -> str | None:
        """Return the computer's "Rummy!" claim for the open window, if it makes one."""
        claim = choose_claim(view_of(game, seat))
        return None if claim is None else str(claim)

    def default_move(self, game: Rummy500Game, seat: int) -> str:
        """Play safe for an absent player: the computer's move (it never risks a claim)."""
        return self.choose(game, seat)

    def at_once(self, events: Sequence[Event]) -> bool:
        """Show melds, lay-offs and claims at once, and a take from the pile that melded."""
        return super().at_once(events) or any(
            isinstance(e.public, Taken) and e.public.melds for e in events)

    # ----- pictures ---------------------------------------------------------------------------

    def table_spec(self, game: Rummy500Game, names: Sequence[str], locale: str) -> TableSpec:
        """Return the table: stock, the whole pile numbered, every meld by id, the scores."""
        view: R500Table = view_of(game)
        seats = [self._seat(view, seat, names, locale) for seat in range(view.players)]
        piles = PilesPanel(stock_count=view.stock, discard=list(view.pile), spread=True,
                           numbers=True)
        return with_words(TableSpec(
            title=t("table.title", locale, game=t("game.rummy500", locale),
                    number=view.hand_no),
            panels=[piles, SeatGridPanel(seats)],
            status=self.table_status(game, names, locale),
            footer=self._footer(view, locale),
        ), locale)

    def _seat(self, view: R500Table, seat: int, names: Sequence[str],
              locale: str) -> SeatSpec:
        info = view.seats[seat]
        melds = [MeldSpec(m.id, list(m.cards), [e.card for e in m.entries if e.by != seat],
                          [e.by for e in m.entries if e.by != seat])
                 for m in view.melds if m.owner == seat]
        notes = []
        if view.dealer == seat:
            notes.append(t("table.dealer", locale))
        if info.eliminated:
            notes.append(t("rummy500.eliminated", locale))
        return SeatSpec(
            name=names[seat],
            card_count=info.cards,
            score=t("rummy500.score", locale, total=info.total, hand=_this_hand(view, seat)),
            melds=melds,
            is_turn=view.turn == seat and view.phase != "over",
            note=" · ".join(notes),
        )

    def _footer(self, view: R500Table, locale: str) -> str:
        opts = view.options
        if opts.game_mode == "closings":
            parts = [t("rummy500.closings_goal", locale, count=opts.closings_to_win)]
        else:
            parts = [t("table.target", locale, target=opts.target_score)]
        if view.special_card:
            parts.append(t("rummy500.special", locale, card=_pretty(view.special_card),
                           points=opts.special_card_value))
        return " ".join(parts)

    def table_status(self, game: Rummy500Game, names: Sequence[str], locale: str) -> str:
        """Return whose turn it is, an open "Rummy!" window, or who won."""
        view: R500Table = view_of(game)
        if game.is_over:
            winner = view.winner
            if winner is None:
                return t("event.game_over", locale)
            return t("table.winner", locale, name=names[winner])
        assert view.turn is not None
        line = t("table.turn_of", locale, name=names[view.turn])
        claim = view.claim
        if claim.open and view.options.rummy_call == "manual":
            # Manual calls say nothing of the card: an invitation to look, not a hint.
            line += " · " + t("rummy500.window_look", locale, card=_pretty(claim.card))
        elif claim.open and claim.fits:
            line += " · " + t("rummy500.window_open", locale, card=_pretty(claim.card))
        return line

    def hand_spec(self, game: Rummy500Game, seat: int, sort: str, locale: str) -> HandSpec:
        """Return the hand with the melds it could put down grouped, the rest apart."""
        view: R500Hand = view_of(game, seat)
        cards = [Card.parse(c) for c in view.hand]
        values = _hand_values(game)
        best = best_arrangement(cards, RULES, values) if cards else None
        melds = [[str(c) for c in m.cards] for m in best.melds] if best else []
        rest = [str(c) for c in best.deadwood] if best else []
        return HandSpec(
            cards=list(view.hand),
            melds=melds,
            loose=rest,
            loose_value=sum(values(c) for c in cards),
            sort="rank" if sort == "rank" else "suit",
            title=t("hand.title", locale, game=t("game.rummy500", locale)),
            highlight=[view.free_card] if view.free_card else [],
            loose_label=t("picture.in_hand", locale),
            empty_label=t("picture.no_cards", locale),
        )

    def taken_cards(self, ev: Event) -> tuple[str, ...]:
        """Return the cards the seat took from the discard pile (the deepest first)."""
        return ev.public.cards if isinstance(ev.public, Taken) else ()

    def hand_prompt(self, game: Rummy500Game, seat: int, names: Sequence[str], locale: str) -> str:
        """Return what the seat may do now, or whom the game waits for."""
        view: R500Hand = view_of(game, seat)
        table = view.table
        if game.is_over:
            return self.table_status(game, names, locale)
        assert table.turn is not None
        held = t("rummy500.in_hand", locale, points=_hand_total(game, view.hand))
        if not view.moves:
            return self.waiting_line(game, seat, names, locale) + "\n" + held
        line = t(_prompt_key(view), locale)
        opened = table.seats[seat].opened
        minimum = table.options.min_first_meld
        if table.phase != "special" and not opened and minimum:
            line += " " + t("rummy500.first_meld", locale, points=minimum)
        fitting = [] if opened or table.phase != "play" else _fitting(game, view.hand)
        if fitting:
            line += "\n" + t("rummy500.layoff_unopened", locale, cards=cards_text(fitting))
        return line + "\n" + held

    # ----- controls ---------------------------------------------------------------------------

    def controls(self, game: Rummy500Game, seat: int, locale: str,
                 draft: object | None = None) -> list[Control]:
        """Return the buttons and selects for the seat's legal moves, step by step."""
        view = view_of(game, seat)
        if not view.moves:
            return []
        menu = _menu(view, draft)
        if view.table.phase == "special":
            return self._special_controls(view, menu, locale)
        if menu.step == "take":
            return [back_button(locale), *self._take_menu(view, menu, locale)]
        if menu.step == "meld":
            return [back_button(locale), *self._meld_menu(view, menu, locale)]
        if menu.step == "lay":
            return [back_button(locale),
                    layoff_select(view.table.melds, view.moves, menu.choice, locale)]
        if view.table.phase == "draw":
            return self._draw_controls(view, locale)
        return [*self._meld_menu(view, menu, locale),
                *card_selects(view.hand, view.moves, locale, menu.more)]

    def _draw_controls(self, view: R500Hand, locale: str) -> list[Control]:
        moves, table = view.moves, view.table
        buttons: list[Control] = []
        if A.DrawStock() in moves:
            buttons.append(ButtonControl(str(A.DrawStock()), t("action.draw_stock", locale)))
        if _depths(moves):
            buttons.append(ButtonControl(TAKE_STEP, t("melding.action.take_pile", locale),
                                         "success"))
        free = next((a for a in moves if isinstance(a, A.TakeDiscards) and not a.melds), None)
        if free is not None:
            buttons.append(ButtonControl(str(free), t("rummy500.action.take_top", locale,
                                                      card=_pretty(table.pile[free.k - 1])),
                                         "secondary"))
        if A.DeclineDiscards() in moves:
            key = "reuse" if _reuse_left(table) else "end"
            buttons.append(ButtonControl(str(A.DeclineDiscards()),
                                         t(f"rummy500.action.decline_{key}", locale), "secondary"))
        return buttons

    def _meld_menu(self, view: R500Hand, menu: Menu, locale: str) -> list[Control]:
        """Return the menu of the listed melds, whole (by rank or suit first when many)."""
        melds = _meld_entries(view.moves)
        if not melds:
            return []
        return whole_menu("meld", t("melding.meld_placeholder", locale), melds, menu.choice,
                          menu.page, locale)

    def _take_menu(self, view: R500Hand, menu: Menu, locale: str) -> list[Control]:
        """Return the pile's depths, or the takes from the depth chosen, whole."""
        pile = view.table.pile
        if not menu.depth:
            depths = [(k, pile[k - 1], len(pile) - k + 1) for k in _depths(view.moves)]
            return depth_menu(depths, menu.page, locale)
        placeholder = t("rummy500.take_placeholder", locale, card=_pretty(pile[menu.depth - 1]))
        return whole_menu("take", placeholder, _take_entries(view.moves, menu.depth, locale),
                          menu.choice, menu.page, locale)

    def _special_controls(self, view: R500Hand, menu: Menu, locale: str) -> list[Control]:
        names = _specials(view.moves)
        if menu.step == "suit":
            options = [SelectOption(option_value(a, "special"), _pretty(card.text))
                       for card, a in names if card.suit == menu.choice]
            placeholder = t("rummy500.special_placeholder", locale)
            return [back_button(locale), SelectControl("special", placeholder, options)]
        controls: list[Control] = []
        if A.NameSpecial(None) in view.moves:
            controls.append(ButtonControl(str(A.NameSpecial(None)),
                                          t("rummy500.action.no_special", locale), "secondary"))
        suits = [SelectOption(s, t(f"suit.{s}", locale)) for s in _suits(names)]
        if suits:
            controls.append(SelectControl(SUIT_STEP, t("rummy500.suit_placeholder", locale), suits))
        return controls

    def step(self, game: Rummy500Game, seat: int, draft: object | None, text: str
             ) -> object | None:
        """Move within the menus: open the pile, pick a depth, a group of melds, a card or a
        suit, turn a page.

        The steps open from a menu are derived from the seat's legal moves; any other text
        is refused.
        """
        view = view_of(game, seat)
        menu = _steps(view, _menu(view, draft)).get(text)
        if menu is None:
            raise IllegalMove("no such step", action=text)
        return menu

    def compose(self, game: Rummy500Game, seat: int, verb: str, values: Sequence[str]) -> str:
        """Return the action a select sends: a card's only lay-off (else the step to choose
        where), else `<verb> <value>` (a whole meld or take, a discard, a step)."""
        if verb == LAY_STEP:
            return lay_choice(view_of(game, seat).moves, values[0])
        return super().compose(game, seat, verb, values)

    # ----- the table's "Rummy!" button ----------------------------------------------------------

    def table_controls(self, game: Rummy500Game, locale: str) -> list[ButtonControl]:
        """Return "Rummy!" and "No claim" while a window is open (announce: a playable card)."""
        table: R500Table = view_of(game)
        claim = table.claim
        if not claim.open:
            return []
        if game.opts.rummy_call == "announce" and not claim.fits:
            return []
        return [ButtonControl("claim", t("rummy500.action.rummy", locale), "danger"),
                ButtonControl(PASS_CLAIMS, t("rummy500.action.no_claim", locale), "secondary")]

    def autopass_label(self, game: Rummy500Game, mode: str, locale: str) -> str | None:
        """Return "Pass on every Rummy!: …" while the game has Rummy! windows.

        Every seat has it whatever the cards, opened or not, so it tells nobody anything.
        """
        if not game.opts.rummy_rule:
            return None
        return t(f"rummy500.autopass.{mode}", locale)

    def table_choices(self, game: Rummy500Game, seat: int, action: str, locale: str
                      ) -> list[SelectOption]:
        """Return the seat's claims (one per meld the card fits); refuse a wrong call.

        For "No claim", return nothing if the seat may claim at all, else refuse saying why.
        """
        if action not in ("claim", PASS_CLAIMS):
            raise IllegalMove("no such move", action=action)
        view = view_of(game, seat)
        claims = view.claim_moves
        if action == PASS_CLAIMS or not claims:
            self._check_claimer(game, view)
        if action == PASS_CLAIMS:
            return []
        if not claims:
            raise Refusal("claim.wrong_call", card=_pretty(view.table.claim.card))
        melds = {m.id: m for m in view.table.melds}
        return [SelectOption(str(c), target_label(melds[c.meld_id], c.end, locale))
                for c in claims]

    def _check_claimer(self, game: Rummy500Game, view: R500Hand) -> None:
        """Refuse a seat that may not claim the open window's card at all, saying why."""
        card = view.table.claim.card
        if card is None:
            raise ClaimTooLate("no Rummy! window is open")
        # Not opened, or his own discard: the engine says which. It checks those before the
        # meld, so any meld id will do; whether the card fits is not this check's business.
        with contextlib.suppress(DoesNotFit, NoSuchMeld):
            game.verify(view.seat, A.ClaimRummy(Card.parse(card), "A"))

    # ----- announcements ----------------------------------------------------------------------

    def describe(self, events: Sequence[Event], names: Sequence[str], locale: str) -> list[str]:
        """Return one public line per event worth a line (never a hidden card)."""
        if any(isinstance(e.public, ClaimsClosed) and e.public.by == "timeout" for e in events):
            # The window closed in the same breath (nobody may claim): no call to announce.
            events = [e for e in events if not isinstance(e.public, Announced)]
        return super().describe(events, names, locale)

    def event_detail(self, ev: Event, who: str, names: Sequence[str], locale: str) -> str:
        """Return Rummy 500's own events' lines and what a take, a lay-off and a hand's end
        add."""
        p: R500Payload = ev.public
        return self._play_line(p, who, locale) or self._news_line(p, names, locale)

    def _play_line(self, p: R500Payload, who: str, locale: str) -> str:
        """Return the line of a player's own move (a claim, a decline …), or what the game
        adds to a shared one."""
        if isinstance(p, EmptyHand):
            return t("rummy500.event.empty_hand", locale, name=who)
        if isinstance(p, Taken):
            # The cards taken are named already, the deepest first: only its meld is news.
            return self._melds_line(p.melds, locale).strip()
        if isinstance(p, LaidOff):
            return t("rummy500.event.layoff_points", locale, points=p.points)
        if isinstance(p, Claimed):
            return t("rummy500.event.claim", locale, name=who, card=_pretty(p.card),
                     id=p.meld, points=p.points)
        if isinstance(p, Declined):
            key = "rummy500.event.decline_auto" if p.auto else "rummy500.event.decline"
            return t(key, locale, name=who)
        if isinstance(p, SpecialNamed):
            return (t("rummy500.event.special", locale, name=who, card=_pretty(p.card)) if p.card
                    else t("rummy500.event.no_special", locale, name=who))
        return ""

    def _news_line(self, p: R500Payload, names: Sequence[str], locale: str) -> str:
        """Return the line of what the game itself did: announce, reuse, a hand's end."""
        if isinstance(p, Announced):
            return t("rummy500.event.announce", locale, card=_pretty(p.card), ids=", ".join(p.fits))
        if isinstance(p, Reused):
            return t("rummy500.event.reuse", locale, count=p.stock)
        if isinstance(p, HandReport):
            return self._end_line(p, names, locale)
        return ""

    def _melds_line(self, melds: Sequence[MeldView], locale: str) -> str:
        if not melds:
            return ""
        shown = "; ".join(self.meld_words(m, locale) for m in melds)
        return " " + t("rummy500.event.melds", locale, melds=shown, count=len(melds))

    def _end_line(self, p: HandReport, names: Sequence[str], locale: str) -> str:
        if p.reason == "stock" or p.out is None:
            return t("rummy500.event.stock_end", locale)
        return t("rummy500.event.went_out", locale, name=names[p.out])

    def hand_end(
        self, game: Rummy500Game, events: Sequence[Event], names: Sequence[str], locale: str
    ) -> tuple[HandEndSpec, list[str]] | None:
        """Return every hand revealed with what each player put down, and the score lines."""
        p = next((e.public for e in events if isinstance(e.public, HandReport)), None)
        if p is None:
            return None
        rows, lines = [], [self._end_line(p, names, locale)]
        for s in p.seats:
            seat = s.seat
            mine = [[e.card for e in m.entries if e.by == seat and e.how == "meld"]
                    for m in p.melds if m.owner == seat]
            laid = [e.card for m in p.melds for e in m.entries
                    if e.by == seat and e.how != "meld"]
            rows.append(HandEndRow(
                name=names[seat], melds=[m for m in mine if m], layoffs=laid,
                loose=list(s.hand), loose_value=s.in_hand,
                points=t("rummy500.hand_points", locale, points=s.hand_score),
                layoff_label=t("picture.laid_off", locale),
                loose_label=t("picture.in_hand", locale)))
            lines.append(t("rummy500.score_line", locale, name=names[seat],
                           melded=s.melded, laid=s.laid_off, held=-s.in_hand,
                           points=s.hand_score, total=p.totals[seat]))
        lines += [t("rummy500.event.eliminated", locale, name=names[s]) for s in p.eliminated]
        if p.tied:
            lines.append(tie_line(p.tied, p.totals, names, locale))
        title = t("hand_end.title", locale, number=p.hand_no,
                  what=self._end_line(p, names, locale))
        # The lines go in the message text above the picture, so the picture does not repeat them.
        return HandEndSpec(title=title, rows=rows), lines

    # ----- rules text -------------------------------------------------------------------------

    def chart_plan(self, game: Rummy500Game) -> ChartPlan:
        """Chart the totals up to the game's target."""
        opts: Rummy500Options = game.opts
        return ChartPlan(target=opts.target_score)

    def rules_summary(self, options: Rummy500Options, locale: str) -> list[str]:
        """Return a few lines of the rules in force."""
        o = options
        lines = [t("rummy500.rules.goal", locale), t("rummy500.rules.opened", locale),
                 t("rummy500.rules.pile", locale)]
        if o.min_first_meld:
            lines.append(t("rummy500.first_meld", locale, points=o.min_first_meld))
        if o.rummy_rule:
            lines.append(t(f"rummy500.rules.rummy_{o.rummy_call}", locale,
                           seconds=o.rummy_window_seconds))
        lines += self.settings_lines(options, locale)
        return lines

    def settings_lines(self, options: Rummy500Options, locale: str) -> list[str]:
        """Return the key options in one or two short lines."""
        o = options
        if o.game_mode == "closings":
            goal = t("rummy500.closings_goal", locale, count=o.closings_to_win)
        else:
            goal = t("table.target", locale, target=o.target_score)
        lines = [goal]
        if o.elimination_score is not None:
            lines.append(t("rummy500.rules.elimination", locale, score=o.elimination_score))
        return lines


# ----- helpers ----------------------------------------------------------------------------------


def _this_hand(view: R500Table, seat: int) -> int:
    """Return what the seat made this hand: once the game is over, the net the result tells."""
    report = view.last_result
    if view.phase == "over" and report is not None:
        return next((s.hand_score for s in report.seats if s.seat == seat), 0)
    return view.seats[seat].hand_points


def _prompt_key(view: R500Hand) -> str:
    """Return the prompt of the seat's step, naming only the moves its controls offer."""
    phase = view.table.phase
    if phase == "draw":
        return _draw_key(view)
    if phase == "play":
        return _play_key(view.moves)
    return f"rummy500.prompt.{phase}"


def _draw_key(view: R500Hand) -> str:
    """Return the draw's prompt: draw and take, or only one; an empty stock says what leaving
    the pile does."""
    moves = view.moves
    take = any(isinstance(m, A.TakeDiscards) for m in moves)
    if A.DrawStock() in moves:
        return "rummy500.prompt.draw" if take else "rummy500.prompt.draw_only"
    if A.DeclineDiscards() not in moves:
        return "rummy500.prompt.take_only"
    leave = "reuse" if _reuse_left(view.table) else "end"
    return f"rummy500.prompt.draw_empty_{leave}" + ("" if take else "_only")


def _play_key(moves: Sequence[object]) -> str:
    """Return the play's prompt: meld and lay off only when the menus offer them."""
    meld = any(isinstance(m, A.MeldCards) for m in moves)
    lay = any(isinstance(m, A.LayOff) for m in moves)
    return "rummy500.prompt." + {(True, True): "play", (True, False): "play_meld",
                                 (False, True): "play_lay", (False, False): "play_discard"}[
                                     meld, lay]


def _reuse_left(table: R500Table) -> bool:
    """Whether leaving the pile now turns it into the stock (rather than ending the hand)."""
    return table.reuses < table.options.reuse_discards and bool(table.pile)


def _fitting(game: Rummy500Game, hand: Sequence[str]) -> list[str]:
    """Return the hand's cards that fit a meld on the table (sorted as the menus list them)."""
    return [c for c in sorted_cards(hand) if game.fitting_melds(Card.parse(c))]


def _signed(points: int) -> str:
    return f"+{points}" if points > 0 else str(points)


def _hand_values(game: Rummy500Game) -> Callable[[Card], int]:
    """Return card -> value left in hand, under this hand's values (special card included)."""
    return lambda card: card_value(card, game.values, "hand")


def _hand_total(game: Rummy500Game, hand: Sequence[str]) -> int:
    values = _hand_values(game)
    return sum(values(Card.parse(c)) for c in hand)


# ----- the hand's menus: a typed draft, its steps derived from the legal moves ------------------


@dataclass(frozen=True, slots=True)
class Menu:
    """Where a seat is in the hand's menus: the step, what it chose so far, the pages shown."""

    step: str = ""  # "" the turn's menu | "take" | "meld" | "lay" | "suit"
    depth: int = 0  # take: the pile position chosen (0: not yet)
    # meld, take at a depth: the group of melds chosen (a rank or suit; "" none);
    # lay: the card to lay off; suit: the special card's suit
    choice: str = ""
    page: int = 0  # the page of a menu longer than one select (the depths, a group's melds)
    more: bool = False  # the hand's card menus show their second page

    def __str__(self) -> str:
        """Return the draft as logs and tests name it: "take:3", "lay:7D+more", "" …"""
        args = [str(self.depth)] if self.depth else []
        args += [self.choice] if self.choice else []
        args += [f"p{self.page}"] if self.page else []
        text = self.step + "".join(":" + a for a in args)
        return text + ("+more" if self.more else "")


def _menu(view: R500Hand, draft: object | None) -> Menu:
    """Return the draft if the seat's moves open it, else the turn's menu."""
    if isinstance(draft, Menu) and draft in _menus(view, draft.depth):
        return draft
    return Menu()


def _menus(view: R500Hand, depth: int | None = None) -> Iterator[Menu]:
    """Yield every menu the seat's legal moves open (on either page of the hand); of the
    pile's depths, only those of `depth` when it is given (each depth's takes cost a list)."""
    moves = view.moves
    yield from (Menu(), Menu(more=True))
    yield from (Menu("suit", choice=s) for s in _suits(_specials(moves)))
    depths = _depths(moves)
    if depths:
        yield from (Menu("take", page=p) for p in range(page_count(len(depths))))
    for k in depths if depth is None else [k for k in depths if k == depth]:
        yield from _group_menus(Menu("take", k), _take_entries(moves, k))
    for more in (False, True):
        yield from _group_menus(Menu("meld", more=more), _meld_entries(moves), top=False)
        yield from (Menu("lay", choice=card, more=more) for card in _layable(moves))


def _group_menus(menu: Menu, items: Sequence[Whole], top: bool = True) -> Iterator[Menu]:
    """Yield the menu of these whole moves (if `top`: it fits one select, or lists their
    groups) and each page of each of their groups."""
    if top:
        yield menu
    if grouped(items):
        for group, count in groups_of(items).items():
            yield from (replace(menu, choice=group, page=p) for p in range(page_count(count)))


def _steps(view: R500Hand, menu: Menu) -> dict[str, Menu]:
    """Return each step text the menus may send from this one, and the menu it opens."""
    moves = view.moves
    steps = {BACK_STEP: Menu(more=menu.more), PAGE_STEP: replace(menu, more=not menu.more)}
    depths = _depths(moves)
    if depths:
        steps[TAKE_STEP] = Menu("take")
        steps.update({_said(TAKE_STEP, str(k)): Menu("take", k) for k in depths})
    steps.update({_said(LAY_STEP, c): Menu("lay", choice=c, more=menu.more)
                  for c in _layable(moves)})
    steps.update({_said(SUIT_STEP, s): Menu("suit", choice=s)
                  for s in _suits(_specials(moves))})
    return steps | _long_steps(view, menu)


def _long_steps(view: R500Hand, menu: Menu) -> dict[str, Menu]:
    """Return the steps of a menu longer than one select: its groups, its next page."""
    steps: dict[str, Menu] = {}
    listed = _listed_here(view, menu)
    if listed is not None:
        items, base = listed
        if grouped(items) and not menu.choice:
            steps.update({_said(GROUP_STEP, g): replace(base, choice=g, page=0)
                          for g in groups_of(items)})
        count = len(in_group(items, menu.choice)) if menu.choice or not grouped(items) else 0
    else:
        count = len(_depths(view.moves)) if menu.step == "take" and not menu.depth else 0
    after = next_page(count, menu.page)
    if after is not None:
        steps[NEXT_STEP] = replace(menu, page=after)
    return steps


def _listed_here(view: R500Hand, menu: Menu) -> tuple[list[Whole], Menu] | None:
    """Return the whole moves this menu lists and the menu their groups open from (None
    for a menu listing none: the pile's depths, a lay-off's melds, the special card)."""
    if menu.step == "take" and menu.depth:
        return _take_entries(view.moves, menu.depth), Menu("take", menu.depth)
    if menu.step in ("", "meld") and view.table.phase == "play":
        return _meld_entries(view.moves), Menu("meld", more=menu.more)
    return None


def _meld_entries(moves: Sequence[A.Rummy500Action]) -> list[Whole]:
    """Return the listed melds as the meld menu offers them, whole, in the menus' order."""
    melds = [a for a in moves if isinstance(a, A.MeldCards)]
    melds.sort(key=lambda a: [_order(c) for m in a.melds for c in m])
    return [whole(option_value(a, "meld"), melds_label(a.melds), a.melds) for a in melds]


def _take_entries(moves: Sequence[A.Rummy500Action], k: int, locale: str | None = None
                  ) -> list[Whole]:
    """Return the listed takes from depth k, whole, the most cards put down first (labelled
    in the locale given; the menus' steps need none)."""
    found = [a for a in moves if isinstance(a, A.TakeDiscards) and a.k == k and a.melds]
    found.sort(key=lambda a: -sum(len(m) for m in a.melds))
    return [whole(option_value(a, "take"), "" if locale is None else t(
        "rummy500.meld_label", locale, cards=melds_label(a.melds)), a.melds) for a in found]


def _order(card: Card) -> tuple[int, int]:
    """Return a card's place in the menus' order: by suit, then rank (ace low)."""
    return SUITS.index(card.suit), card.rank


def _said(verb: str, value: str) -> str:
    """Return the text a step's select sends with this value (the host's `<verb> <value>`)."""
    return f"{verb} {value}"


def _depths(moves: Sequence[A.Rummy500Action]) -> list[int]:
    """Return the pile positions a take with new melds may start from, deepest first."""
    return sorted({a.k for a in moves if isinstance(a, A.TakeDiscards) and a.melds},
                  reverse=True)


def _layable(moves: Sequence[A.Rummy500Action]) -> list[str]:
    """Return the cards a listed lay-off places."""
    return list(dict.fromkeys(a.card.text for a in moves if isinstance(a, A.LayOff)))


def _specials(moves: Sequence[A.Rummy500Action]) -> list[tuple[Card, A.NameSpecial]]:
    """Return each card the dealer may name as the special card, by rank, with its move."""
    named = [(a.card, a) for a in moves if isinstance(a, A.NameSpecial) and a.card is not None]
    return sorted(named, key=lambda pair: pair[0].rank)


def _suits(named: Sequence[tuple[Card, A.NameSpecial]]) -> list[str]:
    """Return the suits of the special cards the dealer may name, in the menus' order."""
    held = {card.suit for card, _ in named}
    return [s for s in SUITS if s in held]


RUMMY500 = Rummy500Adapter()
