"""Menus the open-meld games share: pick cards to meld, a card to lay off and its meld, a depth.

The typed builders (`play_selects`, `layoff_select`, `lay_choice`, `meld_choice`) read a
seat's legal moves as the engine's own objects (`MeldCards`, `LayOff`, `Discard` of
engine.actions, which every open-meld game shares): a move becomes text only as a select's
value (`option_value`) or the action a select sends. They page the hand when it passes
Discord's 25 options; the menu steps themselves are each game's typed draft.

Rummy 500 reads them; Mahjong gin's own menus share their words (`melding.…`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.i18n import card_text as _pretty
from bot.i18n import cards_text, t
from cogs.adapters import ButtonControl, Control, SelectControl, SelectOption
from engine.actions import Discard, LayOff, MeldCards
from engine.cards import Card
from engine.melds import MeldRules
from engine.solver import best_arrangement
from engine.table import MeldView

MAX_OPTIONS = 25  # Discord's limit on a select menu's options
SUITS = "SHDC"
# The menus' own steps (see cogs.adapters.UI_PREFIX): back to the turn's menu, the hand's other
# page, the pile's depths (a depth), a card's lay-off targets.
BACK_STEP, PAGE_STEP, TAKE_STEP, LAY_STEP = "ui_back", "ui_more", "ui_take", "ui_lay"


def back_button(locale: str) -> ButtonControl:
    """Return the button that goes back to the turn's main menu."""
    return ButtonControl(BACK_STEP, t("melding.action.back", locale), "secondary")


def sorted_cards(hand: Sequence[str]) -> list[str]:
    """Sort card texts by suit, then rank (ace low), as the menus list them."""
    return sorted(hand, key=lambda c: (SUITS.index(Card.parse(c).suit), Card.parse(c).rank))


def pager(hand: list[str], more: bool) -> Callable[[list[str]], list[str]]:
    """Return a filter keeping the cards of the current page of the hand's menus."""
    page = set(hand[MAX_OPTIONS:] if more else hand[:MAX_OPTIONS])

    def keep(cards: list[str]) -> list[str]:
        return [c for c in cards if c in page][:MAX_OPTIONS]

    return keep








def depth_select(depths: Sequence[tuple[int, str, int]], locale: str,
                 verb: str = "ui_take") -> SelectControl:
    """Return the pile-depth select from (number, deepest card, cards taken); sends `verb k`."""
    options = [SelectOption(str(k), t("melding.depth", locale, k=k, card=_pretty(card),
                                      count=count))
               for k, card, count in depths[:MAX_OPTIONS]]
    return SelectControl(verb, t("melding.depth_placeholder", locale), options)










# ----- typed builders: the seat's legal moves as the engine's objects ---------------------------


def option_value(move: object, verb: str) -> str:
    """Return the value that spells a move after its select's verb (the host sends both)."""
    text = str(move)
    value = text.removeprefix(verb + " ")
    if value == text:
        raise ValueError(f"{text!r} is not a {verb!r} move")
    return value


def play_selects(hand_cards: Sequence[str], moves: Sequence[object], locale: str,
                 more: bool) -> list[Control]:
    """Return the page button (if needed) and the meld, lay-off and discard selects: each
    card offered where a listed move plays it."""
    meldable = {c.text for a in moves if isinstance(a, MeldCards) for m in a.melds for c in m}
    layable = {a.card.text for a in moves if isinstance(a, LayOff)}
    discards = {a.card.text for a in moves if isinstance(a, Discard)}
    return _hand_selects(hand_cards, (meldable, layable, discards), locale, more)


def lay_offs(moves: Sequence[object], card: str) -> list[LayOff]:
    """Return the listed lay-offs of a card (one per meld and end it fits)."""
    return [a for a in moves if isinstance(a, LayOff) and a.card.text == card]


def layoff_select(melds: Sequence[MeldView], moves: Sequence[object], card: str,
                  locale: str) -> SelectControl:
    """Return the select of the card's listed lay-offs: its meld, and its end if both fit."""
    targets = [(option_value(a, "layoff"), a.meld_id, a.end) for a in lay_offs(moves, card)]
    return _target_select(melds, targets, card, locale)


def lay_choice(moves: Sequence[object], card: str) -> str:
    """Return what the lay-off select sends for a card: its only lay-off, else the step that
    asks where (`ui_lay <card>`)."""
    targets = lay_offs(moves, card)
    return str(targets[0]) if len(targets) == 1 else f"{LAY_STEP} {card}"


def meld_choice(moves: Sequence[object], cards: Sequence[str], rules: MeldRules) -> str:
    """Return the meld a multi-select of cards sends: the listed meld of exactly these cards,
    else the cards as the solver melds them (the rules then say what is wrong)."""
    chosen = sorted(cards)
    for move in moves:
        if isinstance(move, MeldCards) and sorted(
                c.text for m in move.melds for c in m) == chosen:
            return str(move)
    return str(melds_of([Card.parse(c) for c in cards], rules))


def melds_of(cards: list[Card], rules: MeldRules) -> MeldCards:
    """Return the cards as the melds they form when several, else as one meld (in order)."""
    best = best_arrangement(cards, rules, lambda c: 1)
    if not best.deadwood and len(best.melds) > 1:
        return MeldCards(tuple(tuple(m.cards) for m in best.melds))
    return MeldCards((tuple(cards),))


def target_label(meld: MeldView, end: str | None, locale: str) -> str:
    """Return a meld a card goes on, as a menu says it: "B: 4♦ 5♦ 6♦ (high end)"."""
    label = t("melding.on_meld", locale, id=meld.id, cards=cards_text(meld.cards))
    return label + (f" ({t('melding.end.' + end, locale)})" if end else "")


def _hand_selects(hand_cards: Sequence[str], playable: tuple[set[str], set[str], set[str]],
                  locale: str, more: bool) -> list[Control]:
    """Return the page button (if needed) and the selects of the cards that meld, lay off
    and may be discarded, the hand's page at a time."""
    meldable, layable, discards = playable
    hand = sorted_cards(hand_cards)
    page_of = pager(hand, more)
    controls: list[Control] = []
    if len(hand) > MAX_OPTIONS:
        label = "melding.action.first_cards" if more else "melding.action.more_cards"
        controls.append(ButtonControl(PAGE_STEP, t(label, locale, count=len(hand)),
                                      "secondary"))
    cards = page_of([c for c in hand if c in meldable])
    if len(cards) >= 3:
        controls.append(SelectControl(
            "meld", t("melding.meld_placeholder", locale),
            [SelectOption(c, _pretty(c)) for c in cards], min_values=3, max_values=len(cards)))
    cards = page_of([c for c in hand if c in layable])
    if cards:
        controls.append(SelectControl(LAY_STEP, t("melding.lay_placeholder", locale),
                                      [SelectOption(c, _pretty(c)) for c in cards]))
    cards = page_of([c for c in hand if c in discards])
    if cards:
        controls.append(SelectControl(
            "discard", t("action.discard_placeholder", locale),
            [SelectOption(c, t("action.discard_card", locale, card=_pretty(c))) for c in cards]))
    return controls


def _target_select(melds: Sequence[MeldView], targets: Sequence[tuple[str, str, str | None]],
                   card: str, locale: str) -> SelectControl:
    """Return the select of a card's targets, each (value sent, meld id, end or None)."""
    by_id = {m.id: m for m in melds}
    options = [SelectOption(value, target_label(by_id[meld], end, locale))
               for value, meld, end in targets]
    return SelectControl("layoff", t("melding.target_placeholder", locale, card=_pretty(card)),
                         options[:MAX_OPTIONS])
