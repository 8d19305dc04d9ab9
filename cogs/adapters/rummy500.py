"""Rummy 500 on Discord: the spread pile, melds with ids, menus in steps and "Rummy!" claims.

The hand's menus work in steps kept as a draft string (see GameAdapter.step):
"" (the turn's main menu), "take" (choose a depth in the pile), "take:<k>" (choose
the meld the card at position k goes into), "lay:<card>" (choose the meld a card
goes on), "suit:<S>" (the dealer's special card), and "+more" appended when the
hand's card menus show their second page (a hand can pass 25 cards).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from typing import Any

from bot.i18n import card_text as _pretty
from bot.i18n import cards_text, t
from card_images import HandEndRow, HandEndSpec, HandSpec, MeldSpec, SeatSpec, TableSpec
from cogs.adapters import (
    PASS_CLAIMS,
    ButtonControl,
    Control,
    SelectControl,
    SelectOption,
    view_of,
)
from cogs.adapters.base import AdapterBase, levels, tie_line, with_words
from cogs.adapters.melding import (
    MAX_OPTIONS,
    back_button,
    card_selects,
    cards_of,
    compose_play,
    depth_select,
    menu_step,
    sorted_cards,
    target_select,
)
from cogs.errors import Refusal
from engine.cards import Card
from engine.errors import DoesNotFit, IllegalMove, NoSuchMeld
from engine.game import Event
from engine.melds import MeldRules
from engine.rummy500 import Rummy500Game, Rummy500Options, card_value
from engine.rummy500.ai import choose_action, choose_claim
from engine.rummy500.ai_greedy import greedy_action
from engine.rummy500.errors import ClaimTooLate
from engine.rummy500.events import (
    Announced,
    Claimed,
    ClaimsClosed,
    Dealt,
    Declined,
    Discarded,
    EmptyHand,
    GameEnded,
    LaidOff,
    Melded,
    R500Payload,
    Reused,
    SpecialNamed,
    StockDraw,
    Taken,
)
from engine.rummy500.views import HandReport, MeldView, R500Hand, R500Table
from engine.solver import best_arrangement

SUITS = "SHDC"
RULES = MeldRules(aces="low_high")


class Rummy500Adapter(AdapterBase[Rummy500Game]):
    """Rummy 500 for the host: 2 to 5 players, claims made from the table."""

    game = Rummy500Game
    # A claim is news for all; a player's own melds and lay-offs he must see on the table.
    notable: frozenset[str] = frozenset({"claim", "rummy_announce", "meld", "layoff"})

    players = levels(greedy_action, choose_action)

    def react(self, game: Any, seat: int) -> str | None:
        """Return the computer's "Rummy!" claim for the open window, if it makes one."""
        claim = choose_claim(view_of(game, seat))
        return None if claim is None else str(claim)

    def default_move(self, game: Any, seat: int) -> str:
        """Play safe for an absent player: the computer's move (it never risks a claim)."""
        return self.choose(game, seat)

    def at_once(self, events: Sequence[Event]) -> bool:
        """Show melds, lay-offs and claims at once, and a take from the pile that melded."""
        return super().at_once(events) or any(
            isinstance(e.public, Taken) and e.public.melds for e in events)

    # ----- pictures ---------------------------------------------------------------------------

    def table_spec(self, game: Any, names: Sequence[str], locale: str) -> TableSpec:
        """Return the table: stock, the whole pile numbered, every meld by id, the scores."""
        view: R500Table = view_of(game)
        seats = [self._seat(view, seat, names, locale) for seat in range(view.players)]
        return with_words(TableSpec(
            title=t("table.title", locale, game=t("game.rummy500", locale),
                    number=view.hand_no),
            seats=seats,
            stock_count=view.stock,
            discard=list(view.pile),
            discard_spread=True,
            discard_numbers=True,
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
            notes.append(t("r500.eliminated", locale))
        return SeatSpec(
            name=names[seat],
            card_count=info.cards,
            score=t("r500.score", locale, total=info.total, hand=_this_hand(view, seat)),
            melds=melds,
            is_turn=view.turn == seat and view.phase != "over",
            note=" · ".join(notes),
        )

    def _footer(self, view: R500Table, locale: str) -> str:
        opts = view.options
        if opts.game_mode == "closings":
            parts = [t("r500.closings_goal", locale, count=opts.closings_to_win)]
        else:
            parts = [t("table.target", locale, target=opts.target_score)]
        if view.special_card:
            parts.append(t("r500.special", locale, card=_pretty(view.special_card),
                           points=opts.special_card_value))
        return " ".join(parts)

    def table_status(self, game: Any, names: Sequence[str], locale: str) -> str:
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
            line += " · " + t("r500.window_look", locale, card=_pretty(claim.card))
        elif claim.open and claim.fits:
            line += " · " + t("r500.window_open", locale, card=_pretty(claim.card))
        return line

    def hand_spec(self, game: Any, seat: int, sort: str, locale: str) -> HandSpec:
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
            deadwood=rest,
            deadwood_value=sum(values(c) for c in cards),
            sort="rank" if sort == "rank" else "suit",
            title=t("hand.title", locale, game=t("game.rummy500", locale)),
            highlight=[view.free_card] if view.free_card else [],
            deadwood_label=t("picture.in_hand", locale),
            empty_label=t("picture.no_cards", locale),
        )

    def hand_prompt(self, game: Any, seat: int, names: Sequence[str], locale: str) -> str:
        """Return what the seat may do now, or whom the game waits for."""
        view: R500Hand = view_of(game, seat)
        table = view.table
        if game.is_over:
            return self.table_status(game, names, locale)
        assert table.turn is not None
        held = t("r500.in_hand", locale, points=_hand_total(game, view.hand))
        if not view.legal:
            # Not the player's name: with 3 or more seats it would change every turn, and
            # each waiting hand would cost a REST call per turn to say so.
            return t("turn.waiting", locale) + "\n" + held
        line = t(_prompt_key(table), locale)
        opened = table.seats[seat].opened
        minimum = table.options.min_first_meld
        if table.phase != "special" and not opened and minimum:
            line += " " + t("r500.first_meld", locale, points=minimum)
        fitting = [] if opened or table.phase != "play" else _fitting(game, view.hand)
        if fitting:
            line += "\n" + t("r500.layoff_unopened", locale, cards=cards_text(fitting))
        return line + "\n" + held

    # ----- controls ---------------------------------------------------------------------------

    def controls(self, game: Any, seat: int, locale: str, draft: str = "") -> list[Control]:
        """Return the buttons and selects for the seat's legal actions, step by step."""
        view: R500Hand = view_of(game, seat)
        legal = view.legal
        if not legal:
            return []
        more = draft.endswith("+more")
        step = draft.removesuffix("+more")
        table = view.table
        if table.phase == "special":
            return self._special_controls(step, locale)
        if step == "take":
            return [back_button(locale), self._depth_select(table, legal, locale)]
        if step.startswith("take:"):
            return [back_button(locale), self._take_select(table, legal, int(step[5:]), locale)]
        if step.startswith("lay:"):
            return [back_button(locale), self._target_select(table, legal, step[4:], locale)]
        if table.phase == "draw":
            return self._draw_controls(table, legal, locale)
        return self._play_controls(view, locale, more)

    def _draw_controls(self, view: R500Table, legal: Sequence[str],
                       locale: str) -> list[Control]:
        buttons: list[Control] = []
        if "draw" in legal:
            buttons.append(ButtonControl("draw", t("action.draw_stock", locale)))
        takes = [a for a in legal if a.startswith("take ")]
        n = len(view.pile)
        if any(len(a.split()) > 2 for a in takes):
            buttons.append(ButtonControl("ui_take", t("r500.action.take_pile", locale),
                                         "success"))
        if f"take {n}" in legal:
            buttons.append(ButtonControl(f"take {n}",
                                         t("r500.action.take_top", locale,
                                           card=_pretty(view.pile[-1])), "secondary"))
        if "decline" in legal:
            key = "reuse" if _reuse_left(view) else "end"
            buttons.append(ButtonControl("decline", t(f"r500.action.decline_{key}", locale),
                                         "secondary"))
        return buttons

    def _depth_select(self, view: R500Table, legal: Sequence[str], locale: str
                      ) -> SelectControl:
        pile = view.pile
        depths = sorted({int(a.split()[1]) for a in legal
                         if a.startswith("take ") and len(a.split()) > 2}, reverse=True)
        return depth_select([(k, pile[k - 1], len(pile) - k + 1) for k in depths], locale)

    def _take_select(self, view: R500Table, legal: Sequence[str], k: int, locale: str
                     ) -> SelectControl:
        prefix = f"take {k} "
        found = [a[len("take "):] for a in legal if a.startswith(prefix)]
        found.sort(key=lambda a: -_card_count(a))
        options = [SelectOption(a, _melds_label(a.split(" ", 1)[1], locale))
                   for a in found[:MAX_OPTIONS]]
        return SelectControl("take", t("r500.take_placeholder", locale,
                                       card=_pretty(view.pile[k - 1])), options)

    def _play_controls(self, view: R500Hand, locale: str, more: bool) -> list[Control]:
        return card_selects(view.hand, view.legal, locale, more)

    def _target_select(self, view: R500Table, legal: Sequence[str], card: str,
                       locale: str) -> SelectControl:
        return target_select(view.melds, legal, card, locale)

    def _special_controls(self, step: str, locale: str) -> list[Control]:
        if step.startswith("suit:"):
            suit = step[5:]
            ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
            options = [SelectOption(r + suit, _pretty(r + suit)) for r in ranks]
            placeholder = t("r500.special_placeholder", locale)
            return [back_button(locale), SelectControl("special", placeholder, options)]
        suits = [SelectOption(s, t(f"suit.{s}", locale)) for s in SUITS]
        return [ButtonControl("special none", t("r500.action.no_special", locale), "secondary"),
                SelectControl("ui_suit", t("r500.suit_placeholder", locale), suits)]

    def step(self, game: Any, seat: int, draft: str, text: str) -> str:
        """Move within the menus: open the pile, pick a depth or a card, turn the page."""
        verb, _, value = text.partition(" ")
        if verb == "ui_suit":
            return f"suit:{value}"
        return menu_step(draft, text)

    def compose(self, game: Any, seat: int, verb: str, values: Sequence[str]) -> str:
        """Return the action a select sends: a meld's cards joined, a card's only target."""
        return compose_play(lambda: view_of(game, seat).legal, verb, values, RULES)

    # ----- the table's "Rummy!" button ----------------------------------------------------------

    def table_controls(self, game: Any, locale: str) -> list[ButtonControl]:
        """Return "Rummy!" and "No claim" while a window is open (announce: a playable card)."""
        table: R500Table = view_of(game)
        claim = table.claim
        if not claim.open:
            return []
        if game.opts.rummy_call == "announce" and not claim.fits:
            return []
        return [ButtonControl("claim", t("r500.action.rummy", locale), "danger"),
                ButtonControl(PASS_CLAIMS, t("r500.action.no_claim", locale), "secondary")]

    def table_choices(self, game: Any, seat: int, action: str, locale: str
                      ) -> list[SelectOption]:
        """Return the seat's claims (one per meld the card fits); refuse a wrong call.

        For "No claim", return nothing if the seat may claim at all, else refuse saying why.
        """
        if action not in ("claim", PASS_CLAIMS):
            raise IllegalMove("no such move", action=action)
        view: R500Hand = view_of(game, seat)
        claims = view.claims
        if action == PASS_CLAIMS or not claims:
            self._check_claimer(game, view)
        if action == PASS_CLAIMS:
            return []
        if not claims:
            raise Refusal("claim.wrong_call", card=_pretty(view.table.claim.card))
        melds = {m.id: m for m in view.table.melds}
        options = []
        for text in claims:
            parts = text.split()
            end = f" ({t('r500.end.' + parts[3], locale)})" if len(parts) > 3 else ""
            options.append(SelectOption(text, t("r500.on_meld", locale, id=parts[2],
                                                cards=cards_text(melds[parts[2]].cards)) + end))
        return options

    def _check_claimer(self, game: Any, view: R500Hand) -> None:
        """Refuse a seat that may not claim the open window's card at all, saying why."""
        card = view.table.claim.card
        if card is None:
            raise ClaimTooLate("no Rummy! window is open")
        # Not opened, or his own discard: the engine says which. It checks those before the
        # meld, so any meld id will do; whether the card fits is not this check's business.
        with contextlib.suppress(DoesNotFit, NoSuchMeld):
            game.verify(view.seat, game.parse_action(f"claim {card} A"))

    # ----- announcements ----------------------------------------------------------------------

    def describe(self, events: Sequence[Event], names: Sequence[str], locale: str) -> list[str]:
        """Return one public line per event worth a line (never a hidden card)."""
        if any(isinstance(e.public, ClaimsClosed) and e.public.by == "timeout" for e in events):
            # The window closed in the same breath (nobody may claim): no call to announce.
            events = [e for e in events if not isinstance(e.public, Announced)]
        return super().describe(events, names, locale)

    def event_line(self, ev: Event, who: str, names: Sequence[str], locale: str) -> str:
        """Return an event's public line."""
        p: R500Payload = ev.public
        return self._play_line(p, who, locale) or self._news_line(p, names, locale)

    def _play_line(self, p: R500Payload, who: str, locale: str) -> str:
        """Return the line of a player's own move (a draw, a discard, a take, a meld …)."""
        if isinstance(p, StockDraw):
            return t("event.drew_stock", locale, name=who)
        if isinstance(p, EmptyHand):
            return t("r500.event.empty_hand", locale, name=who)
        if isinstance(p, Discarded):
            return t("event.discarded", locale, name=who, card=_pretty(p.card))
        if isinstance(p, Taken):
            return t("r500.event.take", locale, name=who, count=len(p.cards),
                     card=_pretty(p.cards[0]), k=p.k) + self._melds_line(p.melds, locale)
        if isinstance(p, Melded):
            return t("r500.event.meld", locale, name=who) + self._melds_line(p.melds, locale)
        if isinstance(p, LaidOff):
            return t("r500.event.layoff", locale, name=who, card=_pretty(p.card),
                     id=p.meld, points=p.points)
        if isinstance(p, Claimed):
            return t("r500.event.claim", locale, name=who, card=_pretty(p.card),
                     id=p.meld, points=p.points)
        if isinstance(p, Declined):
            key = "r500.event.decline_auto" if p.auto else "r500.event.decline"
            return t(key, locale, name=who)
        if isinstance(p, SpecialNamed):
            return (t("r500.event.special", locale, name=who, card=_pretty(p.card)) if p.card
                    else t("r500.event.no_special", locale, name=who))
        return ""

    def _news_line(self, p: R500Payload, names: Sequence[str], locale: str) -> str:
        """Return the line of what the game itself did: announce, reuse, deal, end."""
        if isinstance(p, Announced):
            return t("r500.event.announce", locale, card=_pretty(p.card), ids=", ".join(p.fits))
        if isinstance(p, Reused):
            return t("r500.event.reuse", locale, count=p.stock)
        if isinstance(p, Dealt):
            return t("event.new_hand", locale, number=p.hand_no, name=names[p.dealer])
        if isinstance(p, HandReport):
            return self._end_line(p, names, locale)
        if isinstance(p, GameEnded):
            return t("event.winner", locale, name=names[p.winner], points=p.totals[p.winner])
        return ""

    def _melds_line(self, melds: Sequence[MeldView], locale: str) -> str:
        if not melds:
            return ""
        shown = "; ".join(f"{m.id}: {cards_text(m.cards)}" for m in melds)
        return " " + t("r500.event.melds", locale, melds=shown, count=len(melds))

    def _end_line(self, p: HandReport, names: Sequence[str], locale: str) -> str:
        if p.reason == "stock" or p.out is None:
            return t("r500.event.stock_end", locale)
        return t("r500.event.went_out", locale, name=names[p.out])

    def hand_end(
        self, game: Any, events: Sequence[Event], names: Sequence[str], locale: str
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
                deadwood=list(s.hand), deadwood_value=s.in_hand,
                points=t("r500.hand_points", locale, points=s.hand_score),
                layoff_label=t("picture.laid_off", locale),
                deadwood_label=t("picture.in_hand", locale)))
            lines.append(t("r500.score_line", locale, name=names[seat],
                           melded=s.melded, laid=s.laid_off, held=-s.in_hand,
                           points=s.hand_score, total=p.totals[seat]))
        lines += [t("r500.event.eliminated", locale, name=names[s]) for s in p.eliminated]
        if p.tied:
            lines.append(tie_line(p.tied, p.totals, names, locale))
        title = t("hand_end.title", locale, number=p.hand_no,
                  what=self._end_line(p, names, locale))
        # The lines go in the message text above the picture, so the picture does not repeat them.
        return HandEndSpec(title=title, rows=rows), lines

    # ----- rules text -------------------------------------------------------------------------

    def rules_summary(self, options: Rummy500Options, locale: str) -> list[str]:
        """Return a few lines of the rules in force."""
        o = options
        lines = [t("r500.rules.goal", locale), t("r500.rules.opened", locale),
                 t("r500.rules.pile", locale)]
        if o.min_first_meld:
            lines.append(t("r500.first_meld", locale, points=o.min_first_meld))
        if o.rummy_rule:
            lines.append(t(f"r500.rules.rummy_{o.rummy_call}", locale,
                           seconds=o.rummy_window_seconds))
        lines += self.settings_lines(options, locale)
        return lines

    def settings_lines(self, options: Rummy500Options, locale: str) -> list[str]:
        """Return the key options in one or two short lines."""
        o = options
        if o.game_mode == "closings":
            goal = t("r500.closings_goal", locale, count=o.closings_to_win)
        else:
            goal = t("table.target", locale, target=o.target_score)
        lines = [goal]
        if o.elimination_score is not None:
            lines.append(t("r500.rules.elimination", locale, score=o.elimination_score))
        return lines


