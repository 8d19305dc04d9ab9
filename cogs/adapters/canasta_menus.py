"""Canasta's hand menus: draw two, take the pile, open, meld a rank, add to a side meld, discard.

Every choice is one of the engine's legal moves (the view's typed `moves`), or a step of a
build (engine/canasta/building.py) whose choices and verdict the engine gives. The menus work
in steps kept as a typed draft (see GameAdapter.step):

- None, the turn's main menu: the ready-made moves (pile takes, openings, new melds,
  additions) in selects, and buttons to build one by hand;
- `Building(melds)` building melds rank by rank: a rank puts down its free natural cards
  (all a meld may hold), the last meld may then hold fewer or more of them (a player keeps a
  pair in hand for a frozen pile), and a wild card joins it. Before the side has opened the
  melds make an opening; after, one meld. Its confirm button is greyed out until the build is
  legal, and says what it lacks;
- `Adding()` (choose one of the side's melds), `Adding(id)` (choose an addition to it; when
  a big hand has more than a select holds, first how many of the meld's naturals it adds,
  `Adding(id, naturals)`);
- `Taking(page)`, the turn's first menu with a later page of the pile takes, when a big hand
  has more than a select holds (melding.paged's next-page button).

A step travels as its text and comes back by lookup among the steps these menus offer now
(`steps`, built from the same choices as the controls), never by reading it.

A move whose text passes a button's custom id goes in a one-option select instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import islice
from typing import TypeVar

from bot.i18n import card_text, cards_text, t
from cogs.adapters import ButtonControl, Control, SelectControl, SelectOption, Style
from cogs.adapters.melding import NEXT_STEP, next_page, page_count, paged
from cogs.errors import Refusal
from engine.canasta import actions as A
from engine.canasta.building import Build, build
from engine.canasta.game import CanastaGame
from engine.canasta.melds import cards_value, is_wild, meld_rank
from engine.canasta.shapes import Group
from engine.canasta.views import CanastaHand, MeldView, SideView, rank_name
from engine.cards import Card

MAX_OPTIONS = 25  # Discord's limit on a select menu's options
BUTTON_ACTION = 60  # what a button's custom id leaves for its action (ramino51_menus)
VALUE = 100  # a select option's value
CONFIRM = "ui_confirm"  # a greyed-out confirm whose move is too long for a button
Move = TypeVar("Move", bound=A.CanastaAction)


# ----- where a seat is in its menus -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Building:
    """A build under way: the melds chosen so far, rank by rank (an opening before the draw,
    else one new meld). The host keeps it as it is; its text names it in logs and tests."""

    melds: tuple[Group, ...] = ()

    def __str__(self) -> str:
        return " ".join(["build", *(",".join(c.text for c in m) for m in self.melds)])


@dataclass(frozen=True, slots=True)
class Adding:
    """An addition under way: choosing one of the side's melds (`meld` None), then the cards
    that go on it (with more ways than a select holds, those with `naturals` of its rank)."""

    meld: str | None = None
    naturals: int | None = None

    def __str__(self) -> str:
        if self.meld is None:
            return "add"
        return f"add:{self.meld}" + ("" if self.naturals is None else f":{self.naturals}")


@dataclass(frozen=True, slots=True)
class Taking:
    """The turn's first menu showing a later page of the pile takes."""

    page: int = 1

    def __str__(self) -> str:
        return f"takes:{self.page}"


Draft = Building | Adding | Taking | None  # None: the turn's own menus

BACK, BUILD, CLEAR, ADD = "ui_back", "ui_build", "ui_clear", "ui_add"
RANK, WILD, MELD, COUNT = "ui_rank", "ui_wild", "ui_meld", "ui_count"  # the steps' selects


def said(verb: str, value: str) -> str:
    """Return the text a step's select sends with this value (the host's `<verb> <value>`)."""
    return f"{verb} {value}"


def hand_controls(game: CanastaGame, view: CanastaHand, locale: str, draft: object | None
                  ) -> list[Control]:
    """Return the controls of the seat's step of the menus."""
    if isinstance(draft, Building):
        return _build_controls(game, view, draft, locale)
    if isinstance(draft, Adding):
        return _add_controls(view, draft, locale)
    if view.table.phase == "acquire":
        return _acquire_controls(view, locale, draft.page if isinstance(draft, Taking) else 0)
    return _play_controls(view, locale)


