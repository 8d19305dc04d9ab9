"""Team gin's look: the boards stacked on one table, the team score, and the team hand's end.

The gin adapter's `TeamLook` hands a `TeamGin` here. A seat's own hand, controls and computer
moves need nothing of this: they are its board's closed gin, seen from its seat there. A board's
events and results number its seats 0 and 1; `pair` gives the names of its two players in that
order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.i18n import t
from card_images import (
    BoardsPanel,
    FaceUpPile,
    HandEndRow,
    HandEndSpec,
    PilesPanel,
    SeatGridPanel,
    SeatSpec,
    TableSpec,
)
from cogs.adapters import view_of
from cogs.adapters.base import with_words
from cogs.adapters.canasta import side_name
from engine.game import Event
from engine.gin.events import GameEnded, MatchEnded
from engine.gin.match import SWEEP_STEP, TeamHand
from engine.gin.options import GinOptions
from engine.gin.team_views import BoardView, OnBoard, TeamHandEnded, TeamTable
from engine.gin.teams import TeamGin
from engine.gin.views import GinTable, HandReport

# how the gin adapter tells one board's event: (the event in the board's frame, its names)
BoardLine = Callable[[Event, Sequence[str]], str]
# how a team's score reads: (a board's table, which holds the teams' score sheet; the team)
TeamScore = Callable[[GinTable, int], str]


def pair(board: int, names: Sequence[str]) -> list[str]:
    """Return the names of a board's two players, team A's first."""
    return [names[2 * board], names[2 * board + 1]]


def team_name(team: int, names: Sequence[str]) -> str:
    """Return a team's name: its players joined (its seats alternate with the other's)."""
    return side_name(range(team, len(names), 2), names)


def of_team(events: Sequence[Event]) -> bool:
    """Whether these are a team game's events (a board's or the team hand's)."""
    return any(isinstance(e.public, (OnBoard, TeamHandEnded)) for e in events)


def local(ev: Event, board: int) -> Event:
    """Return a board's event as the board itself told it (seats 0 and 1, gin's payload)."""
    assert isinstance(ev.public, OnBoard)
    seat = None if ev.seat is None else ev.seat - 2 * board
    kind = "hand_end" if ev.kind == "board_end" else ev.kind
    return Event(kind, seat, ev.public.payload, ev.private)


# ----- the table ------------------------------------------------------------------------------

def table_spec(game: TeamGin, names: Sequence[str], locale: str, score: TeamScore,
               status: str) -> TableSpec:
    """Return every board stacked (its pair, stock, pile, knock card, turn) and the teams."""
    view: TeamTable = view_of(game)
    boards = [with_words(_board_spec(b, names, locale), locale) for b in view.boards]
    footer = " · ".join(team_totals(view, names, locale, score))
    return TableSpec(title=t("table.title", locale, game=t("gin.teams.game", locale),
                             number=view.hand_no), panels=[BoardsPanel(boards)], status=status,
                     footer=footer + " — " + t("table.target", locale, target=view.scores.target))


def _board_spec(board: BoardView, names: Sequence[str], locale: str) -> TableSpec:
    table, two = board.table, pair(board.index, names)
    seats = [SeatSpec(name=two[i], card_count=table.hand_sizes[i],
                      note=t("table.dealer", locale) if table.dealer == i else "",
                      is_turn=not board.ended and table.turn == i) for i in range(2)]
    if board.ended:
        status = t("gin.teams.board_over", locale)
    elif table.turn is None:
        status = ""
    else:
        status = t("table.turn_of", locale, name=two[table.turn])
    title = t("gin.teams.board_title", locale, number=board.index + 1, first=two[0],
              second=two[1])
    deep = table.options.deep_discard_pickup  # a deep pickup takes any card: show them all
    knock = [] if table.knock_card is None else [
        FaceUpPile(table.knock_card, t("gin.picture.knock_card", locale))]
    piles = PilesPanel(stock_count=table.stock, face_up=knock, spread=deep,
                       discard=list(table.discard if deep else table.discard[-1:]))
    return TableSpec(title=title, panels=[piles, SeatGridPanel(seats, note_no_melds=False)],
                     status=status, footer=_last_result(board, two, locale))


def _last_result(board: BoardView, two: Sequence[str], locale: str) -> str:
    """Return the board's hand result while it waits for the others."""
    result = board.table.last_result
    if not board.ended or result is None:
        return ""
    return result_line(result, two, locale)


def result_line(result: HandReport, two: Sequence[str], locale: str) -> str:
    """Return a board's hand result in a few words: who won it and how much."""
    if result.kind == "dead":
        return t("gin.event.dead_hand", locale)
    if result.winner is None:
        return t("event.hand_no_winner", locale)
    return t("event.hand_won", locale, name=two[result.winner], points=result.points)


