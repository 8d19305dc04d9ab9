"""Canasta's hand menus: draw two, take the pile, open, meld a rank, add to a side meld, discard.

The menus work in steps kept as a draft string (see GameAdapter.step):

- "" the turn's main menu: the ready-made moves the engine lists (openings, pile takes, new
  melds, additions) in selects, and buttons to build one by hand;
- "build" or "build:<meld>|<meld>" building melds rank by rank (as actions write them,
  "KS,KH,KD,2C"): a rank puts down all its natural cards, a wild card joins the last meld.
  Before the side has opened the melds make an opening (the sum and the minimum shown);
  after, the last meld alone is put down;
- "add" (choose one of the side's melds), "add:<id>" (choose the cards that go on it).

A refusal keeps the draft: the player adds to it, clears it or goes back. A move whose text
passes a button's custom id goes in a one-option select instead.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import card_text, cards_text, t
from cogs.adapters import ButtonControl, Control, SelectControl, SelectOption, Style
from cogs.errors import Refusal
from engine.canasta.melds import card_value
from engine.canasta.views import CanastaHand, MeldView, SideView
from engine.cards import Card
from engine.errors import IllegalMove

MAX_OPTIONS = 25  # Discord's limit on a select menu's options
BUTTON_ACTION = 60  # what a button's custom id leaves for its action (ramino51_menus)
VALUE = 100  # a select option's value
COPY = "."  # "7S.2": the second copy of a face, so a select's values stay unique
WILD_RANKS = ("JK", "2")


def hand_controls(view: CanastaHand, locale: str, draft: str) -> list[Control]:
    """Return the controls of the seat's step of the menus."""
    if draft.startswith("build"):
        return _build_controls(view, draft, locale)
    if draft.startswith("add"):
        return _add_controls(view, draft, locale)
    if view.table.phase == "acquire":
        return _acquire_controls(view, locale)
    return _play_controls(view, locale)


# ----- the main menus -----------------------------------------------------------------------


def _acquire_controls(view: CanastaHand, locale: str) -> list[Control]:
    legal = view.actions
    buttons: list[Control] = []
    if "draw" in legal:
        buttons.append(ButtonControl("draw", t("canasta.action.draw", locale)))
    if "end" in legal:
        buttons.append(ButtonControl("end", t("canasta.action.end", locale), "danger"))
    takes = _listed(legal, "take")
    if len(takes) == 1:
        buttons += one_move("take " + takes[0], take_label(view, takes[0], locale), "success")
    elif not takes and view.table.pile:  # says why not when clicked (frozen, cards short)
        buttons.append(ButtonControl("ui_take", t("canasta.action.take", locale), "secondary"))
    opens = _listed(legal, "open")
    if opens or (not _side(view).opened and "draw" in legal):
        buttons.append(ButtonControl("ui_build", t("canasta.action.build_open", locale),
                                     "secondary"))
    selects: list[Control] = []
    if len(takes) > 1:
        selects.append(SelectControl("take", t("canasta.take_placeholder", locale), [
            SelectOption(m, take_label(view, m, locale)) for m in takes][:MAX_OPTIONS]))
    if opens:
        minimum = _side(view).minimum
        selects.append(SelectControl(
            "open", t("canasta.open_placeholder", locale, minimum=minimum),
            [SelectOption(m, open_label(view, m, minimum, locale)) for m in opens][:MAX_OPTIONS]))
    return buttons + selects


def _play_controls(view: CanastaHand, locale: str) -> list[Control]:
    legal = view.actions
    buttons: list[Control] = []
    if _side(view).opened:
        buttons.append(ButtonControl("ui_build", t("canasta.action.build", locale),
                                     "secondary"))
        if any(a.startswith("add ") for a in legal) and _side(view).melds:
            buttons.append(ButtonControl("ui_add", t("canasta.action.add", locale),
                                         "secondary"))
    ready = [a for a in legal if a.startswith(("meld ", "add ")) and len(a) <= VALUE]
    selects: list[Control] = []
    if ready:
        selects.append(SelectControl("play", t("canasta.ready_placeholder", locale), [
            SelectOption(a, play_label(view, a, locale)) for a in ready][:MAX_OPTIONS]))
    return buttons + selects + _discards(view, locale)


