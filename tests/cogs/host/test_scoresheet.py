"""The score sheet's text: every hand, bonuses, older hands summed to fit, always adding up."""

from __future__ import annotations

from bot.i18n import number
from cogs.adapters import ScoreSheet
from cogs.adapters.gin import GIN
from cogs.host.scoresheet import sheet_rows, sheet_text
from engine.gin import GinGame, preset

NAMES = ["Alice", "Bruno", "Chiara"]


def cells(text: str) -> list[list[str]]:
    """Return the code block's lines split in cells."""
    block = text[text.index("```"):].strip("`\n")
    return [line.split() for line in block.splitlines()]


def test_every_hand_then_the_bonus_then_the_total() -> None:
    sheet = ScoreSheet(((0,), (1,)), ((25, 0), (0, 0), (0, 14)), (164, 14), 3)
    text = sheet_text(sheet, NAMES, "en", 2000)
    assert text.startswith("**Score sheet**\n```\n") and text.endswith("\n```")
    assert cells(text) == [["Hand", "Alice", "Bruno"], ["1", "25", "0"], ["2", "0", "0"],
                           ["3", "0", "14"], ["Bonus", "139", "0"], ["Total", "164", "14"]]
    # Columns line up: every line is as wide as the heading.
    lines = text.split("```")[1].strip("\n").splitlines()
    assert len({len(line) for line in lines}) == 1


def test_no_bonus_row_when_the_hands_make_the_totals() -> None:
    sheet = ScoreSheet(((0,), (1,), (2,)), ((40, -15, 90), (-5, 60, 20)), (35, 45, 110), 2)
    assert [label for label, _ in sheet_rows(sheet, "en", 99)] == ["1", "2"]
    assert cells(sheet_text(sheet, NAMES, "it", 2000))[0] == ["Mano", "Alice", "Bruno", "Chiara"]
    assert cells(sheet_text(sheet, NAMES, "it", 2000))[-1] == ["Totale", "35", "45", "110"]
    assert cells(sheet_text(sheet, NAMES, "en", 2000))[1] == ["1", "40", "\N{MINUS SIGN}15", "90"]


def test_older_hands_are_summed_to_fit_the_room() -> None:
    hands = tuple((10 * n, -n) for n in range(1, 41))
    totals = (sum(h[0] for h in hands) + 100, sum(h[1] for h in hands))
    sheet = ScoreSheet(((0,), (1,)), hands, totals, 40)
    whole = sheet_text(sheet, NAMES, "en", 5000)
    assert len(cells(whole)) == 1 + 40 + 2
    short = sheet_text(sheet, NAMES, "en", 300)
    assert 0 < len(short) <= 300
    rows = cells(short)
    first, listed, bonus = rows[1], rows[2:-2], rows[-2]
    kept = len(listed)
    assert first[0] == f"1–{40 - kept}" and listed[-1][0] == "40"
    older = hands[:40 - kept]
    assert first[1:] == [number(sum(h[0] for h in older)), number(sum(h[1] for h in older))]
    assert bonus == ["Bonus", "100", "0"]
    assert sheet_text(sheet, NAMES, "en", 20) == ""  # not even the title fits


def test_hands_a_game_did_not_keep_are_one_row() -> None:
    # Saved before hands were kept: hands 1-3 are known only through the totals.
    sheet = ScoreSheet(((0,), (1,)), ((20, 0), (0, 30)), (150, 60), 5)
    assert sheet_rows(sheet, "en", 9) == [("1–3", (130, 30)), ("4", (20, 0)), ("5", (0, 30))]
    assert sheet_rows(ScoreSheet(((0,), (1,)), ((5, 0),), (50, 0), 2), "en", 9)[0] == (
        "1", (45, 0))


def test_partners_share_a_column_and_names_are_whole_while_they_fit() -> None:
    sheet = ScoreSheet(((0, 2), (1, 3)), ((10, 5),), (10, 5), 1)
    text = sheet_text(sheet, ["Alice", "Bruno", "Chiara", "Dario"], "en", 2000)
    assert cells(text)[0] == ["Hand", "Alice", "+", "Chiara", "Bruno", "+", "Dario"]
    long = sheet_text(ScoreSheet(((0,), (1,)), ((1, 0),), (1, 0), 1),
                      ["Maximilian the Great", "Computer 1"], "en", 2000)
    assert cells(long)[0] == ["Hand", "Maximilian", "the", "Great", "Computer", "1"]
    assert "…" not in text + long
    # Partnerships of computers are too wide for a phone: tags, and their names in full above.
    computers = sheet_text(sheet, ["Alice", "Computer 1", "Computer 2", "Computer 3"], "en", 2000)
    assert cells(computers)[0] == ["Hand", "AL+C2", "C1+C3"] and "…" not in computers
    assert "C1 Computer 1" in computers.splitlines()[1]


def test_gin_lists_its_hands_and_names_hollywood_extras() -> None:
    game = GinGame(preset("hollywood"), seed=3)
    game.match.record(0, 30)
    game.match.record(1, 12)
    sheet = GIN.score_sheet(game)
    assert sheet.hands == ((30, 0), (0, 12)) and sheet.sides == ((0,), (1,))
    assert sheet.bonus_key == "gin.sheet.bonus_hollywood"
    assert GIN.score_sheet(GinGame(seed=3)).bonus_key == "sheet.bonus"


def test_a_game_of_no_hands_has_no_sheet() -> None:
    assert sheet_text(ScoreSheet(((0,), (1,)), (), (-6, -24), 0), NAMES, "en", 2000) == ""


def test_a_sheet_too_wide_for_a_phone_heads_its_columns_with_the_seat_tags() -> None:
    seven = ["Alice", "Computer 1", "Bartholomew", "Computer 3", "Dora", "Computer 5", "Eve"]
    sides = tuple((s,) for s in range(7))
    sheet = ScoreSheet(sides, ((22, 0, 121, 16, 3, 12, 26), (0, 5, None, 8, 0, 2, 13)),
                       (22, 5, 121, 24, 3, 14, 39), 2)
    text = sheet_text(sheet, seven, "en", 2000)
    legend = text.splitlines()[1]
    assert legend == ("AL Alice · C1 Computer 1 · Ba Bartholomew · C3 Computer 3 · Do Dora · "
                      "C5 Computer 5 · Ev Eve")
    assert cells(text)[0] == ["Hand", "AL", "C1", "Ba", "C3", "Do", "C5", "Ev"]
    assert cells(text)[2] == ["2", "0", "5", "–", "8", "0", "2", "13"], "a hand sat out"
    body = text.split("```")[1].strip("\n").splitlines()
    assert max(len(line) for line in body) <= 40
    three = sheet_text(ScoreSheet(sides[:3], ((1, 2, 3),), (1, 2, 3), 1), seven, "en", 2000)
    assert cells(three)[0] == ["Hand", "Alice", "Computer", "1", "Bartholomew"]
    assert "·" not in three, "names that fit need no legend"
