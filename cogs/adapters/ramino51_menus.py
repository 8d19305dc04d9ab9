"""Ramino 51's hand menus: draw, exchange, ready-made melds, building melds, lay-offs, jokers.

Every choice comes from the seat's legal moves as the engine lists them (`R51Hand.moves`,
typed, and each listed meld's value in `R51Hand.values`): a button or an option stands for a
listed move, or for a step towards listed moves, never for a reading of the rules here. A
move becomes text only to travel in a custom id (its own text), and the engine parses it
back; a select's chosen value is looked up among the values its menu was built with, never
read.

Where a seat is in the menus is a typed draft the host keeps (None: the turn's own menus):

- `Build` building melds card by card: the listed melds chosen so far, then the cards
  awaiting their reading while the player says which of the listed melds of these cards he
  means (a joker's place). Before opening the melds chosen are part of a listed opening and
  the confirm button stays greyed until they are one; once opened, one meld (a listed one) is
  put down at a time;
- `Lay` choosing a card to lay off, then where it goes (meld, end, joker's card), the meld
  first when the places pass one menu;
- `Swap` the joker swaps, narrowed to one meld, then to where the joker goes, when they pass
  one menu.

Each step a menu sends is the text `<verb> <value>`; the steps a draft offers are derived from
the legal moves (`steps`) and found there by that text, so a step no menu offers is refused.

A move whose text passes a button's custom id goes in a one-option select instead (its value
the move's, or "now" for the close). A listed opening or joker swap whose value passes an
option's 100 characters goes in as "#<digest>", found among the listed moves when chosen; a
long label is cut after a card, its value kept.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from hashlib import sha256
from typing import TypeVar

from bot.i18n import card_text, cards_text, t
from card_images.faces import normalize, sort_key
from cogs.adapters import ButtonControl, Control, SelectControl, SelectOption
from cogs.errors import Refusal
from engine.errors import IllegalMove
from engine.ramino51 import (
    CloseInHand,
    Discard,
    DrawStock,
    LayOff,
    MeldCards,
    Placed,
    Ramino51Action,
    SwapExchange,
    SwapJoker,
    TakeDiscard,
)
from engine.ramino51.actions import Group, group_text, melds_text
from engine.ramino51.views import R51Hand

MAX_OPTIONS = 25  # Discord's limit on a select menu's options
# What a button's custom id leaves for its action ("rm:<19-digit id>:act:<version>:" takes
# 37 of the 100 characters); a longer move goes in a select's value (100 characters).
BUTTON_ACTION = 60
VALUE = LABEL = 100  # a select option's value and label
KEY, KEY_DIGITS = "#", 20  # "#<digest>": a listed move whose value passes VALUE
COPY = "."  # "7S.2": the second copy of a face, so a select's values stay unique
MAX_SHOWN = 4  # chosen melds shown as greyed buttons in the builder (a hand holds 15 cards)
BUTTON_LABEL = 80  # Discord's limit on a button's label
NEW = "new"  # where a retrieved joker goes when it makes a new meld

# The steps' verbs: buttons, and selects whose values name the next draft.
BACK, BUILD, CLEAR, LAY, SWAP = "ui_back", "ui_build", "ui_clear", "ui_lay", "ui_swap"
ADD, READ, CARD, ONTO, FROM, TO = "ui_add", "ui_read", "ui_card", "ui_onto", "ui_from", "ui_to"
# The selects whose value the step found in the draft's own steps (see `steps`).
_DRAFT_STEPS = frozenset({READ, ONTO, FROM, TO})

ActionT = TypeVar("ActionT", bound=Ramino51Action)


def listed(view: R51Hand, kind: type[ActionT]) -> list[ActionT]:
    """Return the listed moves of one kind."""
    return [a for a in view.moves if isinstance(a, kind)]


def offered(view: R51Hand, kind: type[Ramino51Action]) -> bool:
    """Whether a move of that kind is listed."""
    return any(isinstance(a, kind) for a in view.moves)


def said(verb: str, value: str) -> str:
    """Return the text a step's select sends with this value (the host's `<verb> <value>`)."""
    return f"{verb} {value}"


# ----- where a seat is in its menus -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Build:
    """Building melds: the listed melds chosen so far (`done`), and the cards chosen next,
    in hand order, while the player says which listed meld of them he means (`asked`)."""

    done: tuple[Group, ...] = ()
    asked: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Lay:
    """Laying off: choosing the card (`card` None), then where it goes (on `meld`, chosen
    first when its places pass one menu)."""

    card: str | None = None
    meld: str | None = None


@dataclass(frozen=True, slots=True)
class Swap:
    """Taking a joker: the swaps, narrowed to the meld it leaves (`meld`), then to where it
    goes (`dest`: a meld id or NEW), each asked only when the swaps pass one menu."""

    meld: str | None = None
    dest: str | None = None


Draft = Build | Lay | Swap  # None: the turn's own menus


def draft_of(draft: object | None) -> Draft | None:
    """Return the host's draft as the menus' own (anything else: the turn's own menus)."""
    return draft if isinstance(draft, (Build, Lay, Swap)) else None


def steps(view: R51Hand, draft: Draft | None) -> dict[str, Draft | None]:
    """Return each step the menus of this draft send, and the draft it leads to."""
    if draft is None:
        return _main_steps(view)
    out: dict[str, Draft | None] = {BACK: None}
    if isinstance(draft, Build):
        out.update(_build_steps(view, draft))
    elif isinstance(draft, Lay):
        out.update(_lay_steps(view, draft))
    else:
        out.update(_swap_steps(view, draft))
    return out


def step_draft(view: R51Hand, draft: Draft | None, text: str) -> Draft | None:
    """Return the draft after the step sent as `text`; refuse a step these menus do not have
    (while building: cards that make no meld that may come next)."""
    found = steps(view, draft)
    if text in found:
        return found[text]
    if isinstance(draft, Build):
        raise Refusal("ramino51.no_meld_here")
    raise IllegalMove("no such step", action=text)


def hand_controls(view: R51Hand, locale: str, draft: Draft | None) -> list[Control]:
    """Return the controls of the seat's step of the menus."""
    if isinstance(draft, Build):
        return _build_controls(view, draft, locale)
    if isinstance(draft, Lay):
        return _lay_controls(view, draft, locale)
    if isinstance(draft, Swap):
        return _swap_controls(view, draft, locale)
    if view.table.phase == "draw":
        return _draw_controls(view, locale)
    return _play_controls(view, locale)


def compose_move(view: R51Hand, verb: str, values: Sequence[str]) -> str:
    """Return the move (or step) a select sends: its chosen values looked up among those its
    menu was built with; a value no menu of the hand offers now is refused."""
    if values and verb == ADD:
        return _add_text(view, values)
    if values and verb in _DRAFT_STEPS:
        return said(verb, values[0])  # the draft's own steps know it (step_draft)
    chosen = choices(view).get((verb, values[0])) if len(values) == 1 else None
    if chosen is None:
        raise Refusal("error.move_unavailable")
    return chosen


def choices(view: R51Hand) -> dict[tuple[str, str], str]:
    """Return what each option of the hand's move menus sends, by (menu, value): a listed
    move's text, or the step to the places of a card laid off in several."""
    out = {key: str(a) for a in view.moves if (key := _option_key(a)) is not None}
    for card, lays in _layable(view).items():
        out[CARD, card] = str(lays[0]) if len(lays) == 1 else said(CARD, card)
    return out


def _option_key(action: Ramino51Action) -> tuple[str, str] | None:
    """Return the menu and the value of the option standing for a listed move (None: a
    button's move)."""
    if isinstance(action, (Discard, SwapExchange)):
        return ("discard" if isinstance(action, Discard) else "exchange"), action.card.text
    if isinstance(action, MeldCards):
        return "meld", compact(melds_text(action.melds))
    if isinstance(action, LayOff):
        return "layoff", compact(layoff_value(action))
    if isinstance(action, SwapJoker):
        return "swap", compact(swap_value(action))
    if isinstance(action, CloseInHand):
        return "close", "now"
    return None


def layoff_value(action: LayOff) -> str:
    """Return a lay-off's option value: its cards, its meld, the end when said ("7C,8C B")."""
    end = [action.end] if action.end else []
    return " ".join([group_text(action.cards), action.meld_id, *end])


def swap_value(action: SwapJoker) -> str:
    """Return a joker swap's option value: the meld, the naturals, the joker's use
    ("A 9D meld 4S,5S,JK=6S")."""
    return " ".join([action.meld_id, ",".join(c.text for c in action.naturals), str(action.use)])


# ----- the main menus -----------------------------------------------------------------------


def _main_steps(view: R51Hand) -> dict[str, Draft | None]:
    """Return the buttons opening the builder, the lay-offs and the joker swaps."""
    if view.table.phase == "draw":
        return {}
    opens: tuple[tuple[str, type[Ramino51Action], Draft], ...] = (
        (BUILD, MeldCards, Build()), (LAY, LayOff, Lay()), (SWAP, SwapJoker, Swap()))
    return {verb: draft for verb, kind, draft in opens if offered(view, kind)}


def _draw_controls(view: R51Hand, locale: str) -> list[Control]:
    controls: list[Control] = []
    if offered(view, DrawStock):
        controls.append(ButtonControl(str(DrawStock()), t(_draw_label(view), locale)))
    if offered(view, TakeDiscard) and view.table.pile_top:
        controls.append(ButtonControl(str(TakeDiscard()), t("action.take_discard", locale,
                                                            card=card_text(view.table.pile_top)),
                                      "success"))
    controls += _close(view, locale) + _exchange(view, locale)
    return controls


def _draw_label(view: R51Hand) -> str:
    """Say on the button what drawing from an empty stock does: rebuild it, or void the hand."""
    if view.table.stock:
        return "action.draw_stock"
    return "stock.action.draw_void" if view.table.draw_voids else "stock.action.draw_rebuild"


def _play_controls(view: R51Hand, locale: str) -> list[Control]:
    controls: list[Control] = _close(view, locale)
    keys = {BUILD: "ramino51.action.build", LAY: "ramino51.action.lay",
            SWAP: "ramino51.action.swap"}
    controls += [ButtonControl(verb, t(keys[verb], locale), "secondary")
                 for verb in _main_steps(view)]
    controls += _ready_melds(view, locale) + _discards(view, locale) + _exchange(view, locale)
    selects = [c for c in controls if isinstance(c, SelectControl)]
    # One row of buttons and three selects fill the hand's five rows with the sort button.
    return [c for c in controls if isinstance(c, ButtonControl)] + selects[:3]


def _close(view: R51Hand, locale: str) -> list[Control]:
    """Return the close in hand the engine listed, naming its discard (one click)."""
    found = listed(view, CloseInHand)
    if not found:
        return []
    close = found[0]
    key = "ramino51.action.close_exchange" if close.take_exchange else "ramino51.action.close"
    label = t(key, locale, card=card_text(close.discard.text))
    text = str(close)
    if len(text) <= BUTTON_ACTION:
        return [ButtonControl(text, label, "danger")]
    verb, value = _option_key(close) or ("close", "now")
    return [SelectControl(verb, label, [SelectOption(value, label)])]


def _exchange(view: R51Hand, locale: str) -> list[Control]:
    """Return the listed swaps of the exchange card (never for its twin: no exchange)."""
    cards = picture_order(a.card.text for a in listed(view, SwapExchange))
    if not cards or not view.table.exchange:
        return []
    got = card_text(view.table.exchange)
    options = [SelectOption(c, t("ramino51.exchange_card", locale, card=card_text(c), got=got))
               for c in cards[:MAX_OPTIONS]]
    return [SelectControl("exchange", t("ramino51.exchange_placeholder", locale, got=got), options)]


def picture_order(cards: Iterable[str]) -> list[str]:
    """Return cards in the order a hand picture sorts them (by suit, jokers last): a hand
    laid open, a menu's cards, so a card is found where the eye looks for it."""
    return sorted(cards, key=lambda c: sort_key(normalize(c), "suit"))


def _discards(view: R51Hand, locale: str) -> list[Control]:
    cards = picture_order(a.card.text for a in listed(view, Discard))
    if not cards:
        return []
    options = [SelectOption(c, t("action.discard_card", locale, card=card_text(c)))
               for c in cards[:MAX_OPTIONS]]
    return [SelectControl("discard", t("action.discard_placeholder", locale), options)]


def _ready_melds(view: R51Hand, locale: str) -> list[Control]:
    """Return the listed openings (or single melds once opened), the richest first."""
    values = dict(view.values)
    found = listed(view, MeldCards)
    if not found:
        return []
    scored = sorted(((sum(values[g] for g in a.melds), a) for a in found), key=lambda p: -p[0])
    minimum = view.best.minimum
    options = [SelectOption(compact(melds_text(a.melds)),
                            meld_label(a.melds, value, minimum, locale))
               for value, a in scored[:MAX_OPTIONS]]
    key = "ramino51.open_placeholder" if minimum else "ramino51.meld_placeholder"
    return [SelectControl("meld", t(key, locale, minimum=minimum), options)]


# ----- building melds -------------------------------------------------------------------------


class Builder:
    """The melds chosen in a build draft, against the listed meld moves: what may come next,
    and the listed move they make, if they make one."""

    def __init__(self, view: R51Hand, done: Sequence[Group]) -> None:
        self.view, self.done = view, list(done)
        self.values = dict(view.values)
        self.minimum = view.best.minimum
        chosen = Counter(done)
        # the listed meld moves holding every meld chosen so far
        every = [(Counter(a.melds), a) for a in listed(view, MeldCards)]
        self.ahead = [(melds, a) for melds, a in every if not chosen - melds]
        self.groups = {g for _, a in self.ahead for g in a.melds}

    @property
    def value(self) -> int:
        """What the melds chosen are worth for the opening."""
        return sum(self.values.get(g, 0) for g in self.done)

    def move(self) -> MeldCards | None:
        """Return the listed move the melds chosen make, if they make one."""
        chosen = Counter(self.done)
        return next((a for melds, a in self.ahead if melds == chosen), None)

    def next_melds(self) -> list[Group]:
        """Return the melds that may come next: a listed move holds them too."""
        chosen = Counter(self.done)
        out: dict[Group, None] = {}
        for melds, _ in self.ahead:
            for g in melds - chosen:
                out.setdefault(g)
        return list(out)

    def free(self) -> list[tuple[str, str]]:
        """Return the hand's cards not yet chosen, each with its value (see `copies`)."""
        left = Counter(self.view.hand) - Counter(c for g in self.done for c in cards_of(g))
        return copies(c for c in self.view.hand if _keep(left, c))

    def additions(self) -> dict[tuple[str, ...], list[Group]]:
        """Return the melds that may come next by their cards in hand order (a joker's reading
        apart: one set of cards may make several)."""
        out: dict[tuple[str, ...], list[Group]] = {}
        for g in self.next_melds():
            out.setdefault(in_hand_order(self.view, cards_of(g)), []).append(g)
        return out


def _keep(left: Counter[str], card: str) -> bool:
    """Count a card off the ones left; whether one was left."""
    if left[card] <= 0:
        return False
    left[card] -= 1
    return True


def cards_of(group: Group) -> list[str]:
    """Return a listed meld's cards as the hand holds them ("JK" for a joker)."""
    return [p.card.text for p in group]


def copies(cards: Iterable[str]) -> list[tuple[str, str]]:
    """Return each card with its select value: its text, the second copy of a face "7S.2"
    (the third of four jokers "JK.3"), so that a select's values stay unique."""
    seen: Counter[str] = Counter()
    out = []
    for card in cards:
        seen[card] += 1
        out.append((card if seen[card] == 1 else f"{card}{COPY}{seen[card]}", card))
    return out


def in_hand_order(view: R51Hand, cards: Iterable[str]) -> tuple[str, ...]:
    """Return the cards in the hand's order (the one way a builder's step writes them)."""
    return tuple(sorted(cards, key=view.hand.index))


def _add_text(view: R51Hand, values: Sequence[str]) -> str:
    """Return the builder's step for the cards chosen (their values, looked up in the hand)."""
    held = dict(copies(view.hand))
    if not set(values) <= held.keys():
        raise Refusal("error.move_unavailable")
    return said(ADD, ",".join(in_hand_order(view, (held[v] for v in values))))


def _build_steps(view: R51Hand, draft: Build) -> dict[str, Draft | None]:
    """Return the builder's steps: start again, the next meld's cards, a joker's reading."""
    plan = Builder(view, draft.done)
    out: dict[str, Draft | None] = {CLEAR: Build()} if draft.done else {}
    if draft.asked:
        for g in plan.additions().get(draft.asked, []):
            out[said(READ, group_text(g))] = Build((*draft.done, g))
        return out
    for cards, found in plan.additions().items():
        out[said(ADD, ",".join(cards))] = (Build((*draft.done, found[0])) if len(found) == 1
                                           else Build(draft.done, cards))
    return out


def _build_controls(view: R51Hand, draft: Build, locale: str) -> list[Control]:
    plan = Builder(view, draft.done)
    controls: list[Control] = [_back(locale)]
    if draft.done:
        controls.append(ButtonControl(CLEAR, t("ramino51.action.clear", locale), "secondary"))
    controls += _confirm(plan, locale) + _chosen(plan, locale)
    if draft.asked:
        options = [SelectOption(group_text(g), placed_text(g))
                   for g in plan.additions().get(draft.asked, [])]
        controls.append(SelectControl(READ, t("ramino51.read_placeholder", locale),
                                      options[:MAX_OPTIONS]))
        return controls
    usable = {c for g in plan.next_melds() for c in cards_of(g)}
    free = [(value, card) for value, card in plan.free() if card in usable]
    if len(free) >= 3:
        key = "ramino51.build_placeholder_open" if plan.minimum else "ramino51.build_placeholder"
        controls.append(SelectControl(
            ADD, t(key, locale, points=plan.value, minimum=plan.minimum),
            [SelectOption(value, card_text(card)) for value, card in free[:MAX_OPTIONS]],
            min_values=3, max_values=min(len(free), MAX_OPTIONS)))
    return controls


def _confirm(plan: Builder, locale: str) -> list[Control]:
    """Return the confirm: the listed move the melds chosen make, or greyed with what is
    missing (before opening: how many points more)."""
    value, minimum = plan.value, plan.minimum
    move = plan.move() if plan.done else None
    if move is None:
        label = (t("ramino51.action.put_down_short", locale, points=value, minimum=minimum,
                   left=max(minimum - value, 0)) if minimum
                 else t("ramino51.action.put_down_none", locale))
        return [ButtonControl("ui_confirm", label, "success", disabled=True)]
    label = (t("ramino51.action.put_down_open", locale, points=value, minimum=minimum) if minimum
             else t("ramino51.action.put_down", locale, points=value))
    text = str(move)
    if len(text) <= BUTTON_ACTION:
        return [ButtonControl(text, label, "success")]
    return [SelectControl("meld", label, [SelectOption(compact(melds_text(move.melds)), label)])]


def _chosen(plan: Builder, locale: str) -> list[Control]:
    """Return the melds chosen so far, each a greyed button saying its cards and value."""
    return [ButtonControl(f"ui_chosen{i}", cut(t("ramino51.chosen", locale,
                                                  cards=placed_text(g),
                                                  points=plan.values.get(g, 0)), BUTTON_LABEL),
                          "secondary", disabled=True)
            for i, g in enumerate(plan.done[:MAX_SHOWN]) if g in plan.groups]


# ----- lay-offs -----------------------------------------------------------------------------


def _layable(view: R51Hand) -> dict[str, list[LayOff]]:
    """Return the listed lay-offs by the card they start with, in the menu's order."""
    out: dict[str, list[LayOff]] = {}
    for a in listed(view, LayOff):
        out.setdefault(a.cards[0].card.text, []).append(a)
    return out


def _places(view: R51Hand, draft: Lay) -> list[LayOff]:
    """Return the lay-offs of the draft's card (on its meld, once chosen)."""
    lays = _layable(view).get(draft.card or "", [])
    return [a for a in lays if draft.meld is None or a.meld_id == draft.meld]


def _onto(view: R51Hand, draft: Lay) -> list[str]:
    """Return the melds to choose first for the draft's card ([] when its places fit one menu)."""
    places = _places(view, draft)
    if draft.meld is not None or len(places) <= MAX_OPTIONS:
        return []
    return list(dict.fromkeys(a.meld_id for a in places))[:MAX_OPTIONS]


def _lay_steps(view: R51Hand, draft: Lay) -> dict[str, Draft | None]:
    """Return the cards laid off in several places, then the melds to choose first."""
    if draft.card is None:
        cards = list(_layable(view).items())[:MAX_OPTIONS]
        return {said(CARD, card): Lay(card) for card, lays in cards if len(lays) > 1}
    return {said(ONTO, mid): Lay(draft.card, mid) for mid in _onto(view, draft)}


def _lay_controls(view: R51Hand, draft: Lay, locale: str) -> list[Control]:
    if draft.card is None:
        options = [SelectOption(c, card_text(c)) for c in list(_layable(view))[:MAX_OPTIONS]]
        return [_back(locale), SelectControl(CARD, t("ramino51.lay_placeholder", locale),
                                             options)]
    placeholder = t("ramino51.target_placeholder", locale, card=card_text(draft.card))
    onto = _onto(view, draft)
    if onto:  # a joker fits many places: the meld first
        return [_back(locale), SelectControl(ONTO, placeholder, [
            SelectOption(mid, t("ramino51.meld_id", locale, id=mid)) for mid in onto])]
    options = [SelectOption(compact(layoff_value(a)), layoff_label(view, a, locale))
               for a in _places(view, draft)[:MAX_OPTIONS]]
    return [_back(locale), *([SelectControl("layoff", placeholder, options)] if options else [])]


def layoff_label(view: R51Hand, action: LayOff, locale: str) -> str:
    """Return a lay-off's choice: the meld, and the joker's card or the end when said."""
    meld = next(m for m in view.table.melds if m.id == action.meld_id)
    label = t("ramino51.on_meld", locale, id=meld.id, cards=placed_text(meld.placed))
    stands = action.cards[0].as_
    if stands is not None:
        label += " " + t("ramino51.as_card", locale, card=card_text(stands.text))
    if action.end:
        label += " " + t(f"ramino51.end.{action.end}", locale)
    return label


# ----- joker swaps --------------------------------------------------------------------------


def destination(swap: SwapJoker) -> str:
    """Return where a swap puts the joker: a meld's id, or NEW for a new meld."""
    return NEW if swap.use.meld else swap.use.meld_id


def _swap_level(view: R51Hand, draft: Swap) -> tuple[str, list[SwapJoker]]:
    """Return the draft's swaps and the menu they go in: FROM (the meld first) or TO (where
    the joker goes first) while they pass one menu, else "swap" (the swaps themselves)."""
    swaps = [s for s in listed(view, SwapJoker) if draft.meld in (None, s.meld_id)
             and draft.dest in (None, destination(s))]
    if len(swaps) > MAX_OPTIONS and draft.meld is None:
        return FROM, swaps
    if len(swaps) > MAX_OPTIONS and draft.dest is None:
        return TO, swaps
    return "swap", swaps


def _narrowed(verb: str, swaps: Sequence[SwapJoker]) -> list[str]:
    """Return the values of a FROM menu (meld ids) or a TO menu (meld ids or NEW)."""
    found = (s.meld_id if verb == FROM else destination(s) for s in swaps)
    return list(dict.fromkeys(found))[:MAX_OPTIONS]


def _swap_steps(view: R51Hand, draft: Swap) -> dict[str, Draft | None]:
    """Return the steps narrowing the swaps: to a meld, then to where the joker goes."""
    verb, swaps = _swap_level(view, draft)
    if verb == FROM:
        return {said(FROM, mid): Swap(mid) for mid in _narrowed(FROM, swaps)}
    if verb == TO:
        return {said(TO, dest): Swap(draft.meld, dest) for dest in _narrowed(TO, swaps)}
    return {}


def _swap_controls(view: R51Hand, draft: Swap, locale: str) -> list[Control]:
    """Return the joker swaps, narrowed by meld, then by where the joker goes, to fit."""
    verb, swaps = _swap_level(view, draft)
    if verb == FROM:
        options = [SelectOption(mid, t("ramino51.meld_id", locale, id=mid))
                   for mid in _narrowed(FROM, swaps)]
        return [_back(locale), SelectControl(FROM, t("ramino51.from_placeholder", locale),
                                             options)]
    if verb == TO:
        options = [SelectOption(d, t("ramino51.new_meld", locale) if d == NEW
                                else t("ramino51.onto", locale, id=d))
                   for d in _narrowed(TO, swaps)]
        return [_back(locale), SelectControl(TO, t("ramino51.read_placeholder", locale),
                                             options)]
    options = [SelectOption(compact(swap_value(s)), swap_label(s, locale))
               for s in swaps[:MAX_OPTIONS]]
    return [_back(locale), *([SelectControl("swap", t("ramino51.swap_placeholder", locale),
                                            options)] if options else [])]


def swap_label(swap: SwapJoker, locale: str) -> str:
    """Return a joker swap's choice: the meld, the cards given, where the joker goes."""
    given = cards_text([c.text for c in swap.naturals])
    use = swap.use
    if use.meld:
        where = t("ramino51.into_new", locale, cards=placed_text(use.meld))
    else:
        where = t("ramino51.onto", locale, id=use.meld_id)
        if use.as_ is not None:
            where += " " + t("ramino51.as_card", locale, card=card_text(use.as_.text))
    return fit(t("ramino51.swap_choice", locale, id=swap.meld_id, cards=given, what=where), where)


# ----- shared words -------------------------------------------------------------------------


def meld_label(melds: Sequence[Group], value: int, minimum: int, locale: str) -> str:
    """Return a ready-made choice: its melds, and its value (of the minimum, before opening)."""
    shown = " + ".join(placed_text(g) for g in melds)
    if minimum:
        label = t("ramino51.opening_choice", locale, cards=shown, points=value, minimum=minimum)
    else:
        label = t("ramino51.meld_choice", locale, cards=shown, points=value)
    return fit(label, shown)


def fit(label: str, part: str) -> str:
    """Return the label within an option's 100 characters, `part` of it cut after a card."""
    over = len(label) - LABEL
    if over <= 0:
        return label
    kept = part[:max(len(part) - over - 2, 0)].rsplit(" ", 1)[0]
    return label.replace(part, kept + " …", 1)


def cut(text: str, most: int) -> str:
    """Return the text within `most` characters, cut after a word."""
    return text if len(text) <= most else text[:most - 2].rsplit(" ", 1)[0] + " …"


def compact(value: str) -> str:
    """Return a select's value for a listed move: as written, or a key to it when too long."""
    return value if len(value) <= VALUE else KEY + sha256(value.encode()).hexdigest()[:KEY_DIGITS]


def placed_text(group: Iterable[Placed]) -> str:
    """Write cards as the table shows them, a joker with the card it stands for: "🃏(8♥)"."""
    return " ".join(card_text(p.card.text) + (f"({card_text(p.as_.text)})" if p.as_ else "")
                    for p in group)


def declared_text(cards: Sequence[str]) -> str:
    """Write the cards an event names (laid off, given for a joker): "7♦ 🃏"."""
    return cards_text(cards)


def joker_cards(cards: Iterable[Placed]) -> list[str]:
    """Return the card each joker among these stands for, in order ("" when a set leaves it
    open): what the pictures write under a joker."""
    return [p.as_.text if p.as_ is not None else "" for p in cards if p.card.is_joker]


def _back(locale: str) -> ButtonControl:
    return ButtonControl(BACK, t("ramino51.action.back", locale), "secondary")