def _discards(view: CanastaHand, locale: str) -> list[Control]:
    """Return the discards, in two selects when the hand holds more than 25 faces."""
    cards = [a.split()[1] for a in view.actions if a.startswith("discard ")]
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


def pending(draft: str) -> list[str]:
    """Return the melds of a build draft, as actions write them."""
    body = draft.removeprefix("build").removeprefix(":")
    return [m for m in body.split("|") if m]


def _build_controls(view: CanastaHand, draft: str, locale: str) -> list[Control]:
    done = pending(draft)
    side = _side(view)
    controls: list[Control] = [back(locale)]
    if done:
        controls.append(ButtonControl("ui_clear", t("canasta.action.clear", locale),
                                      "secondary"))
        controls += _put_down(done, side.opened, side.minimum, view, locale)
    free = free_cards(view.hand, done)
    ranks = [r for r in _meldable_ranks(free, view) if r not in _taken(view, done)]
    if ranks:
        value = melds_value(done, view)
        key = "canasta.rank_placeholder" if side.opened else "canasta.rank_placeholder_open"
        controls.append(SelectControl("ui_rank", t(key, locale, points=value,
                                                   minimum=side.minimum), [
            SelectOption(r, rank_label(r, free, view, locale)) for r in ranks][:MAX_OPTIONS]))
    wilds = _free_wilds(free)
    if done and wilds:
        controls.append(SelectControl("ui_wild", t("canasta.wild_placeholder", locale), [
            SelectOption(c, card_text(c)) for c in wilds]))
    return controls


def _put_down(done: list[str], opened: bool, minimum: int, view: CanastaHand,
              locale: str) -> list[Control]:
    """Return the control sending the build: the opening (all melds), or the last meld."""
    if opened:
        return one_move(f"meld {done[-1]}", t("canasta.action.put_down", locale,
                                              cards=meld_text(done[-1])), "success")
    value = melds_value(done, view)
    label = t("canasta.action.open_with", locale, points=value, minimum=minimum)
    return one_move("open " + " ".join(done), label, "success")


def _meldable_ranks(free: Sequence[str], view: CanastaHand) -> list[str]:
    """Return the ranks of which the free cards hold enough naturals to start a meld."""
    counts: dict[str, int] = {}
    for card in free:
        rank = rank_of(card.partition(COPY)[0])
        counts[rank] = counts.get(rank, 0) + 1
    need = {"JK": 3, "2": 3, "3": 3}
    return [r for r in sorted(counts, key=rank_order) if counts[r] >= need.get(r, 2)
            and (r != "3" or _black_threes(free) >= 3)]


def _taken(view: CanastaHand, done: Sequence[str]) -> set[str]:
    """Return the ranks a new meld may not have: the draft's, and those of the side's melds
    that still take cards (a side has one meld a rank; with a cap of seven, one open)."""
    past_seven = view.table.options.melds_past_seven
    side = {m.rank for m in _side(view).melds if past_seven or len(m.cards) < 7}
    return side | {_rank_of(m) for m in done}


def _black_threes(free: Sequence[str]) -> int:
    return sum(c.partition(COPY)[0] in ("3S", "3C") for c in free)


def _free_wilds(free: Sequence[str]) -> list[str]:
    """Return one joker and one two of each suit still free: the wild cards to add."""
    faces = dict.fromkeys(c.partition(COPY)[0] for c in free if rank_of(c) in WILD_RANKS)
    return list(faces)


def free_cards(hand: Sequence[str], done: Sequence[str]) -> list[str]:
    """Return the hand's cards not yet in a draft meld, a further copy marked ".2", ".3"."""
    left = list(hand)
    for meld in done:
        for card in meld.split(","):
            if card in left:
                left.remove(card)
    out: list[str] = []
    for card in left:
        copies = sum(c.partition(COPY)[0] == card for c in out)
        out.append(card if not copies else f"{card}{COPY}{copies + 1}")
    return out


