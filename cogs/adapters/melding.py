"""Menus the open-meld games share: whole melds, a card to lay off and its meld, a pile depth.

The typed builders read a seat's legal moves as the engine's own objects (`MeldCards`,
`LayOff`, `Discard` of engine.actions, which every open-meld game shares): a move becomes text
only as a select's value (`option_value`). Every option is a listed move, or a step towards
one: a meld is offered whole (`Whole`, its cards on its label), never built card by card, so
no combination of choices can be refused. A menu of whole moves too long for one select
(Discord's 25 options) is chosen in steps: the melds' rank or suit first (`GROUP_STEP`), then
that group's melds, a page at a time (`NEXT_STEP`); a list too long for one select (the pile's
depths) pages the same way. The hand's card menus (lay-offs, discards) page the hand itself
when it passes 25 cards. The menu steps themselves are each game's typed draft.

Rummy 500's menus and Mahjong gin's are built from them; closed gin pages its deep pickups
with `paged`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

from bot.i18n import card_text as _pretty
from bot.i18n import cards_text, t
from cogs.adapters import ButtonControl, Control, SelectControl, SelectOption
from engine.actions import Discard, LayOff, Melds
from engine.cards import Card, rank_text
from engine.table import MeldView

MAX_OPTIONS = 25  # Discord's limit on a select menu's options
SUITS = "SHDC"
# The menus' own steps (see cogs.adapters.UI_PREFIX): back to the turn's menu, the hand's other
# page, the pile's depths (a depth), a card's lay-off targets, a group of melds (a rank or a
# suit), the next page of a long menu.
BACK_STEP, PAGE_STEP, TAKE_STEP, LAY_STEP = "ui_back", "ui_more", "ui_take", "ui_lay"
GROUP_STEP, NEXT_STEP = "ui_group", "ui_next"


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


# ----- long menus: pages, and whole melds grouped by rank or suit ------------------------------


def page_count(count: int) -> int:
    """Return how many pages of MAX_OPTIONS a menu of `count` options takes (at least one)."""
    return max(1, -(-count // MAX_OPTIONS))


def next_page(count: int, page: int) -> int | None:
    """Return the page the next-page button of a menu of `count` options leads to, or None
    when it fits one select."""
    pages = page_count(count)
    return None if pages == 1 else (page + 1) % pages


def paged(select: SelectControl, page: int, locale: str) -> list[Control]:
    """Return the select showing one page of its options, and the button to the next page
    when they do not fit one (it names the options it shows next)."""
    count = len(select.options)
    after = next_page(count, page)
    if after is None:
        return [select]
    first = after * MAX_OPTIONS
    button = ButtonControl(NEXT_STEP, t("melding.action.next_options", locale, low=first + 1,
                                        high=min(count, first + MAX_OPTIONS), count=count),
                           "secondary")
    shown = select.options[page * MAX_OPTIONS:(page + 1) * MAX_OPTIONS]
    return [button, replace(select, options=shown)]


def meld_group(meld: Sequence[Card]) -> str:
    """Return a meld's group: its rank for a set ("7", "A"), its suit for a run ("S")."""
    real = [c for c in meld if not c.is_joker] or list(meld)
    if len({c.rank for c in real}) == 1:
        return rank_text(real[0].rank)
    return real[0].suit


_GROUP_ORDER = [*SUITS, *(rank_text(r) for r in range(1, 14))]


@dataclass(frozen=True, slots=True)
class Whole:
    """A listed move offered whole in a menu: the value its option sends, its label, and the
    groups (ranks of its sets, suits of its runs) it is found under when the menu is long."""

    value: str
    label: str
    groups: tuple[str, ...]


def whole(value: str, label: str, melds: Melds) -> Whole:
    """Return the menu entry of a move putting these melds down."""
    return Whole(value, label, tuple(dict.fromkeys(meld_group(m) for m in melds)))


def melds_label(melds: Melds) -> str:
    """Return melds as an option shows them: "7♣ 7♦ 7♠ + 8♥ 9♥ 10♥"."""
    return " + ".join(cards_text(c.text for c in m) for m in melds)


def groups_of(items: Iterable[Whole]) -> dict[str, int]:
    """Return the groups the entries fall under, in the menus' order, with their sizes."""
    sizes: dict[str, int] = {}
    for item in items:
        for group in item.groups:
            sizes[group] = sizes.get(group, 0) + 1
    return {g: sizes[g] for g in _GROUP_ORDER if g in sizes}


def grouped(items: Sequence[Whole]) -> bool:
    """Whether a menu of these entries is chosen group first (too many for one select)."""
    return len(items) > MAX_OPTIONS


def in_group(items: Sequence[Whole], group: str) -> list[Whole]:
    """Return the entries under a group ("": all of them)."""
    return [i for i in items if not group or group in i.groups]


