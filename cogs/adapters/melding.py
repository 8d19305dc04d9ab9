"""Menus the open-meld games share: pick cards to meld, a card to lay off and its meld, a depth.

Rummy 500 and Mahjong gin list their legal actions as text ("meld 7C,7D,7S", "layoff 8D B
high", "take 3"); these builders turn such lists into Discord selects, page the hand when it
passes Discord's 25 options, and keep the menu steps in a draft string: "" (the turn's main
menu), "take" (choose a depth), "lay:<card>" (choose the meld a card goes on), with "+more"
appended while the card menus show their second page.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.i18n import card_text as _pretty
from bot.i18n import cards_text, t
from cogs.adapters import ButtonControl, Control, SelectControl, SelectOption
from engine.cards import Card
from engine.errors import IllegalMove
from engine.melds import MeldRules
from engine.solver import best_arrangement
from engine.table import MeldView

MAX_OPTIONS = 25  # Discord's limit on a select menu's options
SUITS = "SHDC"


def back_button(locale: str) -> ButtonControl:
    """Return the button that goes back to the turn's main menu."""
    return ButtonControl("ui_back", t("r500.action.back", locale), "secondary")


def sorted_cards(hand: Sequence[str]) -> list[str]:
    """Sort card texts by suit, then rank (ace low), as the menus list them."""
    return sorted(hand, key=lambda c: (SUITS.index(Card.parse(c).suit), Card.parse(c).rank))


def pager(hand: list[str], more: bool) -> Callable[[list[str]], list[str]]:
    """Return a filter keeping the cards of the current page of the hand's menus."""
    page = set(hand[MAX_OPTIONS:] if more else hand[:MAX_OPTIONS])

    def keep(cards: list[str]) -> list[str]:
        return [c for c in cards if c in page][:MAX_OPTIONS]

    return keep


def cards_of(action: str) -> list[str]:
    """Return the cards named in a meld or take action's melds."""
    return [c for part in action.split()[1:] for c in part.split(",") if not c.isdigit()]


def card_selects(hand_cards: Sequence[str], legal: Sequence[str], locale: str,
                 more: bool) -> list[Control]:
    """Return the page button (if needed) and the meld, lay-off and discard selects."""
    hand = sorted_cards(hand_cards)
    page_of = pager(hand, more)
    controls: list[Control] = []
    if len(hand) > MAX_OPTIONS:
        label = "r500.action.first_cards" if more else "r500.action.more_cards"
        controls.append(ButtonControl("ui_more", t(label, locale, count=len(hand)),
                                      "secondary"))
    meldable = {c for a in legal if a.startswith("meld ") for c in cards_of(a)}
    cards = page_of([c for c in hand if c in meldable])
    if len(cards) >= 3:
        controls.append(SelectControl(
            "meld", t("r500.meld_placeholder", locale),
            [SelectOption(c, _pretty(c)) for c in cards], min_values=3, max_values=len(cards)))
    layable = {a.split()[1] for a in legal if a.startswith("layoff ")}
    cards = page_of([c for c in hand if c in layable])
    if cards:
        controls.append(SelectControl("ui_lay", t("r500.lay_placeholder", locale),
                                      [SelectOption(c, _pretty(c)) for c in cards]))
    discards = {a.split()[1] for a in legal if a.startswith("discard ")}
    cards = page_of([c for c in hand if c in discards])
    if cards:
        controls.append(SelectControl(
            "discard", t("action.discard_placeholder", locale),
            [SelectOption(c, t("action.discard_card", locale, card=_pretty(c))) for c in cards]))
    return controls


def target_select(melds: Sequence[MeldView], legal: Sequence[str], card: str,
                  locale: str) -> SelectControl:
    """Return the select of the melds the card may be laid off on (with the end if both fit)."""
    by_id = {m.id: m for m in melds}
    options = []
    for action in legal:
        parts = action.split()
        if parts[0] != "layoff" or parts[1] != card:
            continue
        meld = by_id[parts[2]]
        end = f" ({t('r500.end.' + parts[3], locale)})" if len(parts) > 3 else ""
        options.append(SelectOption(" ".join(parts[1:]), t(
            "r500.on_meld", locale, id=meld.id, cards=cards_text(meld.cards)) + end))
    return SelectControl("layoff", t("r500.target_placeholder", locale, card=_pretty(card)),
                         options[:MAX_OPTIONS])


def depth_select(depths: Sequence[tuple[int, str, int]], locale: str,
                 verb: str = "ui_take") -> SelectControl:
    """Return the pile-depth select from (number, deepest card, cards taken); sends `verb k`."""
    options = [SelectOption(str(k), t("r500.depth", locale, k=k, card=_pretty(card), count=count))
               for k, card, count in depths[:MAX_OPTIONS]]
    return SelectControl(verb, t("r500.depth_placeholder", locale), options)


def lay_target(legal: Sequence[str], card: str) -> str:
    """Return the lay-off a card's select sends: its only target, or the step to choose one."""
    targets = [a for a in legal if a.startswith(f"layoff {card} ")]
    return targets[0] if len(targets) == 1 else f"ui_lay {card}"


def menu_step(draft: str, text: str) -> str:
    """Return the draft after a shared step (back, page, pile, lay-off target); refuse others."""
    verb, _, value = text.partition(" ")
    more = "+more" if draft.endswith("+more") else ""
    if verb == "ui_back":
        return more
    if verb == "ui_more":
        return draft.removesuffix("+more") + ("" if more else "+more")
    if verb == "ui_take":
        return f"take:{value}" if value else "take"
    if verb == "ui_lay":
        return f"lay:{value}{more}"
    raise IllegalMove("no such step", action=text)


def compose_play(legal: Callable[[], Sequence[str]], verb: str, values: Sequence[str],
                 rules: MeldRules) -> str:
    """Return the action a hand select sends: chosen cards as melds, a card's only target.

    `legal` lists the seat's legal actions, asked only for a lay-off (a view costs time).
    """
    if verb == "meld":
        return "meld " + partition(list(values), rules)
    if verb == "ui_lay":
        return lay_target(legal(), values[0])
    return f"{verb} {values[0]}"


def partition(cards: list[str], rules: MeldRules) -> str:
    """Split the chosen cards into melds when they form several (else one, for the engine)."""
    parsed = [Card.parse(c) for c in cards]
    best = best_arrangement(parsed, rules, lambda c: 1)
    if not best.deadwood and len(best.melds) > 1:
        return " ".join(",".join(str(c) for c in m.cards) for m in best.melds)
    return ",".join(cards)
