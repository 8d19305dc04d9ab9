"""The gin adapter's table shows each match format's scores the way that format keeps them.

Also: the captions inside pictures follow the player's language (gin and Rummy 500).
"""

from __future__ import annotations

import io
from dataclasses import replace

from PIL import Image

from card_images import HandEndSpec, render_hand_end
from card_images.style import DISPLAY_WIDTH, LAID_OFF
from cogs.adapters import Deal, Outcome, view_of
from cogs.adapters import gin_mahjong as mj
from cogs.adapters import gin_teams as teams
from cogs.adapters.gin import GIN, ClosedLook, match_line
from cogs.adapters.rummy500 import RUMMY500
from engine.game import Event
from engine.gin import GinGame, preset
from engine.gin.ai import choose_action
from engine.gin.events import MatchEnded
from engine.gin.views import HandReport, MahjongTally, RevealReport
from engine.gin.views import ScoreSheet as MatchScores
from engine.rummy500 import Rummy500Game
from engine.table import MeldView as TableMeldView
from engine.table import Placed
from tests.engine.gin.test_mahjong import example_17

NAMES = ["Alice", "Bruno"]


def _game(name: str, wins: list[tuple[int, int]]) -> GinGame:
    game = GinGame(preset(name), seed=3)
    for seat, points in wins:
        game.match.record(seat, points)
    return game


def test_hollywood_table_shows_all_three_columns() -> None:
    game = _game("hollywood", [(0, 20), (1, 15), (0, 30), (0, 25), (1, 40)])
    seats = GIN.table_spec(game, NAMES, "en").seats
    assert [s.score for s in seats] == ["G1 75 · G2 55 · G3 25", "G1 55 · G2 40 · G3 0"]
    assert GIN.table_spec(game, NAMES, "it").seats[0].score == "P1 75 · P2 55 · P3 25"


def test_best_of_table_shows_games_won_and_this_game() -> None:
    game = _game("tournament", [(0, 90), (0, 90), (0, 90), (1, 40)])
    seats = GIN.table_spec(game, NAMES, "en").seats
    assert [s.score for s in seats] == ["0 pts · games won: 1", "40 pts · games won: 0"]


def test_multi_game_table_shows_match_points() -> None:
    game = _game("multi_game", [(0, 30), (1, 20), (0, 30), (1, 20), (0, 25), (0, 25), (1, 10)])
    seats = GIN.table_spec(game, NAMES, "en").seats
    assert [s.score for s in seats] == ["0 pts · match: 310", "10 pts · match: 90"]


def test_single_game_table_shows_the_running_score() -> None:
    game = _game("standard", [(0, 30), (1, 12)])
    assert [s.score for s in GIN.table_spec(game, NAMES, "en").seats] == ["30 pts", "12 pts"]


def test_end_of_hand_title_says_how_the_hand_ended() -> None:
    from tests.engine.gin.scripted import scripted
    game = scripted("3C 4C 5C 9H 9S 9D JS QS KS 8D", "AH AS AD 5H 6H 7H 2C 6C 4D 6D", upcard="KH",
                    stock="KD")
    for seat, action in ((0, "pass"), (1, "pass"), (0, "draw")):
        game.apply(seat, action)
    events = game.apply(0, "knock KD")
    ended = GIN.hand_end(game, events, NAMES, "en")
    assert ended is not None
    assert ended[0].title == "Hand 1: Alice knocked with 8 deadwood!"
    italian = GIN.hand_end(game, events, NAMES, "it")
    assert italian is not None and italian[0].title.startswith("Mano 1: Alice")
    # the last lines are the running totals, said as totals (the hand's points come first)
    totals = game.public_view().scores.running
    assert totals[0] > 0
    assert ended[1][-2:] == [f"{NAMES[0]}: total {totals[0]}", f"{NAMES[1]}: total {totals[1]}"]
    assert italian[1][-1] == f"{NAMES[1]}: totale {totals[1]}"


def test_picture_captions_follow_the_players_language() -> None:
    game = GinGame(seed=3)
    assert GIN.hand_spec(game, 0, "suit", "it").loose_label == "Punti morti"
    assert GIN.hand_spec(game, 0, "suit", "en").loose_label == "Deadwood"
    rummy = Rummy500Game(players=3, seed=3)
    assert RUMMY500.hand_spec(rummy, 0, "suit", "it").loose_label == "In mano"


def test_outcomes_are_the_engines_standings_per_seat() -> None:
    game = _game("standard", [(1, 40), (0, 100)])  # 100 + game 100 + a line 25; 40 + a line 25
    assert game.is_over
    assert GIN.outcomes(game) == [Outcome(0, 225, True), Outcome(1, 65, False)]
    # each shutout game: 100 + a line 25 + game 100 + shutout 100 = 325 match points
    multi = _game("multi_game", [(0, 100), (1, 100), (0, 100)])
    assert multi.is_over and multi.match.match_scores == [650, 325]
    assert GIN.outcomes(multi) == [Outcome(0, 650, True), Outcome(1, 325, False)]


