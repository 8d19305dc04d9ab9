"""Mahjong gin on Discord: the open melds on the table, the menus, the lines and the hand's end.

The gin adapter hands over to these functions when the game is played open
(`play_style = mahjong`); the menus are the shared ones of cogs/adapters/melding.py. The pile
is shown whole wherever cards below its top may be taken (Mahjong's takes by depth, and the
deep pickups of closed gin), so that no move takes a card the players cannot see.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from bot.i18n import card_text as _pretty
from bot.i18n import cards_text, t
from card_images import HandEndRow, MeldSpec, TableSpec
from cogs.adapters import ButtonControl, Control
from cogs.adapters.melding import back_button, card_selects, depth_select, target_select
from engine.cards import parse_cards
from engine.gin.events import GinPayload, LaidOff, Melded, PileTaken
from engine.gin.mahjong import hand_value
from engine.gin.options import GinOptions
from engine.gin.views import GinHand, GinTable, HandReport
from engine.table import MeldView


def seat_melds(melds: Sequence[MeldView], seat: int) -> list[MeldSpec]:
    """Return the seat's melds with ids; cards the opponent laid off carry his tag."""
    return [MeldSpec(m.id, list(m.cards), [e.card for e in m.entries if e.by != seat],
                     [e.by for e in m.entries if e.by != seat])
            for m in melds if m.owner == seat]


def takes_below_top(options: GinOptions) -> bool:
    """Whether a move may take cards from below the top of the pile: then all of it shows."""
    return options.mahjong or options.deep_discard_pickup


def numbered_pile(spec: TableSpec, locale: str) -> TableSpec:
    """Return the table with its spread pile numbered from the top, as the depth menu counts.

    `spec` already has its words (with_words): the caption is replaced to say so.
    """
    count = len(spec.discard)
    if not count:
        return spec
    return replace(spec, discard_labels=[str(count - i) for i in range(count)],
                   discard_caption=t("mahjong.pile", locale, count=count))


def put_down_note(view: GinTable, seat: int, locale: str) -> str:
    """Return the seat's points put down this hand, for its line on the table."""
    return t("mahjong.put_down", locale, points=view.put_down[seat])


def controls(view: GinHand, draft: str, locale: str) -> list[Control]:
    """Return the menus of the seat's turn, at the menu step the draft names."""
    legal, table = view.legal, view.table
    step = draft.removesuffix("+more")
    if step == "take":
        pile = table.discard
        depths = [(k, pile[-k], k) for k in range(2, len(pile) + 1) if f"take {k}" in legal]
        return [back_button(locale), depth_select(depths, locale, verb="take")]
    if step.startswith("lay:"):
        return [back_button(locale), target_select(table.melds, legal, step[4:], locale)]
    if table.phase != "discard":
        return []
    return card_selects(view.hand, legal, locale, draft.endswith("+more"))


def take_button(legal: Sequence[str], locale: str) -> list[Control]:
    """Return the button opening the pile-depth menu, if a deeper take is legal."""
    if not any(a.startswith("take ") for a in legal):
        return []
    return [ButtonControl("ui_take", t("r500.action.take_pile", locale), "success")]


def prompt(view: GinHand, locale: str) -> str | None:
    """Return the prompt of the play step (None outside it)."""
    if view.table.phase != "discard":
        return None
    if view.table.owed:
        return t("mahjong.prompt.owed", locale, card=_pretty(view.table.owed))
    return t("mahjong.prompt.play", locale)


def held_value(view: GinHand) -> int:
    """Return what the cards in hand would cost if the hand ended now (Mahjong values)."""
    return hand_value(parse_cards(view.hand))


def held_line(view: GinHand, locale: str) -> str:
    """Return the hand prompt's line of what the cards in hand would cost now."""
    return t("mahjong.held", locale, points=held_value(view))


def event_line(p: GinPayload, who: str, locale: str) -> str:
    """Return the line of a Mahjong move: a pile take, a meld, a lay-off ("" for others)."""
    if isinstance(p, PileTaken):
        return t("mahjong.event.took_pile", locale, name=who, count=len(p.cards),
                 cards=cards_text(p.cards))
    if isinstance(p, Melded):
        shown = " + ".join(f"{m.id}: {cards_text(m.cards)}" for m in p.melds)
        return t("mahjong.event.melded", locale, name=who, melds=shown)
    if isinstance(p, LaidOff):
        return t("mahjong.event.laid_off", locale, name=who, card=_pretty(p.card), meld=p.meld)
    return ""


def end_rows(result: HandReport, names: Sequence[str], locale: str) -> list[HandEndRow]:
    """Return each seat's melds (lay-offs apart) and the cards left in hand, with its score."""
    tally = result.mahjong
    assert tally is not None
    rows = []
    for seat, reveal in enumerate(result.reveals):
        mine = [m for m in result.melds if m.owner == seat]
        rows.append(HandEndRow(
            name=names[seat],
            melds=[[e.card for e in m.entries if e.by == seat] for m in mine],
            layoffs=[e.card for m in result.melds for e in m.entries
                     if e.by == seat and m.owner != seat],
            deadwood=list(reveal.deadwood),
            deadwood_value=tally.held[seat],
            points=t("table.points", locale, points=tally.totals[seat]),
            layoff_label=t("picture.laid_off", locale),
            deadwood_label=t("mahjong.in_hand", locale)))
    return rows


def score_lines(result: HandReport, names: Sequence[str], locale: str) -> list[str]:
    """Return each seat's put down, held, bonus and hand score."""
    tally = result.mahjong
    assert tally is not None
    lines = []
    for seat in range(len(names)):
        key = "mahjong.score_line_gin" if tally.bonus[seat] else "mahjong.score_line"
        lines.append(t(key, locale, name=names[seat], melded=tally.put_down[seat],
                       held=tally.held[seat], bonus=tally.bonus[seat], total=tally.totals[seat]))
    return lines


def rules_lines(options: GinOptions, locale: str) -> list[str]:
    """Return the few lines of Mahjong gin's rules in force."""
    return [t("mahjong.rules.play", locale, bonus=options.mahjong_gin_bonus),
            t("mahjong.rules.scoring", locale, target=options.target_score)]
