"""Mahjong gin on Discord: the open melds on the table, the menus, the lines and the hand's end.

The gin adapter's `MahjongLook` hands over to these functions for a `MahjongGin`. Every menu is
built from the seat's legal moves (`GinHand.moves`, the engine's own action values) and its
steps are typed: a `Draft` says where the seat is in the menus (the turn's own, a pile depth to
choose, the meld a chosen card goes on, the melds of one rank or suit, the hand's second page,
a long menu's page), a `Step` is what a menu button or card sends to move between them. The
host keeps the draft as it is; a step travels as its text and comes back by lookup among the
steps the legal moves allow now, never by reading it. Melds are offered whole, one option per
listed meld (grouped by rank or suit past 25, see cogs.adapters.melding), so every option is
a legal move. The pile is shown whole wherever cards below its top may be taken (Mahjong's
takes by depth, and the deep pickups of closed gin), so that no move takes a card the players
cannot see.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from bot.i18n import card_text as _pretty
from bot.i18n import cards_text, t
from card_images import HandEndRow, MeldSpec, PilesPanel, TableSpec, seat_tags
from cogs.adapters import ButtonControl, Control, SelectControl, SelectOption
from cogs.adapters.melding import (
    GROUP_STEP,
    MAX_OPTIONS,
    NEXT_STEP,
    Whole,
    card_selects,
    depth_menu,
    grouped,
    groups_of,
    in_group,
    melds_label,
    next_page,
    option_value,
    page_count,
    whole,
    whole_menu,
)
from engine.cards import Card, parse_cards
from engine.errors import IllegalMove
from engine.gin import actions as A
from engine.gin.mahjong import hand_value
from engine.gin.options import GinOptions
from engine.gin.views import GinHand, GinTable, HandReport
from engine.table import MeldView

SUITS = "SHDC"  # the menus' order of suits


# ----- where a seat is in its menus -----------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Draft:
    """A seat's place in the turn's menus: choosing a pile depth, choosing the meld `laying`
    goes on, choosing among the melds of `group` (a rank or suit), or (none of these) the
    turn's own menus; `more` while they show the hand's second page, `page` the page of a
    menu longer than one select (the depths, a group's melds).

    The host keeps it as it is until a move is made; its text names it in logs and tests.
    """

    more: bool = False
    depth: bool = False
    laying: Card | None = None
    group: str = ""
    page: int = 0

    def __str__(self) -> str:
        step = ("take" if self.depth else f"lay:{self.laying}" if self.laying
                else f"meld:{self.group}" if self.group else "")
        return step + (f":p{self.page}" if self.page else "") + ("+more" if self.more else "")


@dataclass(frozen=True, slots=True)
class Back:
    """Back to the turn's own menus, on the same page."""

    def __str__(self) -> str:
        return "ui_back"

    def after(self, draft: Draft) -> Draft:
        """Return the draft this step leads to."""
        return Draft(draft.more)


@dataclass(frozen=True, slots=True)
class Page:
    """The other page of a hand too long for one menu."""

    def __str__(self) -> str:
        return "ui_more"

    def after(self, draft: Draft) -> Draft:
        """Return the draft this step leads to."""
        return replace(draft, more=not draft.more)


@dataclass(frozen=True, slots=True)
class OpenDepths:
    """The menu of pile depths ("Take from the pile…")."""

    def __str__(self) -> str:
        return "ui_take"

    def after(self, draft: Draft) -> Draft:
        """Return the draft this step leads to."""
        return Draft(draft.more, depth=True)


@dataclass(frozen=True, slots=True)
class PickTarget:
    """A card chosen to lay off that fits several melds: the menu of those melds."""

    card: Card

    def __str__(self) -> str:
        return f"ui_lay {self.card}"

    def after(self, draft: Draft) -> Draft:
        """Return the draft this step leads to."""
        return Draft(draft.more, laying=self.card)


@dataclass(frozen=True, slots=True)
class PickGroup:
    """A rank or suit chosen in a meld menu too long for one select: the melds of it."""

    group: str

    def __str__(self) -> str:
        return f"{GROUP_STEP} {self.group}"

    def after(self, draft: Draft) -> Draft:
        """Return the draft this step leads to."""
        return Draft(draft.more, group=self.group)


@dataclass(frozen=True, slots=True)
class NextPage:
    """The next page of a menu longer than one select (the last page leads to the first)."""

    page: int

    def __str__(self) -> str:
        return NEXT_STEP

    def after(self, draft: Draft) -> Draft:
        """Return the draft this step leads to."""
        return replace(draft, page=self.page)


Step = Back | Page | OpenDepths | PickTarget | PickGroup | NextPage


def _pages(view: GinHand) -> tuple[bool, ...]:
    return (False, True) if len(view.hand) > MAX_OPTIONS else (False,)


def _targets(view: GinHand, card: Card) -> list[A.LayOff]:
    return [m for m in view.moves if isinstance(m, A.LayOff) and m.card == card]


def _multi_target_cards(view: GinHand) -> list[Card]:
    """Return the cards that may be laid off on more than one meld (or end)."""
    cards = [m.card for m in view.moves if isinstance(m, A.LayOff)]
    return [c for c in dict.fromkeys(cards) if cards.count(c) > 1]


def _takes(view: GinHand) -> list[A.TakePile]:
    return [m for m in view.moves if isinstance(m, A.TakePile)]


def _melds(view: GinHand) -> list[Whole]:
    """Return the listed melds as the meld menu offers them, whole, in the menus' order."""
    melds = [m for m in view.moves if isinstance(m, A.MeldCards)]
    melds.sort(key=lambda m: [(SUITS.index(c.suit), c.rank) for meld in m.melds for c in meld])
    return [whole(option_value(m, "meld"), melds_label(m.melds), m.melds) for m in melds]


def drafts(view: GinHand) -> list[Draft]:
    """List every place in the menus the seat's legal moves lead to now."""
    out = [Draft(more) for more in _pages(view)]
    takes = len(_takes(view))
    out += [Draft(more, depth=True, page=p) for more in _pages(view) for p in
            range(page_count(takes)) if takes]
    out += [Draft(more, laying=c) for c in _multi_target_cards(view) for more in _pages(view)]
    melds = _melds(view)
    if grouped(melds):
        out += [Draft(more, group=g, page=p) for g, count in groups_of(melds).items()
                for p in range(page_count(count)) for more in _pages(view)]
    return out


def steps(view: GinHand, draft: Draft) -> list[Step]:
    """List the steps the menus of this draft lead to, from the seat's legal moves."""
    if draft.laying is not None:
        return [Back()]
    if draft.depth or draft.group:
        count = len(_takes(view)) if draft.depth else len(in_group(_melds(view), draft.group))
        after = next_page(count, draft.page)
        return [Back(), *([NextPage(after)] if after is not None else [])]
    out: list[Step] = [PickTarget(c) for c in _multi_target_cards(view)]
    if _takes(view):
        out.append(OpenDepths())
    if view.table.phase == "discard" and len(_pages(view)) > 1:
        out.append(Page())
    melds = _melds(view)
    if view.table.phase == "discard" and grouped(melds):
        out += [PickGroup(g) for g in groups_of(melds)]
    return out


def place_of(view: GinHand, draft: object | None) -> Draft:
    """Return the draft if the seat's legal moves still lead to it, else the turn's menus."""
    return draft if isinstance(draft, Draft) and draft in drafts(view) else Draft()


def step(view: GinHand, draft: object | None, text: str) -> Draft:
    """Return the draft after the step sent as `text`; refuse a step these menus do not have."""
    place = place_of(view, draft)
    chosen = next((s for s in steps(view, place) if str(s) == text), None)
    if chosen is None:
        raise IllegalMove("no such step", action=text)
    return chosen.after(place)


def lay_choices(view: GinHand) -> dict[tuple[str, str], A.GinAction | Step]:
    """Return what choosing each card of the lay-off menu sends: its only lay-off, or the
    step to the menu of its melds."""
    out: dict[tuple[str, str], A.GinAction | Step] = {}
    for card in dict.fromkeys(m.card for m in view.moves if isinstance(m, A.LayOff)):
        targets = _targets(view, card)
        out["ui_lay", str(card)] = targets[0] if len(targets) == 1 else PickTarget(card)
    return out


# ----- the menus ------------------------------------------------------------------------------

def controls(view: GinHand, draft: object | None, locale: str) -> list[Control]:
    """Return the menus of the seat's turn at this draft: a depth, a lay-off's meld, a group's
    melds, or the turn's meld menu and the hand's card menus while the seat plays its melds
    (none while it draws)."""
    place = place_of(view, draft)
    if place.depth:
        return [back_button(locale), *depth_select(view, place.page, locale)]
    if place.laying is not None:
        return [back_button(locale), target_select(view, place.laying, locale)]
    if place.group:
        return [back_button(locale), *meld_menu(view, place, locale)]
    if view.table.phase != "discard":
        return []
    return [*meld_menu(view, place, locale),
            *card_selects(view.hand, view.moves, locale, place.more)]


def meld_menu(view: GinHand, draft: Draft, locale: str) -> list[Control]:
    """Return the menu of the listed melds, whole (by rank or suit first when many)."""
    melds = _melds(view)
    if not melds:
        return []
    return whole_menu("meld", t("melding.meld_placeholder", locale), melds, draft.group,
                      draft.page, locale)


def back_button(locale: str) -> ButtonControl:
    """Return the button back to the turn's own menus."""
    return ButtonControl(str(Back()), t("melding.action.back", locale), "secondary")


def take_button(view: GinHand, locale: str) -> list[Control]:
    """Return the button opening the pile-depth menu, if a deeper take is legal."""
    if not _takes(view):
        return []
    return [ButtonControl(str(OpenDepths()), t("melding.action.take_pile", locale), "success")]


def depth_select(view: GinHand, page: int, locale: str) -> list[Control]:
    """Return the menu of the legal takes by depth, each naming the deepest card it takes, a
    page at a time."""
    pile = view.table.discard
    return depth_menu([(m.depth, pile[-m.depth], m.depth) for m in _takes(view)], page, locale,
                      "take")


def target_select(view: GinHand, card: Card, locale: str) -> SelectControl:
    """Return the menu of the melds the card may be laid off on (with the end where both fit).

    A card fits a few melds at most (a set of its rank, runs of its suit at their ends).
    """
    melds = {m.id: m for m in view.table.melds}
    options = []
    for move in _targets(view, card)[:MAX_OPTIONS]:
        meld = melds[move.meld_id]
        end = f" ({t('melding.end.' + move.end, locale)})" if move.end else ""
        label = t("melding.on_meld", locale, id=meld.id, cards=cards_text(meld.cards)) + end
        options.append(SelectOption(layoff_value(move), label))
    return SelectControl("layoff", t("melding.target_placeholder", locale, card=_pretty(str(card))),
                         options)


def layoff_value(move: A.LayOff) -> str:
    """Return the value a lay-off's option carries: its card, its meld and the end named."""
    return " ".join([str(move.card), move.meld_id, *([move.end] if move.end else [])])


def meld_value(move: A.MeldCards) -> str:
    """Return the value a meld's option carries: its cards."""
    return option_value(move, "meld")


# ----- the table, the prompt and the lines ----------------------------------------------------

def seat_melds(melds: Sequence[MeldView], seat: int) -> list[MeldSpec]:
    """Return the seat's melds with ids; cards the opponent laid off carry his tag."""
    return [MeldSpec(m.id, list(m.cards), [e.card for e in m.entries if e.by != seat],
                     [e.by for e in m.entries if e.by != seat])
            for m in melds if m.owner == seat]


def numbered_pile(spec: TableSpec, locale: str) -> TableSpec:
    """Return the table with its spread pile numbered from the top, as the depth menu counts.

    `spec` already has its words (with_words): the caption is replaced to say so.
    """
    piles = spec.panel(PilesPanel)
    count = len(piles.discard)
    if not count:
        return spec
    return spec.with_panel(replace(piles, labels=[str(count - i) for i in range(count)],
                                   discard_caption=t("gin.mahjong.pile", locale, count=count)))


def put_down_note(view: GinTable, seat: int, locale: str) -> str:
    """Return the seat's points put down this hand, for its line on the table."""
    return t("gin.mahjong.put_down", locale, points=view.put_down[seat])


def prompt(view: GinHand, locale: str) -> str | None:
    """Return the prompt of the play step (None outside it)."""
    if view.table.phase != "discard":
        return None
    if view.table.owed:
        return t("gin.mahjong.prompt.owed", locale, card=_pretty(view.table.owed))
    meld = any(isinstance(m, A.MeldCards) for m in view.moves)
    lay = any(isinstance(m, A.LayOff) for m in view.moves)
    key = {(True, True): "play", (True, False): "play_meld", (False, True): "play_lay",
           (False, False): "play_discard"}[meld, lay]
    return t("gin.mahjong.prompt." + key, locale)


def held_value(view: GinHand) -> int:
    """Return what the cards in hand would cost if the hand ended now (Mahjong values)."""
    return hand_value(parse_cards(view.hand))


def held_line(view: GinHand, locale: str) -> str:
    """Return the hand prompt's line of what the cards in hand would cost now."""
    return t("gin.mahjong.held", locale, points=held_value(view))


def end_rows(result: HandReport, names: Sequence[str], locale: str) -> list[HandEndRow]:
    """Return each seat's melds, with the cards the opponent laid off on them in place and
    tagged as the table shows them, the cards left in hand, and the seat's score."""
    tally = result.mahjong
    assert tally is not None
    tags = seat_tags(names)
    rows = []
    for seat, reveal in enumerate(result.reveals):
        mine = [m for m in result.melds if m.owner == seat]
        theirs = [e for m in mine for e in m.entries if e.by != seat]
        rows.append(HandEndRow(
            name=names[seat],
            melds=[list(m.cards) for m in mine],
            laid_off=[e.card for e in theirs], laid_off_tags=[tags[e.by] for e in theirs],
            loose=list(reveal.deadwood),
            loose_value=tally.held[seat],
            points=t("table.points", locale, points=tally.totals[seat]),
            loose_label=t("gin.mahjong.in_hand", locale)))
    return rows


def score_lines(result: HandReport, names: Sequence[str], locale: str) -> list[str]:
    """Return each seat's put down, held, bonus and hand score."""
    tally = result.mahjong
    assert tally is not None
    lines = []
    for seat in range(len(names)):
        key = "gin.mahjong.score_line_gin" if tally.bonus[seat] else "gin.mahjong.score_line"
        lines.append(t(key, locale, name=names[seat], melded=tally.put_down[seat],
                       held=tally.held[seat], bonus=tally.bonus[seat], total=tally.totals[seat]))
    return lines


def rules_lines(options: GinOptions, locale: str) -> list[str]:
    """Return the few lines of Mahjong gin's rules in force."""
    return [t("gin.mahjong.rules.play", locale, bonus=options.mahjong_gin_bonus),
            t("gin.mahjong.rules.scoring", locale, target=options.target_score)]