def test_a_multi_game_match_tied_past_its_target_says_play_goes_on() -> None:
    def match(*wins: tuple[int, int]) -> tuple[GinGame, list[Event]]:
        game = GinGame(preset("multi_game", target_score=60, match_target=100, game_bonus=0,
                              line_bonus=0), seed=3)
        ended = [e for seat, points in wins for e in game.match.record(seat, points)]
        return game, [Event("game_end", None, ended[-1])]

    tied, events = match((1, 50), (0, 60), (0, 50), (1, 60))  # game 2 ends: 110 - 110
    lines = ClosedLook(tied).total_lines(events, NAMES, "en")
    assert lines[-1] == ("Tied at 110: Alice, Bruno share the lead past the target, so play "
                         "goes on.")
    assert ClosedLook(tied).total_lines(events, NAMES, "it")[-1] == (
        "Pari a 110: Alice, Bruno sono in testa a pari merito oltre l'obiettivo, quindi si "
        "continua a giocare.")
    won, events = match((1, 50), (0, 60), (0, 50), (1, 60), (0, 60))
    assert won.is_over
    assert not any("Tied" in line for line in ClosedLook(won).total_lines(events, NAMES, "en"))


def test_a_timer_in_mahjong_draws_and_discards_but_never_puts_cards_down() -> None:
    g = example_17()  # Alice holds a set of aces and a run of diamonds she could meld
    assert GIN.default_move(g, 0) == "draw"
    g.apply(0, "draw")
    assert str(choose_action(view_of(g, 0))).startswith(("meld ", "layoff "))
    assert GIN.default_move(g, 0).startswith("discard ")
    owed = example_17()
    owed.apply(0, "take 3")  # 8C is owed: no discard is legal until it is used
    assert GIN.default_move(owed, 0).startswith(("meld ", "layoff "))


def test_each_discard_choice_says_the_deadwood_it_leaves() -> None:
    from cogs.adapters import SelectControl
    from tests.engine.gin.scripted import scripted

    game = scripted("2H 3H 4H 7S 7D 7C 9S KD QC 5S", "AS 2S 3S 4S 6H 8H 10H JH 6C 8C",
                    upcard="KH")
    game.apply(0, "take_upcard")  # 2-3-4♥ and three 7s melded; 9♠ K♦ Q♣ 5♠ K♥ = 44 loose
    select = next(c for c in GIN.controls(game, 0, "en") if isinstance(c, SelectControl))
    said = {o.value: o.description for o in select.options}
    assert "KH" not in said  # the card just taken stays
    assert said["KD"] == said["QC"] == "Deadwood left: 34"
    assert (said["9S"], said["5S"]) == ("Deadwood left: 35", "Deadwood left: 39")
    assert said["2H"] == "Deadwood left: 51"  # breaks the run: 3♥ and 4♥ come loose
    assert said["7S"] == "Deadwood left: 58"  # breaks the set: 7♦ and 7♣ come loose
    assert [o.value for o in select.options][:2] in (["KD", "QC"], ["QC", "KD"])
    it = next(c for c in GIN.controls(game, 0, "it") if isinstance(c, SelectControl))
    assert {o.value: o.description for o in it.options}["5S"] == "Ti restano 39 punti in mano"


def test_the_discard_prompt_offers_a_knock_only_when_the_knock_menu_is_shown() -> None:
    from cogs.adapters import SelectControl
    from tests.engine.gin.scripted import scripted

    loose = scripted("2H 3H 4H 7S 7D 7C 9S KD QC 5S", "AS 2S 3S 4S 6H 8H 10H JH 6C 8C",
                     upcard="KH")
    loose.apply(0, "take_upcard")  # 34 deadwood at best: no knock
    low = scripted("2H 3H 4H 7S 7D 7C 9S 9D 9C AC", "AS 2S 3S 4S 6H 8H 10H JH 6C 8C",
                   upcard="KH")
    low.apply(0, "take_upcard")  # K♥ thrown, A♣ left: a knock
    for game, english, italian, knock in (
            (loose, "Choose a card to discard.", "Scegli la carta da scartare.", False),
            (low, "Choose a card to discard, or knock.", "Scegli la carta da scartare, oppure "
             "bussa.", True)):
        assert GIN.hand_prompt(game, 0, NAMES, "en").splitlines()[0] == english
        assert GIN.hand_prompt(game, 0, NAMES, "it").splitlines()[0] == italian
        verbs = {c.verb for c in GIN.controls(game, 0, "en") if isinstance(c, SelectControl)}
        assert ("knock" in verbs) == knock