def steps(game: CanastaGame, view: CanastaHand, draft: object | None) -> dict[str, Draft]:
    """Return each step the menus of this draft offer, as its text, and the draft it leads
    to; built from the same choices as the controls."""
    if isinstance(draft, Building):
        now = current(game, view, draft)
        out: dict[str, Draft] = {BACK: None}
        if now.melds:
            out[CLEAR] = Building()
        out.update({said(RANK, v): d for v, (_, d) in rank_choices(now).items()})
        out.update({said(WILD, v): d for v, (_, d) in wild_choices(now).items()})
        out.update({said(COUNT, v): d for v, (_, d) in count_choices(now).items()})
        return out
    if isinstance(draft, Adding):
        melds = addable(view)
        meld = melds.get(draft.meld or "")
        if meld is None:
            return {BACK: None, **{said(MELD, v): Adding(m.id) for v, m in melds.items()}}
        # a meld chosen: its cards are moves, or first how many naturals go on it
        groups = by_naturals(view, meld)
        groups = {} if draft.naturals in groups else groups
        return {BACK: None, **{said(COUNT, str(n)): Adding(meld.id, n) for n in groups}}
    out = {}
    after = take_page_after(view, draft.page if isinstance(draft, Taking) else 0)
    if after is not None:
        out[NEXT_STEP] = Taking(after) if after else None
    if _builds(view):
        out[BUILD] = Building()
    if _adds(view):
        out[ADD] = Adding()
    return out


def step_draft(game: CanastaGame, view: CanastaHand, draft: object | None, text: str) -> Draft:
    """Return the draft after the step sent as `text`; refuse a step these menus do not offer."""
    offered = steps(game, view, draft)
    if text not in offered:
        raise Refusal("error.move_unavailable")
    return offered[text]


def moves_of(view: CanastaHand, kind: type[Move]) -> list[Move]:
    """Return the view's legal moves of a kind whose text fits a select's value."""
    return [m for m in view.moves if isinstance(m, kind) and fits(m)]


def fits(move: A.CanastaAction) -> bool:
    """Whether the move's text fits a select's value."""
    return len(str(move)) <= VALUE


def shown(view: CanastaHand, kind: type[Move]) -> list[Move]:
    """Return the listed moves of a kind whose text fits a select's value, plainest first."""
    return sorted((m for m in view.moves if isinstance(m, kind) and fits(m)), key=_plain_first)


# ----- the main menus -----------------------------------------------------------------------


def take_page_after(view: CanastaHand, page: int) -> int | None:
    """Return the page of pile takes the next-page button leads to (None: they fit one)."""
    if view.table.phase != "acquire":
        return None
    return next_page(len(shown(view, A.TakePile)), page)


def _acquire_controls(view: CanastaHand, locale: str, page: int) -> list[Control]:
    buttons: list[Control] = []
    if any(isinstance(m, A.DrawTwo) for m in view.moves):
        buttons.append(ButtonControl("draw", t("canasta.action.draw", locale)))
    if any(isinstance(m, A.EndHand) for m in view.moves):
        buttons.append(ButtonControl("end", t("canasta.action.end", locale), "danger"))
    takes = shown(view, A.TakePile)
    if len(takes) == 1:
        buttons += one_move(str(takes[0]), take_label(view, takes[0], locale), "success")
    opens = ready_openings(view)
    if _builds(view):
        buttons.append(ButtonControl(BUILD, t("canasta.action.build_open", locale),
                                     "secondary"))
    selects: list[Control] = []
    if len(takes) > 1:
        # a big hand's takes, more than a select holds, are paged (a stale page: the first)
        page = page if page < page_count(len(takes)) else 0
        *more, select = paged(SelectControl("take", t("canasta.take_placeholder", locale), [
            SelectOption(str(m), take_label(view, m, locale)) for m in takes]), page, locale)
        buttons += more
        selects.append(select)
    if opens:
        minimum = own_side(view).minimum
        selects.append(SelectControl(
            "open", t("canasta.open_placeholder", locale, minimum=minimum),
            [SelectOption(str(m), open_label(view, m, minimum, locale))
             for m in opens[:MAX_OPTIONS]]))
    return buttons + selects


