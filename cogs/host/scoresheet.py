"""A finished game's score sheet as message text: each hand's points and the totals.

A code block keeps the columns aligned on every client. When the hands do not fit the room
left in the message, the oldest ones are summed into one row ("1–12"), so the sheet always
adds up to the totals. Columns are headed with the sides' full names; a sheet they would make
too wide for a phone (many players, long names, partnerships of long names) heads its columns
with the seats' short tags, the ones the table picture shows, and names them above: a name is
never cut.
A hand a player sat out (he was out of the game) reads "–".
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import number, t
from card_images import seat_tags
from cogs.adapters import ScoreSheet

PHONE_WIDTH = 40  # characters of a code block line a phone shows without wrapping
GAP = "  "
SAT_OUT = "–"
Row = tuple[str, tuple[int | None, ...]]


def span(first: int, last: int) -> str:
    """Return the label of hands first..last: "3", or "1–12"."""
    return str(first) if first == last else f"{first}–{last}"


def _sums(hands: Sequence[Sequence[int | None]], sides: int) -> tuple[int, ...]:
    """Return each side's points over these hands (a hand sat out adds nothing)."""
    return tuple(sum(points[side] or 0 for points in hands) for side in range(sides))


def sheet_rows(sheet: ScoreSheet, locale: str, keep: int) -> list[Row]:
    """Return the rows above the total: the last `keep` hands one by one, the older ones summed
    in one row, then what the totals add beyond the hands (bonuses) in a row of its own.

    Hands the game did not keep (saved before it kept them) are in the summed row, with
    whatever the totals hold beyond the listed hands.
    """
    cut_at = max(len(sheet.hands) - keep, 0)
    listed, older = sheet.hands[cut_at:], sheet.hands[:cut_at]
    first = sheet.played - len(listed) + 1  # the number of the first hand listed alone
    rows: list[Row] = [(str(first + i), tuple(points)) for i, points in enumerate(listed)]
    sides = len(sheet.totals)
    beyond = tuple(total - hands for total, hands in zip(sheet.totals,
                                                           _sums(sheet.hands, sides)))
    if sheet.played > len(sheet.hands):  # not every hand was kept: one row for the rest
        older_sums = tuple(b + o for b, o in zip(beyond, _sums(older, sides)))
        return [(span(1, first - 1), older_sums), *rows]
    if older:
        rows.insert(0, (span(1, first - 1), _sums(older, sides)))
    if any(beyond):
        rows.append((t(sheet.bonus_key, locale), beyond))
    return rows


def _lines(headings: Sequence[str], rows: Sequence[Row], total: Row, first: str) -> list[str]:
    """Return the aligned lines: headings, one line per row, the total."""
    label_w = max(len(first), *(len(label) for label, _ in [*rows, total]))
    widths = [max(len(h), *(len(_cell(values[i])) for _, values in [*rows, total]))
              for i, h in enumerate(headings)]

    def line(label: str, cells: Sequence[object]) -> str:
        return GAP.join([label.ljust(label_w), *(_cell(c).rjust(w) for c, w in zip(cells,
                                                                                widths))])

    return [line(first, headings), *(line(label, v) for label, v in rows),
            line(total[0], total[1])]


def _cell(value: object) -> str:
    if isinstance(value, int):
        return number(value)
    return SAT_OUT if value is None else str(value)


def _headings(sheet: ScoreSheet, names: Sequence[str], locale: str
              ) -> tuple[list[str], str]:
    """Return the columns' headings and the line naming them ("" when they are the names).

    Names are used while the sheet fits a phone's width; else each seat's tag.
    """
    named = [" + ".join(names[s] for s in seats) for seats in sheet.sides]
    total: Row = (t("sheet.total", locale), sheet.totals)
    rows = sheet_rows(sheet, locale, len(sheet.hands))
    if len(_lines(named, rows, total, t("sheet.hand", locale))[0]) <= PHONE_WIDTH:
        return named, ""
    tags = seat_tags(names)
    legend = " · ".join(f"{tags[s]} {names[s]}" for seats in sheet.sides for s in seats)
    return ["+".join(tags[s] for s in seats) for seats in sheet.sides], legend


def sheet_text(sheet: ScoreSheet, names: Sequence[str], locale: str, room: int) -> str:
    """Return the titled sheet in at most `room` characters ("" if not even a row fits, or if
    the game was played in no hands of its own)."""
    if sheet.played == 0:
        return ""
    headings, legend = _headings(sheet, names, locale)
    total: Row = (t("sheet.total", locale), sheet.totals)
    title = f"**{t('sheet.title', locale)}**"
    for keep in range(len(sheet.hands), -1, -1):
        rows = sheet_rows(sheet, locale, keep)
        body = _lines(headings, rows, total, t("sheet.hand", locale))
        text = "\n".join(filter(None, [title, legend, "```", *body, "```"]))
        if len(text) <= room:
            return text
    return ""