def whole_menu(verb: str, placeholder: str, items: Sequence[Whole], group: str, page: int,
               locale: str) -> list[Control]:
    """Return the menu of whole moves at this place: every entry when they fit one select,
    else (no group chosen) the menu of their groups, else the group's entries by pages."""
    if not group and grouped(items):
        options = [SelectOption(g, group_label(g, count, locale))
                   for g, count in groups_of(items).items()]
        return [SelectControl(GROUP_STEP, t("melding.group_placeholder", locale), options)]
    options = [SelectOption(i.value, i.label) for i in in_group(items, group)]
    if group:  # say what was chosen so far: "Choose a meld to put down · Sets of 7 (5 melds)"
        placeholder += " · " + group_label(group, len(options), locale)
    return paged(SelectControl(verb, placeholder, options), page, locale)


def group_label(group: str, count: int, locale: str) -> str:
    """Return a group's option: "Runs in Spades ♠ (12 melds)", "Sets of 7 (3 melds)"."""
    if group in SUITS:
        return t("melding.group.run", locale, suit=t(f"suit.{group}", locale), count=count)
    return t("melding.group.set", locale, rank=group, count=count)


def depth_menu(depths: Sequence[tuple[int, str, int]], page: int, locale: str,
               verb: str = TAKE_STEP) -> list[Control]:
    """Return the pile-depth select from (number, deepest card, cards taken), a page at a
    time; each option sends `verb k`."""
    options = [SelectOption(str(k), t("melding.depth", locale, k=k, card=_pretty(card),
                                      count=count))
               for k, card, count in depths]
    return paged(SelectControl(verb, t("melding.depth_placeholder", locale), options), page,
                 locale)


# ----- typed builders: the seat's legal moves as the engine's objects ---------------------------


def option_value(move: object, verb: str) -> str:
    """Return the value that spells a move after its select's verb (the host sends both)."""
    text = str(move)
    value = text.removeprefix(verb + " ")
    if value == text:
        raise ValueError(f"{text!r} is not a {verb!r} move")
    return value


def card_selects(hand_cards: Sequence[str], moves: Sequence[object], locale: str,
                 more: bool) -> list[Control]:
    """Return the page button (if needed) and the lay-off and discard selects: each card
    offered where a listed move plays it, the hand's page at a time."""
    layable = {a.card.text for a in moves if isinstance(a, LayOff)}
    discards = {a.card.text for a in moves if isinstance(a, Discard)}
    hand = sorted_cards(hand_cards)
    page_of = pager(hand, more)
    controls: list[Control] = []
    if len(hand) > MAX_OPTIONS:
        label = "melding.action.first_cards" if more else "melding.action.more_cards"
        controls.append(ButtonControl(PAGE_STEP, t(label, locale, count=len(hand)),
                                      "secondary"))
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


def lay_offs(moves: Sequence[object], card: str) -> list[LayOff]:
    """Return the listed lay-offs of a card (one per meld and end it fits)."""
    return [a for a in moves if isinstance(a, LayOff) and a.card.text == card]


def layoff_select(melds: Sequence[MeldView], moves: Sequence[object], card: str,
                  locale: str) -> SelectControl:
    """Return the select of the card's listed lay-offs: its meld, and its end if both fit.

    A card fits a few melds at most (a set of its rank, runs of its suit at their ends), far
    from Discord's 25 options.
    """
    targets = [(option_value(a, "layoff"), a.meld_id, a.end) for a in lay_offs(moves, card)]
    return _target_select(melds, targets, card, locale)


def lay_choice(moves: Sequence[object], card: str) -> str:
    """Return what the lay-off select sends for a card: its only lay-off, else the step that
    asks where (`ui_lay <card>`)."""
    targets = lay_offs(moves, card)
    return str(targets[0]) if len(targets) == 1 else f"{LAY_STEP} {card}"


def target_label(meld: MeldView, end: str | None, locale: str) -> str:
    """Return a meld a card goes on, as a menu says it: "B: 4♦ 5♦ 6♦ (high end)"."""
    label = t("melding.on_meld", locale, id=meld.id, cards=cards_text(meld.cards))
    return label + (f" ({t('melding.end.' + end, locale)})" if end else "")


def _target_select(melds: Sequence[MeldView], targets: Sequence[tuple[str, str, str | None]],
                   card: str, locale: str) -> SelectControl:
    """Return the select of a card's targets, each (value sent, meld id, end or None)."""
    by_id = {m.id: m for m in melds}
    options = [SelectOption(value, target_label(by_id[meld], end, locale))
               for value, meld, end in targets]
    return SelectControl("layoff", t("melding.target_placeholder", locale, card=_pretty(card)),
                         options[:MAX_OPTIONS])
