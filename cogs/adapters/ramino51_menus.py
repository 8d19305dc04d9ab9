"""Ramino 51's hand menus: draw, exchange, ready-made melds, building a meld, lay-offs, jokers.

The menus work in steps kept as a draft string (see GameAdapter.step):

- "" the turn's main menu;
- "build" or "build:<meld>|<meld>" building melds card by card: the melds confirmed so far
  (as actions write them, "5D,JK=6D,7D"), then "?<cards>" while the player says how a joker
  of the last cards reads (only asked when it could read more than one way);
- "lay" (choose a card), "lay:<card>" (choose where it goes: meld, end, joker's card),
  "lay:<card>:<id>" (on that meld, when the places pass one menu);
- "swap" (choose the meld, when the swaps pass one menu), "swap:<id>" (its swaps, or where
  the joker goes when they pass one menu too), "swap:<id>:<meld id or new>" (those swaps).

A confirmed meld stays in the draft when the engine refuses the whole (an opening under the
minimum): the player adds to it or clears it. A move whose text passes a button's custom id
goes in a one-option select instead (its value is the move, or "now" for the close). A
listed opening or joker swap whose text passes an option's value goes in as "#<digest of
its text>", looked up among the listed moves when chosen; a long label is cut after a card,
its value kept.
"""

from __future__ import annotations

from collections.abc import Sequence
from hashlib import sha256
from itertools import product

from bot.i18n import card_text, cards_text, t
from cogs.adapters import ButtonControl, Control, SelectControl, SelectOption
from cogs.errors import Refusal
from engine.cards import Card, parse_cards
from engine.errors import IllegalMove, RulesError
from engine.ramino51 import melds as rules
from engine.ramino51.actions import Placed
from engine.ramino51.views import R51Hand

MAX_OPTIONS = 25  # Discord's limit on a select menu's options
# What a button's custom id leaves for its action ("rm:<19-digit id>:act:<version>:" takes
# 37 of the 100 characters); a longer move goes in a select's value (100 characters).
BUTTON_ACTION = 60
VALUE = LABEL = 100  # a select option's value and label
KEY, KEY_DIGITS = "#", 20  # "#<digest>": a listed move whose text passes VALUE
COPY = "."  # "7S.2": the second copy of a face, so a select's values stay unique


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
    if "draw" in view.legal:
        controls.append(ButtonControl("draw", t(_draw_label(view), locale)))
    if "take" in view.legal and view.table.pile_top:
        controls.append(ButtonControl("take", t("action.take_discard", locale,
                                                card=card_text(view.table.pile_top)),
                                      "success"))
    controls += _close(view, locale) + _exchange(view, locale)
    return controls


def _draw_label(view: R51Hand) -> str:
    """Say on the button what drawing from an empty stock does: rebuild it, or void the hand."""
    if view.table.stock:
        return "action.draw_stock"
    return "ramino.action.draw_void" if view.table.draw_voids else "ramino.action.draw_rebuild"


def _play_controls(view: R51Hand, locale: str) -> list[Control]:
    legal = view.legal
    controls: list[Control] = _close(view, locale)
    if len(view.hand) > 3:  # three for a meld and one kept for the discard
        controls.append(ButtonControl("ui_build", t("r51.action.build", locale), "secondary"))
    if any(a.startswith("layoff ") for a in legal):
        controls.append(ButtonControl("ui_lay", t("r51.action.lay", locale), "secondary"))
    if any(a.startswith("swap ") for a in legal):
        controls.append(ButtonControl("ui_swap", t("r51.action.swap", locale), "secondary"))
    controls += _ready_melds(view, locale) + _discards(view, locale) + _exchange(view, locale)
    selects = [c for c in controls if isinstance(c, SelectControl)]
    # One row of buttons and three selects fill the hand's five rows with the sort button.
    return [c for c in controls if isinstance(c, ButtonControl)] + selects[:3]


def _close(view: R51Hand, locale: str) -> list[Control]:
    """Return the close in hand the engine found, naming its discard (one click)."""
    if view.close is None:
        return []
    discard = view.close.rsplit(" ", 1)[1]
    key = "r51.action.close_exchange" if view.close.startswith("close exchange") else (
        "r51.action.close")
    label = t(key, locale, card=card_text(discard))
    if len(view.close) <= BUTTON_ACTION:
        return [ButtonControl(view.close, label, "danger")]
    return [SelectControl("close", label, [SelectOption("now", label)])]