def _play_controls(view: CanastaHand, locale: str) -> list[Control]:
    buttons: list[Control] = []
    if _builds(view):
        buttons.append(ButtonControl(BUILD, t("canasta.action.build", locale), "secondary"))
    if _adds(view):
        buttons.append(ButtonControl(ADD, t("canasta.action.add", locale), "secondary"))
    ready = ready_moves(view)
    selects: list[Control] = []
    if ready:
        selects.append(SelectControl("play", t("canasta.ready_placeholder", locale), [
            SelectOption(str(m), play_label(view, m, locale)) for m in ready[:MAX_OPTIONS]]))
    return buttons + selects + _discards(view, locale)


def ready_moves(view: CanastaHand) -> list[A.NewMeld | A.AddToMeld]:
    """Return the main menu's ready-made moves: one per rank to meld and one per side meld
    to add to, each its plainest (all the naturals, no wild card).

    The engine lists every way (each count of naturals, each wild card beside): those stay
    one step away, under "New meld" and "Add to a meld".
    """
    moves = (m for m in view.moves if isinstance(m, (A.NewMeld, A.AddToMeld)) and fits(m))
    best: dict[tuple[str, str], A.NewMeld | A.AddToMeld] = {}
    for move in sorted(moves, key=_plain_first):
        best.setdefault(_ready_key(move), move)
    return list(islice(best.values(), MAX_OPTIONS))


def ready_openings(view: CanastaHand) -> list[A.OpenAndDraw]:
    """Return the ready-made openings: one per set of ranks, its plainest (the others, which
    hold back naturals or add wild cards, stay one step away, under "Build an opening")."""
    best: dict[tuple[int, ...], A.OpenAndDraw] = {}
    for move in shown(view, A.OpenAndDraw):
        best.setdefault(tuple(sorted(meld_rank(m) for m in move.melds)), move)
    return list(islice(best.values(), MAX_OPTIONS))


def _ready_key(move: A.NewMeld | A.AddToMeld) -> tuple[str, str]:
    """Return what a ready-made move is one option for: a new meld of a rank, or a side meld."""
    if isinstance(move, A.AddToMeld):
        return "add", move.meld_id
    naturals = [c.rank for c in move.cards if c.rank not in (0, 2)]
    return "meld", rank_name(naturals[0]) if naturals else "wild"


def _builds(view: CanastaHand) -> bool:
    """Whether the menus offer to build melds: an opening listed before the draw, a new meld
    after it."""
    if view.table.phase == "acquire":
        return any(isinstance(m, A.OpenAndDraw) and fits(m) for m in view.moves)
    return any(isinstance(m, A.NewMeld) for m in view.moves)


def _adds(view: CanastaHand) -> bool:
    """Whether the menus offer to add to one of the side's melds."""
    return bool(addable(view))


def _plain_first(move: A.CanastaAction) -> tuple[int, int, int]:
    """Order ready-made moves: fewest new melds beside, fewest wild cards, most cards."""
    groups = _groups(move)
    return len(groups), sum(map(_wild_in, groups)), -sum(map(len, groups))


def _groups(move: A.CanastaAction) -> list[tuple[Card, ...]]:
    if isinstance(move, A.TakePile):
        return [move.cards, *move.extra]
    if isinstance(move, A.OpenAndDraw):
        return list(move.melds)
    if isinstance(move, (A.NewMeld, A.AddToMeld)):
        return [move.cards]
    return []


def _wild_in(group: Sequence[Card]) -> int:
    """Return how many cards of a group play as wild cards (its rank read from its naturals)."""
    rank = next((c.rank for c in group if c.rank not in (0, 2)), group[0].rank)
    return sum(is_wild(c, rank) for c in group)