def status(game: TeamGin, names: Sequence[str], locale: str) -> str:
    """Return whom the boards wait for, or the winning team."""
    view: TeamTable = view_of(game)
    if game.is_over:
        winner = view.scores.winner
        if winner is None:
            return t("event.game_over", locale)
        return t("gin.teams.match_winner", locale, name=team_name(winner, names))
    return t("gin.teams.waiting_for", locale, names=", ".join(names[s] for s in view.to_act))


# ----- lines ----------------------------------------------------------------------------------

def event_line(ev: Event, names: Sequence[str], locale: str, told: BoardLine) -> str:
    """Return an event's public line: a board's in its own words, prefixed by the board."""
    p = ev.public
    if isinstance(p, OnBoard):
        line = told(local(ev, p.board), pair(p.board, names))
        return t("gin.teams.on_board", locale, number=p.board + 1, line=line) if line else ""
    if isinstance(p, TeamHandEnded):
        return team_line(p.team, names, locale)
    if isinstance(p, GameEnded):
        return t("gin.teams.game_winner", locale, name=team_name(p.winner, names),
                 points=p.totals[p.winner])
    if isinstance(p, MatchEnded):  # a match of several games names its winning team
        scores = p.scores
        if scores.format == "single" or scores.winner is None:
            return ""
        return t("gin.teams.match_won", locale, name=team_name(scores.winner, names))
    return told(ev, names)


def team_line(team: TeamHand, names: Sequence[str], locale: str) -> str:
    """Return the team hand's result: the team ahead and what it scores, or a level hand."""
    if team.winner is None:
        return t("gin.teams.level", locale, points=team.team_points[0])
    line = t("gin.teams.team_won", locale, name=team_name(team.winner, names),
             points=team.points, high=team.team_points[team.winner],
             low=team.team_points[1 - team.winner])
    if team.sweep:
        line += " " + t("gin.teams.sweep", locale, points=team.sweep)
    return line


def opening_lines(game: TeamGin, names: Sequence[str], locale: str,
                  deal_line: Callable[[BoardView, Sequence[str]], str]) -> list[str]:
    """Return each board's first deal line (its dealer and knock card)."""
    view: TeamTable = view_of(game)
    return [t("gin.teams.on_board", locale, number=b.index + 1,
              line=deal_line(b, pair(b.index, names))) for b in view.boards]


def hand_end(events: Sequence[Event], names: Sequence[str], locale: str,
             totals: list[str]) -> tuple[HandEndSpec, list[str]] | None:
    """Return every board's hands laid open, one line per board and the team result."""
    end = next((e.public for e in events if isinstance(e.public, TeamHandEnded)), None)
    if end is None:
        return None
    rows, lines = [], []
    for board, result in enumerate(end.boards):
        two = pair(board, names)
        lines.append(t("gin.teams.on_board", locale, number=board + 1,
                       line=result_line(result, two, locale)))
        rows += reveal_rows(result, [t("gin.teams.on_board", locale, number=board + 1, line=name)
                               for name in two], locale)
    lines.append(team_line(end.team, names, locale))
    title = t("hand_end.title", locale, number=end.hand, what=t("gin.teams.team_hand", locale))
    return HandEndSpec(title=title, rows=rows), lines + totals


def reveal_rows(result: HandReport, two: Sequence[str], locale: str) -> list[HandEndRow]:
    """Return the two hands of a board's ended hand, laid open, with the winner's points."""
    return [HandEndRow(name=two[seat], melds=[list(m) for m in reveal.melds],
                       layoffs=[card for card, _ in reveal.layoffs],
                       loose=list(reveal.deadwood), loose_value=reveal.deadwood_value,
                       points=t("table.points", locale, points=result.points
                                if result.winner == seat else 0),
                       layoff_label=t("picture.laid_off", locale),
                       loose_label=t("gin.picture.deadwood", locale))
            for seat, reveal in enumerate(result.reveals)]


def team_totals(view: TeamTable, names: Sequence[str], locale: str,
                score: TeamScore) -> list[str]:
    """Return each team's score as the match format keeps it."""
    return [t("table.score_line", locale, name=team_name(team, names),
              points=score(view.boards[0].table, team)) for team in (0, 1)]


def rules_lines(options: GinOptions, locale: str) -> list[str]:
    """Return the team play line of the rules (none for two players)."""
    if options.team_size < 2:
        return []
    line = t("gin.teams.rules", locale, count=options.team_size)
    if options.team_size > 2:
        line += " " + t("gin.teams.rules_sweep", locale, bonus=SWEEP_STEP * (
            options.team_size - 2))
    return [line]
