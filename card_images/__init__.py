"""Card pictures for the bot: hands, tables, hand ends, leaderboards as PNG bytes.

The renderers are pure functions of the specs in `card_images.specs`; they know
no game rules and no Discord types.
"""

from __future__ import annotations

from .faces import warm_faces
from .hand import draw_hand, layout_hand
from .hand_end import draw_hand_end, layout_hand_end
from .leaderboard import draw_leaderboard
from .seats import seat_tags
from .specs import (
    BoardsPanel,
    ChartSeries,
    ChartSpec,
    FaceUpPile,
    HandEndRow,
    HandEndSpec,
    HandSpec,
    LeaderboardSpec,
    MeldSpec,
    Panel,
    PilesPanel,
    SeatGridPanel,
    SeatRowsPanel,
    SeatSpec,
    TableSpec,
)
from .style import to_png
from .table import draw_table, layout_table

__all__ = [
    "BoardsPanel", "ChartSeries", "ChartSpec", "FaceUpPile", "HandEndRow", "HandEndSpec",
    "HandSpec", "LeaderboardSpec",
    "MeldSpec", "Panel", "PilesPanel", "SeatGridPanel", "SeatRowsPanel", "SeatSpec", "TableSpec",
    "layout_hand", "layout_hand_end", "layout_table", "render_hand", "render_hand_end",
    "render_leaderboard", "render_table", "seat_tags", "warm_faces",
]


def render_hand(spec: HandSpec) -> bytes:
    """Render a player's hand as PNG bytes."""
    return to_png(draw_hand(spec))


def render_table(spec: TableSpec) -> bytes:
    """Render the public table as PNG bytes."""
    return to_png(draw_table(spec))


def render_hand_end(spec: HandEndSpec) -> bytes:
    """Render the end of a deal (all hands revealed, score lines) as PNG bytes."""
    return to_png(draw_hand_end(spec))


def render_leaderboard(spec: LeaderboardSpec) -> bytes:
    """Render a leaderboard as PNG bytes."""
    return to_png(draw_leaderboard(spec))