def _discards(view: CanastaHand, locale: str) -> list[Control]:
    """Return the discards, in two selects when the hand holds more than 25 faces."""
    cards = [m.card.text for m in view.moves if isinstance(m, A.Discard)]
    pages = [cards[i:i + MAX_OPTIONS] for i in range(0, len(cards), MAX_OPTIONS)][:2]
    out: list[Control] = []
    for page, verb in zip(pages, ("discard", "discard_more")):
        key = "action.discard_placeholder" if len(pages) == 1 else "canasta.discard_page"
        out.append(SelectControl(verb, t(key, locale, card=card_text(page[0]),
                                         got=card_text(page[-1])), [
            SelectOption(c, t("action.discard_card", locale, card=card_text(c)))
            for c in page]))
    return out


def one_move(action: str, label: str, style: Style = "primary") -> list[Control]:
    """Return a button sending the move, or a one-option select when it is too long."""
    if len(action) <= BUTTON_ACTION:
        return [ButtonControl(action, label, style)]
    if len(action) <= VALUE:
        return [SelectControl("play", label, [SelectOption(action, label)])]
    return []


# ----- building melds -------------------------------------------------------------------------


def current(game: CanastaGame, view: CanastaHand, draft: Building) -> Build:
    """Return the engine's word on the build in the draft."""
    return build(game, view.seat, draft.melds, view.moves)


def rank_choices(now: Build) -> dict[str, tuple[Group, Building]]:
    """Return each rank the build may take next (its value in the menu), with its free
    natural cards and the draft they make: a new meld of an opening, the one new meld else."""
    out = {}
    for group in now.ranks[:MAX_OPTIONS]:
        melds = (*now.melds, group) if now.opening else (group,)
        out[rank_name(group[0].rank)] = group, Building(melds)
    return out


def wild_choices(now: Build) -> dict[str, tuple[Card, Building]]:
    """Return each wild card the build's last meld may take, with the draft it makes."""
    return {c.text: (c, Building((*now.melds[:-1], (*now.melds[-1], c)))) for c in now.wilds}


def count_choices(now: Build) -> dict[str, tuple[Group, Building]]:
    """Return each other number of naturals the build's last meld may hold (its value in the
    menu), with the meld and the draft it makes."""
    return {str(_naturals_in(group)): (group, Building((*now.melds[:-1], group)))
            for group in now.counts}


def _naturals_in(meld: Group) -> int:
    """Return how many cards of a build's meld are of its rank (its first card's)."""
    return sum(c.rank == meld[0].rank for c in meld)


def _build_controls(game: CanastaGame, view: CanastaHand, draft: Building, locale: str
                    ) -> list[Control]:
    now = current(game, view, draft)
    controls: list[Control] = [back(locale)]
    if now.melds:
        controls.append(ButtonControl(CLEAR, t("canasta.action.clear", locale), "secondary"))
        controls += confirm(now, locale)
    ranks = rank_choices(now)
    if ranks:
        controls.append(SelectControl(RANK, rank_placeholder(now, locale), [
            SelectOption(value, rank_label(group, view, locale))
            for value, (group, _) in ranks.items()]))
    counts = count_choices(now)
    if counts:
        controls.append(count_select(now, counts, locale))
    wilds = wild_choices(now)
    if wilds:
        controls.append(SelectControl(
            WILD, t("canasta.wild_placeholder", locale, cards=meld_text(now.melds[-1])),
            [SelectOption(value, card_text(value)) for value in wilds]))
    return controls


def count_select(now: Build, counts: dict[str, tuple[Group, Building]], locale: str
                 ) -> SelectControl:
    """Return the choice of how many naturals the last meld holds."""
    last = now.melds[-1]
    rank = rank_word(rank_name(last[0].rank), locale)
    return SelectControl(
        COUNT, clip(t("canasta.count_placeholder", locale, rank=rank, cards=meld_text(last)),
                    150),
        [SelectOption(value, count_label(int(value), now.held, rank, locale))
         for value in counts])


def count_label(count: int, held: int, rank: str, locale: str) -> str:
    """Return a number of naturals to meld of the `held`: how many stay in hand, or all."""
    if count == held:
        return t("canasta.count_all", locale, count=count, rank=rank)
    return t("canasta.count_keep", locale, count=count, rank=rank, left=held - count)