def add_rank(view: CanastaHand, draft: str, rank: str) -> str:
    """Return the build draft with every free natural card of the rank as a new meld."""
    done = pending(draft)
    free = free_cards(view.hand, done)
    if rank not in _meldable_ranks(free, view) or rank in _taken(view, done):
        raise Refusal("error.move_unavailable")
    cards = [c.partition(COPY)[0] for c in free if rank_of(c) == rank
             and (rank != "3" or c.startswith(("3S", "3C")))]
    if rank == "JK":
        cards = cards[:7]
    meld = ",".join(cards)
    if not _side(view).opened or view.table.phase == "acquire":
        return "build:" + "|".join([*done, meld])
    return "build:" + meld  # an opened side puts one meld down at a time


def add_wild(view: CanastaHand, draft: str, card: str) -> str:
    """Return the build draft with a wild card joined to its last meld."""
    done = pending(draft)
    if not done or card not in _free_wilds(free_cards(view.hand, done)):
        raise Refusal("error.move_unavailable")
    return "build:" + "|".join([*done[:-1], f"{done[-1]},{card}"])


# ----- adding to a side meld ------------------------------------------------------------------


def _add_controls(view: CanastaHand, draft: str, locale: str) -> list[Control]:
    melds = _side(view).melds
    mid = draft.partition(":")[2]
    meld = next((m for m in melds if m.id == mid), None)
    if meld is None:
        return [back(locale), SelectControl("ui_meld", t("canasta.meld_placeholder", locale), [
            SelectOption(m.id, meld_label(m, locale)) for m in melds][:MAX_OPTIONS])]
    fit = [c for c in free_cards(view.hand, ()) if _fits(c.partition(COPY)[0], meld)]
    if not fit:
        return [back(locale)]
    return [back(locale), SelectControl(
        "addc", t("canasta.add_placeholder", locale, meld=meld_label(meld, locale)),
        [SelectOption(f"{meld.id}:{c}", card_text(c.partition(COPY)[0]))
         for c in fit[:MAX_OPTIONS]], max_values=min(len(fit), MAX_OPTIONS))]


def _fits(card: str, meld: MeldView) -> bool:
    """Whether a card may go on the meld by its kind: a natural of its rank, or a wild card."""
    rank = rank_of(card)
    if meld.rank == "3":
        return card in ("3S", "3C")
    return rank == meld.rank or (rank in WILD_RANKS and meld.rank not in WILD_RANKS)


# ----- steps and selects ----------------------------------------------------------------------

_OPEN = {"ui_back": "", "ui_build": "build", "ui_clear": "build", "ui_add": "add"}


def step_draft(view: CanastaHand, draft: str, text: str) -> str:
    """Return the new draft after a menu step."""
    verb, _, value = text.partition(" ")
    if verb in _OPEN:
        return _OPEN[verb]
    if verb == "ui_rank":
        return add_rank(view, draft, value)
    if verb == "ui_wild":
        return add_wild(view, draft, value)
    if verb == "ui_take":
        raise why_no_take(view)
    if verb == "ui_meld":
        if value not in {m.id for m in _side(view).melds}:
            raise Refusal("error.move_unavailable")
        return f"add:{value}"
    raise IllegalMove("no such step", action=text)


def why_no_take(view: CanastaHand) -> Refusal:
    """Return why the pile cannot be taken: frozen, or not enough cards of its rank shown."""
    top = view.table.pile_top or ""
    if view.table.frozen:
        return Refusal("error.pile_frozen", card=card_text(top))
    return Refusal("error.pile_needs_cards", card=card_text(top))


def compose_move(verb: str, values: Sequence[str]) -> str:
    """Return the move (or step) a select sends from its chosen values."""
    if verb == "play":
        return values[0]
    if verb == "discard_more":
        return f"discard {values[0]}"
    if verb == "addc":
        mid = values[0].partition(":")[0]
        cards = [v.partition(":")[2].partition(COPY)[0] for v in values]
        return f"add {mid} {','.join(cards)}"
    return f"{verb} {values[0]}"


# ----- shared words -------------------------------------------------------------------------


