"""Canasta's table picture in the shared specs: one panel per side, one small meld per rank.

A meld is drawn as one natural card with its wild cards and a badge "K×5"; a canasta as one
card under a badge naming its kind ("K clean ×7", "Toro Seduto ×7"), so fourteen melds a side
stay readable at Discord's width. The panel's chips say whether the side opened (else its
minimum) and its red threes; the info line gives each player's cards and the side's total.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import number, t
from card_images import MeldSpec, SeatSpec
from engine.canasta.melds import CLEAN
from engine.canasta.views import CanastaTable, MeldView, SideView

WILD = ("JK", "2")


def side_seat(view: CanastaTable, side: SideView, names: Sequence[str], locale: str) -> SeatSpec:
    """Return a side's panel: its players, melds, red threes, opening and total."""
    seats = side.seats
    counts = [view.cards[s] for s in seats]
    notes = [t("table.dealer", locale)] if view.dealer in seats and len(seats) == 1 else []
    return SeatSpec(
        name=" & ".join(names[s] for s in seats), card_count=sum(counts),
        count_label=cards_label(seats, counts, names, locale),
        score=t("canasta.total", locale, total=number(side.total)),
        melds=[meld_spec(m, locale) for m in side.melds],
        is_turn=view.turn in seats and view.phase != "over", note=" · ".join(notes),
        tags=side_tags(side, locale))


def cards_label(seats: Sequence[int], counts: Sequence[int], names: Sequence[str],
                locale: str) -> str:
    """Return each player's card count: "12 cards", or "Alice 12 · Carla 9" for partners."""
    if len(seats) == 1:
        return t("picture.cards", locale, count=counts[0])
    return " · ".join(f"{names[s]} {c}" for s, c in zip(seats, counts))


def side_tags(side: SideView, locale: str) -> list[str]:
    """Return the side's chips: opened or its minimum, and its red threes."""
    tags = [t("canasta.opened", locale) if side.opened
            else t("canasta.minimum_chip", locale, minimum=side.minimum)]
    if side.red_threes:
        tags.append(t("canasta.reds_chip", locale, count=len(side.red_threes)))
    return tags


def meld_spec(meld: MeldView, locale: str) -> MeldSpec:
    """Return a meld drawn small: one natural card and its wild cards, badged with its count;
    a canasta as its one top card under a badge naming its kind."""
    naturals = [c for c in meld.cards if not _wild(c, meld.rank)]
    wilds = [c for c in meld.cards if _wild(c, meld.rank)]
    if meld.canasta:
        label = t(f"canasta.badge.{meld.canasta}", locale, rank=meld.rank,
                  count=len(meld.cards))
        clean = meld.canasta in CLEAN
        return MeldSpec(label, [pile_top(meld.cards, clean)],
                        marks=["closed_natural" if clean else "closed_mixed"])
    top = (naturals or list(meld.cards))[:1]
    return MeldSpec(f"{meld.rank}×{len(meld.cards)}", top + wilds,
                    marks=[""] * len(top) + ["wild"] * len(wilds))


def pile_top(cards: Sequence[str], clean: bool) -> str:
    """Return the card a closed canasta shows on top: a red one if clean, else a black one
    (as players square them up), any card when the meld holds none of that colour."""
    reds = [c for c in cards if c != "JK" and c[-1] in "HD"]
    blacks = [c for c in cards if c != "JK" and c[-1] in "SC"]
    return ((reds if clean else blacks) or list(cards))[0]


def _wild(card: str, rank: str) -> bool:
    face = "JK" if card == "JK" else card[:-1]
    return face in WILD and face != rank


def table_footer(view: CanastaTable, names: Sequence[str], locale: str) -> str:
    """Return the line under the table: the dealer and the target (the pile says its size
    and whether it is frozen under its own card)."""
    return " · ".join([t("canasta.dealer", locale, name=names[view.dealer]),
                       t("canasta.rules.target", locale, target=view.options.target_score)])