def confirm(now: Build, locale: str) -> list[Control]:
    """Return the button sending the build: greyed out, saying what it lacks, until legal."""
    action = now.action
    assert action is not None
    label = confirm_label(now, locale)
    if now.ready:
        return one_move(str(action), label, "success")
    text = str(action) if len(str(action)) <= BUTTON_ACTION else CONFIRM
    return [ButtonControl(text, label, "success", disabled=True)]


def confirm_label(now: Build, locale: str) -> str:
    """Return the confirm's label: the opening's points against the minimum, or the meld."""
    last = meld_text(now.melds[-1])
    if not now.opening:
        key = "canasta.action.put_down" if now.ready else "canasta.action.put_down_wild"
        return clip(t(key, locale, cards=last))
    if now.missing == "points":
        return t("canasta.action.open_short", locale, points=now.points,
                 minimum=now.minimum, left=now.short)
    if now.missing == "wild":
        return clip(t("canasta.action.open_wild", locale, cards=last))
    if now.missing:
        return t("canasta.action.open_keep", locale)
    return t("canasta.action.open_with", locale, points=now.points, minimum=now.minimum)


def rank_placeholder(now: Build, locale: str) -> str:
    """Return the rank select's line: the build so far and its points."""
    if not now.opening:
        return t("canasta.rank_placeholder", locale)
    if not now.melds:
        return t("canasta.rank_placeholder_open", locale, points=now.points,
                 minimum=now.minimum)
    so_far = " + ".join(meld_text(m) for m in now.melds)
    return clip(t("canasta.build_so_far", locale, melds=so_far, points=now.points,
                  minimum=now.minimum), 150)


def clip(text: str, most: int = 80) -> str:
    """Cut a label to Discord's length."""
    return text if len(text) <= most else text[:most - 1] + "…"


# ----- adding to a side meld ------------------------------------------------------------------


def addable(view: CanastaHand) -> dict[str, MeldView]:
    """Return the side's melds a listed addition goes on, by their value in the menu."""
    ids = {a.meld_id for a in moves_of(view, A.AddToMeld)}
    melds = [m for m in own_side(view).melds if m.id in ids]
    return {m.id: m for m in melds[:MAX_OPTIONS]}


def _add_controls(view: CanastaHand, draft: Adding, locale: str) -> list[Control]:
    melds = addable(view)
    meld = melds.get(draft.meld or "")
    if meld is None:
        if not melds:
            return [back(locale)]
        return [back(locale), SelectControl(MELD, t("canasta.meld_placeholder", locale), [
            SelectOption(value, meld_label(m, locale)) for value, m in melds.items()])]
    groups = by_naturals(view, meld)
    if groups and draft.naturals not in groups:
        return [back(locale), SelectControl(
            COUNT, t("canasta.add_count_placeholder", locale, meld=meld_label(meld, locale)),
            [SelectOption(str(n), add_count_label(n, meld, len(ways), locale))
             for n, ways in groups.items()])]
    onto = groups[draft.naturals] if groups and draft.naturals is not None else onto_meld(
        view, meld)
    return [back(locale), SelectControl(
        "play", t("canasta.add_placeholder", locale, meld=meld_label(meld, locale)),
        [SelectOption(str(a), cards_text(c.text for c in a.cards))
         for a in onto][:MAX_OPTIONS])]


def onto_meld(view: CanastaHand, meld: MeldView) -> list[A.AddToMeld]:
    """Return the listed additions to a side meld, the plainest first."""
    return sorted((a for a in moves_of(view, A.AddToMeld) if a.meld_id == meld.id),
                  key=_plain_first)


def by_naturals(view: CanastaHand, meld: MeldView) -> dict[int, list[A.AddToMeld]]:
    """Return the additions to a meld by how many of its rank's naturals they add, when a
    select cannot hold them all (else none: one select shows them)."""
    onto = onto_meld(view, meld)
    if len(onto) <= MAX_OPTIONS:
        return {}
    out: dict[int, list[A.AddToMeld]] = {}
    for move in onto:
        out.setdefault(sum(rank_name(c.rank) == meld.rank for c in move.cards), []).append(move)
    return dict(sorted(out.items()))


def add_count_label(count: int, meld: MeldView, ways: int, locale: str) -> str:
    """Return a number of naturals to add, with how many ways (wild cards beside) it has."""
    if not count:
        return t("canasta.add_wild_only", locale, number=ways)
    return t("canasta.add_count", locale, count=count, rank=rank_word(meld.rank, locale),
             number=ways)