def _side(view: CanastaHand) -> SideView:
    """Return the seat's own side as the table shows it."""
    return next(s for s in view.table.sides if view.seat in s.seats)


def _listed(legal: Sequence[str], verb: str) -> list[str]:
    """Return the listed moves of a verb, without it, that fit a select's value."""
    return [a.removeprefix(verb + " ") for a in legal
            if a.startswith(verb + " ") and len(a) - len(verb) - 1 <= VALUE]


def rank_of(card: str) -> str:
    """Return the rank a card names ("10H" → "10", "JK" → "JK"), a copy mark ignored."""
    face = card.partition(COPY)[0]
    return "JK" if face == "JK" else face[:-1]


def _rank_of(meld: str) -> str:
    """Return a draft meld's rank: that of its first card (naturals come first)."""
    return rank_of(meld.split(",")[0])


def rank_order(rank: str) -> int:
    """Return a rank's place in the menus: A, K … 4, 3, then twos and jokers."""
    order = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "JK"]
    return order.index(rank)


def value_of(card: str, view: CanastaHand) -> int:
    """Return a card's value under the game's options."""
    return card_value(Card.parse(card.partition(COPY)[0]), view.table.options)


def melds_value(melds: Sequence[str], view: CanastaHand) -> int:
    """Return the value of melds as actions write them."""
    return sum(value_of(c, view) for m in melds for c in m.split(","))


def meld_text(meld: str) -> str:
    """Write a meld of an action for a label: "K♠ K♥ K♦ 2♣"."""
    return cards_text(meld.split(","))


def rank_label(rank: str, free: Sequence[str], view: CanastaHand, locale: str) -> str:
    """Return a rank's choice: how many naturals are held, and their value."""
    cards = [c for c in free if rank_of(c) == rank]
    return t("canasta.rank_choice", locale, rank=rank_word(rank, locale), count=len(cards),
             points=sum(value_of(c, view) for c in cards))


def rank_word(rank: str, locale: str) -> str:
    """Return a rank as players name it: "K", "2 (pinelle)", "jokers"."""
    return t(f"canasta.rank.{rank}", locale) if rank in WILD_RANKS else rank


def meld_label(meld: MeldView, locale: str) -> str:
    """Return a side meld's choice: its rank, size and wild cards."""
    return t("canasta.meld_choice", locale, rank=rank_word(meld.rank, locale),
             count=len(meld.cards), joker=meld.wilds)


def open_label(view: CanastaHand, melds: str, minimum: int, locale: str) -> str:
    """Return a ready-made opening: its melds and their sum against the minimum."""
    groups = melds.split()
    points = melds_value(groups, view)
    return t("canasta.open_choice", locale, cards=" + ".join(meld_text(g) for g in groups),
             points=points, minimum=minimum)


def take_label(view: CanastaHand, take: str, locale: str) -> str:
    """Return a pile take: the cards shown, where they go, how many cards it brings."""
    shown, *extra = take.split()
    top = view.table.pile_top or ""
    joins = next((m for m in _side(view).melds if m.rank == rank_of(top)
                  and (view.table.options.melds_past_seven or len(m.cards) < 7)), None)
    key = "canasta.take_joins" if joins is not None else "canasta.take_new"
    label = t(key, locale, cards=meld_text(shown), card=card_text(top),
              count=view.table.pile)
    if extra:
        label += " + " + " + ".join(meld_text(g) for g in extra)
    return label


def play_label(view: CanastaHand, action: str, locale: str) -> str:
    """Return a ready-made meld or addition."""
    words = action.split()
    if words[0] == "meld":
        return t("canasta.meld_ready", locale, cards=meld_text(words[1]))
    meld = next((m for m in _side(view).melds if m.id == words[1]), None)
    rank = rank_word(meld.rank, locale) if meld is not None else words[1]
    return t("canasta.add_ready", locale, cards=meld_text(words[2]), rank=rank)


def back(locale: str) -> ButtonControl:
    """Return the button back to the main menu."""
    return ButtonControl("ui_back", t("canasta.action.back", locale), "secondary")
