"""Ramino 51's hand menus: draw, exchange, ready-made melds, building melds, lay-offs, jokers.

Every choice comes from the seat's legal moves as the engine lists them (`R51Hand.moves`,
typed, with their texts in `R51Hand.legal` and each listed meld's value in
`R51Hand.values`): a button or an option stands for a listed move, or for a step towards
listed moves, never for a reading of the rules here. A move becomes text only to travel in
a custom id (its listed text), and the engine parses it back.

The menus work in steps kept as a draft string (see GameAdapter.step):

- "" the turn's main menu;
- "build" or "build:<meld>|<meld>" building melds card by card: the melds chosen so far,
  as the listed moves write them ("5D,JK=6D,7D"), then "?<cards>" while the player says
  which of the listed melds of these cards he means (a joker's place). Before opening the
  melds chosen are part of a listed opening and its confirm button stays greyed until they
  are one; once opened, one meld (a listed one) is put down at a time;
- "lay" (choose a card), "lay:<card>" (choose where it goes: meld, end, joker's card),
  "lay:<card>:<id>" (on that meld, when the places pass one menu);
- "swap" (choose the meld, when the swaps pass one menu), "swap:<id>" (its swaps, or where
  the joker goes when they pass one menu too), "swap:<id>:<meld id or new>" (those swaps).

A move whose text passes a button's custom id goes in a one-option select instead (its value
is the move, or "now" for the close). A listed opening or joker swap whose text passes an
option's value goes in as "#<digest of its text>", looked up among the listed moves when
chosen; a long label is cut after a card, its value kept.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from hashlib import sha256
from typing import TypeVar

from bot.i18n import card_text, cards_text, t
from cogs.adapters import ButtonControl, Control, SelectControl, SelectOption
from cogs.errors import Refusal
from engine.errors import IllegalMove
from engine.ramino51 import (
    CloseInHand,
    Discard,
    DrawStock,
    LayOff,
    MeldCards,
    Ramino51Action,
    SwapExchange,
    SwapJoker,
    TakeDiscard,
)
from engine.ramino51.actions import Group, Placed, group_text
from engine.ramino51.views import R51Hand

MAX_OPTIONS = 25  # Discord's limit on a select menu's options
# What a button's custom id leaves for its action ("rm:<19-digit id>:act:<version>:" takes
# 37 of the 100 characters); a longer move goes in a select's value (100 characters).
BUTTON_ACTION = 60
VALUE = LABEL = 100  # a select option's value and label
KEY, KEY_DIGITS = "#", 20  # "#<digest>": a listed move whose text passes VALUE
COPY = "."  # "7S.2": the second copy of a face, so a select's values stay unique
MAX_SHOWN = 4  # chosen melds shown as greyed buttons in the builder (a hand holds 15 cards)
BUTTON_LABEL = 80  # Discord's limit on a button's label

ActionT = TypeVar("ActionT", bound=Ramino51Action)


def listed(view: R51Hand, kind: type[ActionT]) -> list[tuple[ActionT, str]]:
    """Return the listed moves of one kind, each with its text."""
    return [(a, text) for a, text in zip(view.moves, view.legal) if isinstance(a, kind)]


def offered(view: R51Hand, kind: type[Ramino51Action]) -> bool:
    """Whether a move of that kind is listed."""
    return any(isinstance(a, kind) for a in view.moves)


def hand_controls(view: R51Hand, locale: str, draft: str) -> list[Control]:
    """Return the controls of the seat's step of the menus."""
    if draft.startswith("build"):
        return _build_controls(view, draft, locale)
    if draft.startswith("lay"):
        return _lay_controls(view, draft, locale)
    if draft.startswith("swap"):
        return _swap_controls(view, draft, locale)
    if view.table.phase == "draw":
        return _draw_controls(view, locale)
    return _play_controls(view, locale)


# ----- the main menus -----------------------------------------------------------------------