def _exchange(view: R51Hand, locale: str) -> list[Control]:
    cards = [a.split()[1] for a in view.legal if a.startswith("exchange ")]
    if not cards or not view.table.exchange:
        return []
    got = card_text(view.table.exchange)
    options = [SelectOption(c, t("r51.exchange_card", locale, card=card_text(c), got=got))
               for c in cards[:MAX_OPTIONS]]
    return [SelectControl("exchange", t("r51.exchange_placeholder", locale, got=got), options)]


def _discards(view: R51Hand, locale: str) -> list[Control]:
    cards = [a.split()[1] for a in view.legal if a.startswith("discard ")]
    if not cards:
        return []
    options = [SelectOption(c, t("action.discard_card", locale, card=card_text(c)))
               for c in cards[:MAX_OPTIONS]]
    return [SelectControl("discard", t("action.discard_placeholder", locale), options)]


def _ready_melds(view: R51Hand, locale: str) -> list[Control]:
    """Return the listed openings (or single melds once opened), the richest first."""
    found = [a.removeprefix("meld ") for a in view.legal if a.startswith("meld ")]
    if not found:
        return []
    scored = sorted(((melds_value(m.split()), m) for m in found), key=lambda p: -p[0])
    minimum = view.best.minimum
    options = [SelectOption(compact(m), meld_label(m.split(), value, minimum, locale))
               for value, m in scored[:MAX_OPTIONS]]
    key = "r51.open_placeholder" if minimum else "r51.meld_placeholder"
    return [SelectControl("meld", t(key, locale, minimum=minimum), options)]


# ----- building melds -------------------------------------------------------------------------


def _pending(draft: str) -> tuple[list[str], str]:
    """Return the melds confirmed in a build draft and the cards awaiting a joker's reading."""
    body = draft.removeprefix("build").removeprefix(":")
    body, _, asked = body.partition("?")
    return [m for m in body.split("|") if m], asked


def _build_controls(view: R51Hand, draft: str, locale: str) -> list[Control]:
    done, asked = _pending(draft)
    minimum = view.best.minimum
    value = melds_value(done)
    controls: list[Control] = [_back(locale)]
    if done:
        controls.append(ButtonControl("ui_clear", t("r51.action.clear", locale), "secondary"))
        controls += _put_down(done, value, minimum, locale)
    if asked:
        controls.append(SelectControl("ui_read", t("r51.read_placeholder", locale), [
            SelectOption(r, cards_label(r.split(","), locale))
            for r in readings(asked.split(","))][:MAX_OPTIONS]))
        return controls
    free = _free(view.hand, done)
    if len(free) >= 3:
        key = "r51.build_placeholder_open" if minimum else "r51.build_placeholder"
        controls.append(SelectControl(
            "ui_add", t(key, locale, points=value, minimum=minimum),
            [SelectOption(v, card_text(v.partition(COPY)[0])) for v in free[:MAX_OPTIONS]],
            min_values=3, max_values=min(len(free), MAX_OPTIONS)))
    return controls


def _put_down(done: list[str], value: int, minimum: int, locale: str) -> list[Control]:
    """Return the control that sends the confirmed melds: a button, or a select if long."""
    label = (t("r51.action.put_down_open", locale, points=value, minimum=minimum) if minimum
             else t("r51.action.put_down", locale, points=value))
    action = "meld " + " ".join(done)
    if len(action) <= BUTTON_ACTION:
        return [ButtonControl(action, label, "success")]
    return [SelectControl("meld", label, [SelectOption(" ".join(done), label)])]


def _free(hand: Sequence[str], done: Sequence[str]) -> list[str]:
    """Return the hand's cards not yet in a confirmed meld, a second copy marked ".2"."""
    left = list(hand)
    for meld in done:
        for card in meld.split(","):
            left.remove(card.partition("=")[0])
    out: list[str] = []
    for card in left:
        out.append(card if card not in out else card + COPY + "2")
    return out


def readings(cards: Sequence[str]) -> list[str]:
    """Return each way the cards read as one meld (a joker's place in a run), as actions say."""
    found: dict[tuple[str, ...], str] = {}
    for naturals in _orders([c for c in cards if c != "JK"]):
        jokers = len(cards) - len(naturals)
        for places in product(range(len(naturals) + 1), repeat=jokers):
            group = list(naturals)
            for at in sorted(places, reverse=True):
                group.insert(at, "JK")
            try:
                read = rules.to_group(rules.read_meld(placed(group)))
            except RulesError:
                continue
            text = [str(p) for p in read]
            found.setdefault(tuple(sorted(text)), ",".join(text))  # a set's joker: one reading
    return list(found.values())