# ----- helpers ----------------------------------------------------------------------------------


def _this_hand(view: R500Table, seat: int) -> int:
    """Return what the seat made this hand: once the game is over, the net the result tells."""
    report = view.last_result
    if view.phase == "over" and report is not None:
        return next((s.hand_score for s in report.seats if s.seat == seat), 0)
    return view.seats[seat].hand_points


def _prompt_key(table: R500Table) -> str:
    """Return the prompt of the seat's step; an empty stock says what leaving the pile does."""
    if table.phase == "draw" and not table.stock:
        return "r500.prompt.draw_empty_" + ("reuse" if _reuse_left(table) else "end")
    return f"r500.prompt.{table.phase}"


def _reuse_left(table: R500Table) -> bool:
    """Whether leaving the pile now turns it into the stock (rather than ending the hand)."""
    return table.reuses < table.options.reuse_discards and bool(table.pile)


def _fitting(game: Any, hand: Sequence[str]) -> list[str]:
    """Return the hand's cards that fit a meld on the table (sorted as the menus list them)."""
    return [c for c in sorted_cards(hand) if game.fitting_melds(Card.parse(c))]


def _signed(points: int) -> str:
    return f"+{points}" if points > 0 else str(points)


def _card_count(action: str) -> int:
    """Return how many cards a take or meld action puts on the table."""
    return len(cards_of(action))


def _melds_label(melds: str, locale: str) -> str:
    shown = " + ".join(cards_text(m.split(",")) for m in melds.split())
    return t("r500.meld_label", locale, cards=shown)


def _hand_values(game: Any) -> Callable[[Card], int]:
    """Return card -> value left in hand, under this hand's values (special card included)."""
    return lambda card: card_value(card, game.values, "hand")


def _hand_total(game: Any, hand: Sequence[str]) -> int:
    values = _hand_values(game)
    return sum(values(Card.parse(c)) for c in hand)



RUMMY500 = Rummy500Adapter()