# ----- selects --------------------------------------------------------------------------------


def compose_move(verb: str, values: Sequence[str]) -> str:
    """Return the move (or step) a select sends from its chosen values: a ready-made move's
    text as it is, a discard's card."""
    if verb in ("discard", "discard_more"):
        return f"discard {values[0]}"
    if verb in ("play", "take", "open"):
        return values[0]
    return f"{verb} {values[0]}"


# ----- shared words -------------------------------------------------------------------------


def own_side(view: CanastaHand) -> SideView:
    """Return the seat's own side as the table shows it."""
    return next(s for s in view.table.sides if view.seat in s.seats)


def rank_of(card: str) -> str:
    """Return the rank a card names ("10H" → "10", "JK" → "JK")."""
    return rank_name(Card.parse(card).rank)


def rank_order(rank: str) -> int:
    """Return a rank's place in the menus: A, K … 4, 3, then twos and jokers."""
    order = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "JK"]
    return order.index(rank)


def meld_text(cards: Sequence[Card | str]) -> str:
    """Write a meld for a label: "K♠ K♥ K♦ 2♣"."""
    return cards_text(c.text if isinstance(c, Card) else c for c in cards)


def rank_label(group: Sequence[Card], view: CanastaHand, locale: str) -> str:
    """Return a rank's choice: how many naturals are held, and their value."""
    points = cards_value(group, view.table.options)
    return t("canasta.rank_choice", locale, rank=rank_word(rank_name(group[0].rank), locale),
             count=len(group), points=points)


def rank_word(rank: str, locale: str) -> str:
    """Return a rank as players name it: "K", "2 (pinelle)", "jokers"."""
    return t(f"canasta.rank.{rank}", locale) if rank in ("JK", "2") else rank


def meld_label(meld: MeldView, locale: str) -> str:
    """Return a side meld's choice: its rank, size and wild cards."""
    return t("canasta.meld_choice", locale, rank=rank_word(meld.rank, locale),
             count=len(meld.cards), joker=meld.wilds)


def open_label(view: CanastaHand, move: A.OpenAndDraw, minimum: int, locale: str) -> str:
    """Return a ready-made opening: its melds and their sum against the minimum."""
    points = cards_value((c for m in move.melds for c in m), view.table.options)
    return clip(t("canasta.open_choice", locale,
                  cards=" + ".join(meld_text(g) for g in move.melds), points=points,
                  minimum=minimum), 100)


def take_label(view: CanastaHand, take: A.TakePile, locale: str) -> str:
    """Return a pile take: the cards shown, where they go, how many cards it brings."""
    top = view.table.pile_top or ""
    rank = rank_of(top) if top else ""
    joins = next((m for m in own_side(view).melds if m.rank == rank
                  and (view.table.options.melds_past_seven or len(m.cards) < 7)), None)
    key = "canasta.take_joins" if joins is not None else "canasta.take_new"
    label = t(key, locale, cards=meld_text(take.cards), card=card_text(top),
              count=view.table.pile)
    if take.extra:
        label += " + " + " + ".join(meld_text(g) for g in take.extra)
    return clip(label, 100)


def play_label(view: CanastaHand, move: A.NewMeld | A.AddToMeld, locale: str) -> str:
    """Return a ready-made meld or addition."""
    if isinstance(move, A.NewMeld):
        return clip(t("canasta.meld_ready", locale, cards=meld_text(move.cards)), 100)
    meld = next((m for m in own_side(view).melds if m.id == move.meld_id), None)
    if meld is None:
        return clip(t("canasta.add_ready", locale, cards=meld_text(move.cards),
                      rank=move.meld_id), 100)
    held = len(meld.cards)
    return clip(t("canasta.add_ready_count", locale, cards=meld_text(move.cards),
                  rank=rank_word(meld.rank, locale), held=held, count=held + len(move.cards)), 100)


def back(locale: str) -> ButtonControl:
    """Return the button back to the main menu."""
    return ButtonControl(BACK, t("canasta.action.back", locale), "secondary")