def _orders(naturals: list[str]) -> list[list[str]]:
    """Return the natural cards in rank order, the ace low and (if held) high."""
    low = sorted(naturals, key=lambda c: Card.parse(c).rank)
    high = sorted(naturals, key=lambda c: Card.parse(c).rank if Card.parse(c).rank > 1 else 14)
    return [low] if low == high else [low, high]


def add_meld(view: R51Hand, draft: str, values: Sequence[str]) -> str:
    """Return the build draft with the chosen cards confirmed as a meld (or asked about)."""
    done, _ = _pending(draft)
    if not {v for v in values} <= set(_free(view.hand, done)):
        raise Refusal("error.move_unavailable")
    cards = [v.partition(COPY)[0] for v in values]
    found = readings(cards)
    if not found:
        rules.read_meld(placed(cards))  # says why, in the refusal
        raise IllegalMove("these cards make no meld")
    if len(found) > 1:
        return f"build:{'|'.join(done)}?{','.join(cards)}"
    return "build:" + "|".join([*done, found[0]])


def read_joker(draft: str, reading: str) -> str:
    """Return the build draft with the asked cards confirmed in the reading chosen."""
    done, asked = _pending(draft)
    if not asked or reading not in readings(asked.split(",")):
        raise Refusal("error.move_unavailable")
    return "build:" + "|".join([*done, reading])


# ----- lay-offs and jokers ------------------------------------------------------------------


def _lay_controls(view: R51Hand, draft: str, locale: str) -> list[Control]:
    lays = [a.removeprefix("layoff ") for a in view.legal if a.startswith("layoff ")]
    if draft.startswith("lay:"):
        card, _, mid = draft[4:].partition(":")
        mine = [a for a in lays if a.split()[0].partition("=")[0] == card
                and (not mid or a.split()[1] == mid)]
        if len(mine) > MAX_OPTIONS:  # a joker fits many places: the meld first
            ids = list(dict.fromkeys(a.split()[1] for a in mine))
            return [_back(locale), SelectControl("ui_onto", t("r51.target_placeholder", locale,
                                                              card=card_text(card)), [
                SelectOption(i, t("r51.meld_id", locale, id=i)) for i in ids][:MAX_OPTIONS])]
        options = [SelectOption(a, layoff_label(view, a, locale)) for a in mine]
        return [_back(locale), SelectControl("layoff", t("r51.target_placeholder", locale,
                                                         card=card_text(card)),
                                             options[:MAX_OPTIONS])]
    cards = list(dict.fromkeys(a.split()[0].partition("=")[0] for a in lays))
    options = [SelectOption(c, card_text(c)) for c in cards[:MAX_OPTIONS]]
    return [_back(locale), SelectControl("ui_card", t("r51.lay_placeholder", locale), options)]


def layoff_label(view: R51Hand, action: str, locale: str) -> str:
    """Return a lay-off's choice: the meld, and the joker's card or the end when said."""
    words = action.split()
    meld = next(m for m in view.table.melds if m.id == words[1])
    label = t("r51.on_meld", locale, id=meld.id, cards=declared_text(meld.declared))
    stands = words[0].partition("=")[2]
    if stands:
        label += " " + t("r51.as_card", locale, card=card_text(stands))
    if len(words) > 2:
        label += " " + t(f"r51.end.{words[2]}", locale)
    return label


def _swap_controls(view: R51Hand, draft: str, locale: str) -> list[Control]:
    """Return the joker swaps, narrowed by meld, then by where the joker goes, to fit."""
    swaps = [a.removeprefix("swap ") for a in view.legal if a.startswith("swap ")]
    mid, _, dest = draft.removeprefix("swap").removeprefix(":").partition(":")
    if mid:
        swaps = [s for s in swaps if s.split()[0] == mid]
    if dest:
        swaps = [s for s in swaps if _destination(s) == dest]
    if len(swaps) > MAX_OPTIONS and not mid:
        ids = list(dict.fromkeys(s.split()[0] for s in swaps))
        options = [SelectOption(i, t("r51.meld_id", locale, id=i)) for i in ids]
        return [_back(locale), SelectControl("ui_from", t("r51.from_placeholder", locale),
                                             options[:MAX_OPTIONS])]
    if len(swaps) > MAX_OPTIONS and not dest:
        dests = list(dict.fromkeys(_destination(s) for s in swaps))
        options = [SelectOption(d, t("r51.new_meld", locale) if d == "new"
                                else t("r51.onto", locale, id=d)) for d in dests]
        return [_back(locale), SelectControl("ui_to", t("r51.read_placeholder", locale),
                                             options[:MAX_OPTIONS])]
    options = [SelectOption(compact(s), swap_label(s, locale)) for s in swaps]
    return [_back(locale), SelectControl("swap", t("r51.swap_placeholder", locale),
                                         options[:MAX_OPTIONS])]