def test_mahjong_play_prompt_names_meld_and_lay_off_only_when_offered() -> None:
    g = example_17()
    g.apply(0, "draw")  # a set of aces and a run of diamonds to meld, no meld to lay off on
    assert GIN.hand_prompt(g, 0, NAMES, "en").splitlines()[0] == (
        "Meld, then discard. Empty your hand to go gin.")
    assert GIN.hand_prompt(g, 0, NAMES, "it").splitlines()[0] == (
        "Cala, poi scarta. Se resti senza carte fai gin.")


def test_a_match_s_end_names_its_winner_only_when_it_had_several_games() -> None:
    def scores(format: str, winner: int | None) -> MatchScores:
        return MatchScores(format, (), (0, 0), (0, 0), (0, 0), True, winner, 100)

    names = ["Alice", "Bruno"]
    # a single game: its end named the winner, and the table says "Game over!" under it
    assert match_line(scores("single", 0), names, "en") == ""
    assert match_line(scores("hollywood", None), names, "en") == ""
    assert match_line(scores("hollywood", 1), names, "en") == "Bruno wins the match!"
    assert match_line(scores("multi_game", 0), names, "it") == "Alice vince l'incontro!"


def mahjong_report() -> HandReport:
    """Alice's heart run A-5 with the 2♥ Computer 1 laid off on it; she went gin."""
    run = TableMeldView("A", 0, "run", tuple(
        Placed(card, 1 if card == "2H" else 0, 5, "layoff" if card == "2H" else "meld")
        for card in ("AH", "2H", "3H", "4H", "5H")))
    reveals = (RevealReport((), (), (), 0), RevealReport((), ("9S",), (), 9))
    return HandReport("gin", 0, 0, 130, (0, 9), False, 9, reveals,
                      MahjongTally((20, 5), (0, 9), (25, 0)), (run,))


def test_a_mahjong_lay_off_is_drawn_in_the_meld_it_joined_tagged_by_its_player() -> None:
    rows = mj.end_rows(mahjong_report(), ["Alice", "Computer 1"], "en")
    assert rows[0].melds == [["AH", "2H", "3H", "4H", "5H"]]  # the run whole, in order
    assert (rows[0].laid_off, rows[0].laid_off_tags) == (["2H"], ["C1"])
    assert rows[1].layoffs == [] and rows[1].melds == []  # not drawn a second time
    image = Image.open(io.BytesIO(render_hand_end(HandEndSpec("Hand 1", rows))))
    untagged = replace(rows[0], laid_off=[], laid_off_tags=[])
    plain = Image.open(io.BytesIO(render_hand_end(HandEndSpec("Hand 1", [untagged, rows[1]]))))
    assert image.width <= DISPLAY_WIDTH
    assert colour_count(image, LAID_OFF) > colour_count(plain, LAID_OFF)  # the C1 tag


def colour_count(image: Image.Image, colour: tuple[int, ...]) -> int:
    """Count the pixels of one colour."""
    histogram = image.convert("RGB").getcolors(maxcolors=1 << 20) or []
    return sum(n for n, c in histogram if c == tuple(colour[:3]))


def test_mahjong_gin_is_named_on_its_table_and_hand_and_team_gin_names_board_and_opponent(
        ) -> None:
    mahjong = GIN.new_game(GIN.options("mahjong", {}), 2, Deal(seed=1))
    assert GIN.table_spec(mahjong, NAMES[:2], "en").title == "Mahjong gin: hand 1"
    assert GIN.hand_spec(mahjong, 0, "suit", "it").title == "La tua mano: Gin Mahjong"
    assert GIN.table_spec(GinGame(seed=3), NAMES[:2], "en").title == "Gin Rummy: hand 1"
    assert GIN.hand_title(mahjong, 0, NAMES[:2], "en") is None
    four = ["Alice", "Bruno", "Chiara", "Dario"]
    teams = GIN.new_game(GIN.options("standard", {"team_size": 2}), 4, Deal(seed=1))
    assert GIN.hand_title(teams, 2, four, "en") == "Your hand: board 2, against Dario"
    assert GIN.hand_title(teams, 1, four, "it") == "La tua mano: tavolo 1, contro Alice"


def test_a_team_match_s_end_names_the_winning_team_in_the_plural() -> None:
    four = ["Alice", "Bruno", "Chiara", "Dario"]

    def said(format: str, locale: str) -> str:
        ended = MatchEnded(MatchScores(format, (), (0, 0), (0, 0), (0, 0), True, 1, 100))
        return teams.event_line(Event("match_end", None, ended), four, locale,
                                lambda e, two: "unused")

    assert said("single", "en") == ""  # its game's end named the team
    assert said("best_of", "en") == "Bruno & Dario win the match!"
    assert said("best_of", "it") == "Bruno & Dario vincono l'incontro!"