def _draw_controls(view: R51Hand, locale: str) -> list[Control]:
    controls: list[Control] = []
    if offered(view, DrawStock):
        controls.append(ButtonControl("draw", t(_draw_label(view), locale)))
    if offered(view, TakeDiscard) and view.table.pile_top:
        controls.append(ButtonControl("take", t("action.take_discard", locale,
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
    for kind, action, key in ((MeldCards, "ui_build", "ramino51.action.build"),
                              (LayOff, "ui_lay", "ramino51.action.lay"),
                              (SwapJoker, "ui_swap", "ramino51.action.swap")):
        if offered(view, kind):
            controls.append(ButtonControl(action, t(key, locale), "secondary"))
    controls += _ready_melds(view, locale) + _discards(view, locale) + _exchange(view, locale)
    selects = [c for c in controls if isinstance(c, SelectControl)]
    # One row of buttons and three selects fill the hand's five rows with the sort button.
    return [c for c in controls if isinstance(c, ButtonControl)] + selects[:3]


def _close(view: R51Hand, locale: str) -> list[Control]:
    """Return the close in hand the engine listed, naming its discard (one click)."""
    found = listed(view, CloseInHand)
    if not found:
        return []
    close, text = found[0]
    key = "ramino51.action.close_exchange" if close.take_exchange else "ramino51.action.close"
    label = t(key, locale, card=card_text(close.discard.text))
    if len(text) <= BUTTON_ACTION:
        return [ButtonControl(text, label, "danger")]
    return [SelectControl("close", label, [SelectOption("now", label)])]


def _exchange(view: R51Hand, locale: str) -> list[Control]:
    """Return the listed swaps of the exchange card (never for its twin: no exchange)."""
    cards = [a.card.text for a, _ in listed(view, SwapExchange)]
    if not cards or not view.table.exchange:
        return []
    got = card_text(view.table.exchange)
    options = [SelectOption(c, t("ramino51.exchange_card", locale, card=card_text(c), got=got))
               for c in cards[:MAX_OPTIONS]]
    return [SelectControl("exchange", t("ramino51.exchange_placeholder", locale, got=got), options)]


def _discards(view: R51Hand, locale: str) -> list[Control]:
    cards = [a.card.text for a, _ in listed(view, Discard)]
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
    scored = sorted(((sum(values[group_text(g)] for g in a.melds), a.melds, text)
                     for a, text in found), key=lambda p: -p[0])
    minimum = view.best.minimum
    options = [SelectOption(compact(text.removeprefix("meld ")),
                            meld_label(melds, value, minimum, locale))
               for value, melds, text in scored[:MAX_OPTIONS]]
    key = "ramino51.open_placeholder" if minimum else "ramino51.meld_placeholder"
    return [SelectControl("meld", t(key, locale, minimum=minimum), options)]


# ----- building melds -------------------------------------------------------------------------


class Builder:
    """The melds chosen in a build draft, against the listed meld moves: what may come next,
    and the listed move they make, if they make one."""

    def __init__(self, view: R51Hand, done: Sequence[str]) -> None:
        self.view, self.done = view, list(done)
        self.values = dict(view.values)
        self.minimum = view.best.minimum
        chosen = Counter(done)
        # the listed meld moves holding every meld chosen so far (each as its melds' texts)
        self.ahead = [(Counter(group_text(g) for g in a.melds), a, text)
                      for a, text in listed(view, MeldCards)]
        self.ahead = [(melds, a, text) for melds, a, text in self.ahead if not chosen - melds]
        self.groups = {group_text(g): g for _, a, _ in self.ahead for g in a.melds}

    @property
    def value(self) -> int:
        """What the melds chosen are worth for the opening."""
        return sum(self.values.get(g, 0) for g in self.done)

    def move(self) -> str | None:
        """Return the listed move the melds chosen make (its text), if they make one."""
        chosen = Counter(self.done)
        return next((text for melds, _, text in self.ahead if melds == chosen), None)

    def next_melds(self) -> list[str]:
        """Return the melds (their texts) that may come next: a listed move holds them too."""
        chosen = Counter(self.done)
        out: dict[str, None] = {}
        for melds, _, _ in self.ahead:
            for g in melds - chosen:
                out.setdefault(g)
        return list(out)

    def cards(self, text: str) -> list[str]:
        """Return a listed meld's cards as the hand holds them ("JK" for a joker)."""
        return [p.card.text for p in self.groups[text]]

    def free(self) -> list[str]:
        """Return the hand's cards not yet chosen, a second copy marked ".2"."""
        left = Counter(self.view.hand) - Counter(c for g in self.done for c in self.cards(g))
        out: list[str] = []
        for card in self.view.hand:
            if left[card] > 0:
                left[card] -= 1
                out.append(card if card not in out else card + COPY + "2")
        return out

    def matching(self, cards: Sequence[str]) -> list[str]:
        """Return the melds that may come next made of exactly these cards."""
        wanted = Counter(cards)
        return [g for g in self.next_melds() if Counter(self.cards(g)) == wanted]


def _pending(draft: str) -> tuple[list[str], str]:
    """Return the melds confirmed in a build draft and the cards awaiting their reading."""
    body = draft.removeprefix("build").removeprefix(":")
    body, _, asked = body.partition("?")
    return [m for m in body.split("|") if m], asked


def _build_controls(view: R51Hand, draft: str, locale: str) -> list[Control]:
    done, asked = _pending(draft)
    plan = Builder(view, done)
    controls: list[Control] = [_back(locale)]
    if done:
        controls.append(ButtonControl("ui_clear", t("ramino51.action.clear", locale), "secondary"))
    controls += _confirm(plan, locale) + _chosen(plan, locale)
    if asked:
        options = [SelectOption(g, placed_text(plan.groups[g]))
                   for g in plan.matching(asked.split(","))]
        controls.append(SelectControl("ui_read", t("ramino51.read_placeholder", locale),
                                      options[:MAX_OPTIONS]))
        return controls
    usable = {c for g in plan.next_melds() for c in plan.cards(g)}
    free = [v for v in plan.free() if v.partition(COPY)[0] in usable]
    if len(free) >= 3:
        key = "ramino51.build_placeholder_open" if plan.minimum else "ramino51.build_placeholder"
        controls.append(SelectControl(
            "ui_add", t(key, locale, points=plan.value, minimum=plan.minimum),
            [SelectOption(v, card_text(v.partition(COPY)[0])) for v in free[:MAX_OPTIONS]],
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
    if len(move) <= BUTTON_ACTION:
        return [ButtonControl(move, label, "success")]
    return [SelectControl("meld", label, [SelectOption(compact(move.removeprefix("meld ")),
                                                       label)])]


def _chosen(plan: Builder, locale: str) -> list[Control]:
    """Return the melds chosen so far, each a greyed button saying its cards and value."""
    return [ButtonControl(f"ui_chosen{i}", cut(t("ramino51.chosen", locale,
                                                  cards=placed_text(plan.groups[g]),
                                                  points=plan.values.get(g, 0)), BUTTON_LABEL),
                          "secondary", disabled=True)
            for i, g in enumerate(plan.done[:MAX_SHOWN]) if g in plan.groups]


def add_meld(view: R51Hand, draft: str, values: Sequence[str]) -> str:
    """Return the build draft with the chosen cards confirmed as a meld (or asked about)."""
    done, _ = _pending(draft)
    plan = Builder(view, done)
    if not set(values) <= set(plan.free()):
        raise Refusal("error.move_unavailable")
    cards = [v.partition(COPY)[0] for v in values]
    found = plan.matching(cards)
    if not found:
        raise Refusal("ramino51.no_meld_here")
    if len(found) > 1:
        return f"build:{'|'.join(done)}?{','.join(cards)}"
    return "build:" + "|".join([*done, found[0]])


def read_joker(view: R51Hand, draft: str, reading: str) -> str:
    """Return the build draft with the asked cards confirmed as the meld chosen."""
    done, asked = _pending(draft)
    if not asked or reading not in Builder(view, done).matching(asked.split(",")):
        raise Refusal("error.move_unavailable")
    return "build:" + "|".join([*done, reading])


# ----- lay-offs and jokers ------------------------------------------------------------------


def _lay_controls(view: R51Hand, draft: str, locale: str) -> list[Control]:
    lays = listed(view, LayOff)
    if draft.startswith("lay:"):
        card, _, mid = draft[4:].partition(":")
        mine = [(a, text) for a, text in lays if a.cards[0].card.text == card
                and (not mid or a.meld_id == mid)]
        if len(mine) > MAX_OPTIONS:  # a joker fits many places: the meld first
            ids = list(dict.fromkeys(a.meld_id for a, _ in mine))
            return [_back(locale), SelectControl("ui_onto", t("ramino51.target_placeholder", locale,
                                                              card=card_text(card)), [
                SelectOption(i, t("ramino51.meld_id", locale, id=i)) for i in ids][:MAX_OPTIONS])]
        options = [SelectOption(text.removeprefix("layoff "), layoff_label(view, a, locale))
                   for a, text in mine]
        return [_back(locale), SelectControl("layoff", t("ramino51.target_placeholder", locale,
                                                         card=card_text(card)),
                                             options[:MAX_OPTIONS])]
    cards = list(dict.fromkeys(a.cards[0].card.text for a, _ in lays))
    options = [SelectOption(c, card_text(c)) for c in cards[:MAX_OPTIONS]]
    return [_back(locale), SelectControl("ui_card", t("ramino51.lay_placeholder", locale), options)]


def layoff_label(view: R51Hand, action: LayOff, locale: str) -> str:
    """Return a lay-off's choice: the meld, and the joker's card or the end when said."""
    meld = next(m for m in view.table.melds if m.id == action.meld_id)
    label = t("ramino51.on_meld", locale, id=meld.id, cards=declared_text(meld.declared))
    stands = action.cards[0].as_
    if stands is not None:
        label += " " + t("ramino51.as_card", locale, card=card_text(stands.text))
    if action.end:
        label += " " + t(f"ramino51.end.{action.end}", locale)
    return label


def _swap_controls(view: R51Hand, draft: str, locale: str) -> list[Control]:
    """Return the joker swaps, narrowed by meld, then by where the joker goes, to fit."""
    swaps = listed(view, SwapJoker)
    mid, _, dest = draft.removeprefix("swap").removeprefix(":").partition(":")
    if mid:
        swaps = [(s, text) for s, text in swaps if s.meld_id == mid]
    if dest:
        swaps = [(s, text) for s, text in swaps if destination(s) == dest]
    if len(swaps) > MAX_OPTIONS and not mid:
        ids = list(dict.fromkeys(s.meld_id for s, _ in swaps))
        options = [SelectOption(i, t("ramino51.meld_id", locale, id=i)) for i in ids]
        return [_back(locale), SelectControl("ui_from", t("ramino51.from_placeholder", locale),
                                             options[:MAX_OPTIONS])]
    if len(swaps) > MAX_OPTIONS and not dest:
        dests = list(dict.fromkeys(destination(s) for s, _ in swaps))
        options = [SelectOption(d, t("ramino51.new_meld", locale) if d == "new"
                                else t("ramino51.onto", locale, id=d)) for d in dests]
        return [_back(locale), SelectControl("ui_to", t("ramino51.read_placeholder", locale),
                                             options[:MAX_OPTIONS])]
    options = [SelectOption(compact(text.removeprefix("swap ")), swap_label(s, locale))
               for s, text in swaps]
    return [_back(locale), SelectControl("swap", t("ramino51.swap_placeholder", locale),
                                         options[:MAX_OPTIONS])]


def destination(swap: SwapJoker) -> str:
    """Return where a swap puts the joker: a meld's id, or "new" for a new meld."""
    return "new" if swap.use.meld else swap.use.meld_id


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


def compact(move: str) -> str:
    """Return a select's value for a listed move: its text, or a key to it when too long."""
    return move if len(move) <= VALUE else KEY + sha256(move.encode()).hexdigest()[:KEY_DIGITS]


# The selects whose values may be keys to a listed move, and the moves they list.
_KEYED: dict[str, type[Ramino51Action]] = {"meld": MeldCards, "swap": SwapJoker}


def expand(view: R51Hand, verb: str, value: str) -> str:
    """Return the move a select's value names, a key looked up among the listed moves."""
    if not value.startswith(KEY):
        return f"{verb} {value}"
    # the host checked the version: the listing is the one the select was made from
    kind = _KEYED[verb]
    found = (text for _, text in listed(view, kind)
             if compact(text.removeprefix(verb + " ")) == value)
    move = next(found, None)
    if move is None:
        raise Refusal("error.move_unavailable")
    return move


def placed_text(group: Sequence[Placed]) -> str:
    """Write a meld of a move as the table shows it, a joker with its card: "🃏(8♥)"."""
    return " ".join(card_text(p.card.text) + (f"({card_text(p.as_.text)})" if p.as_ else "")
                    for p in group)


def declared_text(cards: Sequence[str]) -> str:
    """Write a table meld's cards as its view declares them ("JK=8H"): "🃏(8♥)"."""
    return " ".join(_declared(c) for c in cards)


def _declared(card: str) -> str:
    name, _, stands = card.partition("=")
    return card_text(name) + (f"({card_text(stands)})" if stands else "")


def _back(locale: str) -> ButtonControl:
    return ButtonControl("ui_back", t("ramino51.action.back", locale), "secondary")


# Steps that open a menu whatever the draft, and steps that add the value chosen to a draft.
_OPEN = {"ui_back": "", "ui_build": "build", "ui_clear": "build", "ui_lay": "lay",
         "ui_swap": "swap"}
_NARROW = {"ui_card": "lay", "ui_from": "swap"}  # from the menu's first level
_DEEPER = ("ui_onto", "ui_to")  # one level deeper than the draft


def step_draft(view: R51Hand, draft: str, text: str) -> str:
    """Return the new draft after a menu step."""
    verb, _, value = text.partition(" ")
    if verb == "ui_add":
        return add_meld(view, draft, value.split(","))
    if verb == "ui_read":
        return read_joker(view, draft, value)
    if verb in _OPEN:
        return _OPEN[verb]
    if verb in _NARROW:
        return f"{_NARROW[verb]}:{value}"
    if verb in _DEEPER:
        return f"{draft}:{value}"
    raise IllegalMove("no such step", action=text)


def compose_move(view: R51Hand, verb: str, values: Sequence[str]) -> str:
    """Return the move (or step) a select sends from its chosen values."""
    if verb == "ui_add":
        return "ui_add " + ",".join(values)
    close = listed(view, CloseInHand)
    if verb == "close" and close:
        return close[0][1]
    if verb in ("meld", "swap"):
        return expand(view, verb, values[0])
    if verb == "ui_card":
        targets = [text for a, text in listed(view, LayOff)
                   if a.cards[0].card.text == values[0]]
        return targets[0] if len(targets) == 1 else f"ui_card {values[0]}"
    return f"{verb} {values[0]}"