def _destination(swap: str) -> str:
    """Return where a swap puts the joker: a meld's id, or "new" for a new meld."""
    words = swap.split()
    return "new" if words[2] == "meld" else words[3]


def swap_label(swap: str, locale: str) -> str:
    """Return a joker swap's choice: the meld, the cards given, where the joker goes."""
    words = swap.split()
    given = cards_text(words[1].split(","))
    if words[2] == "meld":
        where = t("r51.into_new", locale, cards=declared_text(words[3].split(",")))
    else:
        where = t("r51.onto", locale, id=words[3])
        if len(words) > 4:
            where += " " + t("r51.as_card", locale, card=card_text(words[4]))
    return fit(t("r51.swap_choice", locale, id=words[0], cards=given, what=where), where)


# ----- shared words -------------------------------------------------------------------------


def melds_value(groups: Sequence[str]) -> int:
    """Return the opening value of melds as actions write them."""
    return sum(rules.meld_value(rules.read_meld(placed(g.split(","))))
               for g in groups)


def placed(cards: Sequence[str]) -> tuple[Placed, ...]:
    """Parse a meld's cards as an action writes them, a second joker (or twin) its own copy."""
    read = [Placed.parse(c) for c in cards]
    copies = parse_cards(" ".join(str(p.card) for p in read))  # "JK JK": two jokers
    return tuple(Placed(c, p.as_) for c, p in zip(copies, read))


def meld_label(groups: Sequence[str], value: int, minimum: int, locale: str) -> str:
    """Return a ready-made choice: its melds, and its value (of the minimum, before opening)."""
    shown = " + ".join(declared_text(g.split(",")) for g in groups)
    if minimum:
        label = t("r51.opening_choice", locale, cards=shown, points=value, minimum=minimum)
    else:
        label = t("r51.meld_choice", locale, cards=shown, points=value)
    return fit(label, shown)


def fit(label: str, part: str) -> str:
    """Return the label within an option's 100 characters, `part` of it cut after a card."""
    over = len(label) - LABEL
    if over <= 0:
        return label
    kept = part[:max(len(part) - over - 2, 0)].rsplit(" ", 1)[0]
    return label.replace(part, kept + " …", 1)


def compact(move: str) -> str:
    """Return a select's value for a listed move: its text, or a key to it when too long."""
    return move if len(move) <= VALUE else KEY + sha256(move.encode()).hexdigest()[:KEY_DIGITS]


def expand(view: R51Hand, verb: str, value: str) -> str:
    """Return the move a select's value names, a key looked up among the listed moves."""
    if not value.startswith(KEY):
        return f"{verb} {value}"
    # the host checked the version: the listing is the one the select was made from
    found = (a for a in view.legal if a.startswith(verb + " ")
             and compact(a.removeprefix(verb + " ")) == value)
    move = next(found, None)
    if move is None:
        raise Refusal("error.move_unavailable")
    return move


def declared_text(cards: Sequence[str]) -> str:
    """Write cards as a meld shows them, a joker with the card it stands for: "🃏(8♥)"."""
    return " ".join(_declared(c) for c in cards)


def _declared(card: str) -> str:
    name, _, stands = card.partition("=")
    return card_text(name) + (f"({card_text(stands)})" if stands else "")


def cards_label(cards: Sequence[str], locale: str) -> str:
    """Return one reading of a meld as a choice."""
    return declared_text(cards)


def _back(locale: str) -> ButtonControl:
    return ButtonControl("ui_back", t("r51.action.back", locale), "secondary")


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
        return read_joker(draft, value)
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
    if verb == "close" and view.close is not None:
        return view.close
    if verb in ("meld", "swap"):
        return expand(view, verb, values[0])
    if verb == "ui_card":
        targets = [a for a in view.legal if a.startswith("layoff ")
                   and a.split()[1].partition("=")[0] == values[0]]
        return targets[0] if len(targets) == 1 else f"ui_card {values[0]}"
    return f"{verb} {values[0]}"
