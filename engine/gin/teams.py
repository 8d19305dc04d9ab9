"""Team gin (gin.md "Team play"): two teams of n, n two-player boards played at once.

Seats alternate between the teams (0, 2, 4 … team A; 1, 3, 5 … team B). Board i pairs the
i-th member of each team, seats 2i and 2i+1, which are the board's local seats 0 and 1. Each
board is a `GinGame` whose hand, once ended, waits for the others instead of being scored;
the boards share the team `Match`, whose two columns are the teams (team A = local seat 0, so
the two-player views and computer player read the team score unchanged). When every board's
hand has ended, `team_hand` nets the results and the match records it; then every board deals
its next hand, its dealer rotating as in two-player gin.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Self

from ..base import CardGame, DeckSource
from ..cards import Card
from ..errors import BadState, GameOver, NotYourTurn
from ..game import DealSeed, Event
from ..match import Standing, standings
from ..match import first_dealer as first_dealer_of
from ..sides import Sides
from . import actions as A
from .events import HandEnded, MatchEnded
from .game import GinGame
from .match import Match, TeamHand, team_hand
from .options import GinOptions
from .scoring import HandResult
from .team_views import BoardView, OnBoard, TeamHandEnded, TeamTable
from .views import GinHand, ScoreSheet


class Board(GinGame):
    """One pair's two-player gin inside a team game: a hand that ends waits for the others."""

    def _end_hand(self, result: HandResult) -> list[Event]:
        self.last_result = result.report()
        self.last_winner = result.winner
        self.phase = "ended"
        return [Event("hand_end", result.winner, HandEnded(self.hand_no, self.last_result))]

    @property
    def ended(self) -> bool:
        """Whether this board's hand is over and waits for the other boards."""
        return self.phase == "ended"

    def to_act(self) -> list[int]:
        """Return the local seat this board waits for (none once its hand ended)."""
        return [] if self.ended else super().to_act()

    def legal_actions(self, seat: int) -> list[A.GinAction]:
        """List the local seat's moves (none once the hand ended)."""
        return [] if self.ended else super().legal_actions(seat)

    def check_seat(self, seat: int, action: A.GinAction) -> None:
        """Refuse every move once this board's hand ended, else as two-player gin."""
        if self.ended:
            raise NotYourTurn("your hand is over: wait for the other boards")
        super().check_seat(seat, action)

    def next_hand(self) -> list[Event]:
        """Deal this board's next hand, the other player dealing.

        The deal changes the board without a move of its own: its version moves on, so that
        nothing keyed on it (the seat clocks of `TeamGin.seat_version`) outlives the hand.
        """
        self.dealer = 1 - self.dealer
        events = self.deal()
        self.version += 1
        return events


class TeamGin(CardGame[GinOptions, A.GinAction]):
    """Gin for two teams of `team_size` players: 4, 6 or 8 seats."""

    name = "gin"
    options_type = GinOptions
    min_players, max_players = 4, 8

    def __init__(self, options: GinOptions, players: int, seed: int | None = None,
                 decks: Sequence[Sequence[Card | str]] = (),
                 first_dealer: int | None = None) -> None:
        """Deal a new team game (create's arguments)."""
        self.start(options, players, seed, decks, first_dealer)

    @classmethod
    def check_options(cls, opts: GinOptions) -> None:
        """Refuse options of a two-seat game, as well as invalid ones."""
        super().check_options(opts)
        if opts.team_size < 2:
            raise BadState("two-seat gin is played by GinGame")

    def choose_dealer(self, named: int | None) -> None:
        """Keep the named first dealer's local seat for every board (unnamed, each board draws
        its own from its seed)."""
        if named is not None:
            first_dealer_of(named, self.seats, self.seed)  # refuses a seat not at the table
        self.board_dealer = None if named is None else named % 2

    def setup(self) -> None:
        """Start the team match: no team hand played yet."""
        self.match = Match(self.opts)
        self.last_team: TeamHand | None = None

    def first_deal(self) -> None:
        """Deal every board its first hand, sharing the team match; the game's scripted decks
        go round the boards (board i deals decks i, i + n, i + 2n …)."""
        size = self.opts.team_size
        decks, self.deck.scripted = self.deck.scripted, []
        self.boards = [Board.create(self.opts, 2, self._board_seed(i), decks[i::size],
                                    self.board_dealer) for i in range(size)]
        for board in self.boards:
            board.match = self.match

    def _board_seed(self, board: int) -> int:
        return random.Random(f"{self.seed}:board:{board}").getrandbits(63)

    @classmethod
    def seat_range(cls, opts: GinOptions) -> tuple[int, int]:
        """Return the seats of two teams of the options' size."""
        seats = 2 * opts.team_size
        return seats, seats

    @classmethod
    def seating(cls, players: int) -> Sides:
        """Return the two teams, their members seated alternately."""
        return Sides.partnerships(2, players // 2)

    # --- seats and boards ----------------------------------------------------------------

    def board_of(self, seat: int) -> tuple[Board, int]:
        """Return a seat's board and its local seat there; NotYourTurn if not seated."""
        if not isinstance(seat, int) or not 0 <= seat < self.sides.seats:
            raise NotYourTurn("you are not playing in this game")
        return self.boards[seat // 2], seat % 2

    def seat_version(self, seat: int) -> int:
        """Return how many changes the seat's board has seen (its moves and deals): its turn
        clock restarts only then (the session keeps a seat's time left while the other boards
        play)."""
        return self.board_of(seat)[0].version

    @property
    def hand_no(self) -> int:
        """Return the number of the team hand being played (every board deals once each)."""
        return self.boards[0].hand_no

    @property
    def is_over(self) -> bool:
        """Whether the match has ended."""
        return self.match.over

    def to_act(self) -> list[int]:
        """Return every seat a board waits for."""
        if self.is_over:
            return []
        return [2 * i + local for i, b in enumerate(self.boards) for local in b.to_act()]

    def parse_action(self, text: str) -> A.GinAction:
        """Parse an action's text form."""
        return A.parse_action(text)

    def legal_actions(self, seat: int) -> list[A.GinAction]:
        """List the seat's moves on its own board."""
        board, local = self.board_of(seat)
        return board.legal_actions(local)

    # --- verify and apply ------------------------------------------------------------------

    def verify(self, seat: int, action: A.GinAction) -> None:
        """Refuse a move the seat's own board refuses (or any once the match is over)."""
        if self.is_over:
            raise GameOver("the game is over")
        board, local = self.board_of(seat)
        board.verify(local, action)

    def apply(self, seat: int, action: A.GinAction | str) -> list[Event]:
        """Play the move on the seat's board; score the team hand once every board ended."""
        if isinstance(action, str):
            action = self.parse_action(action)
        self.verify(seat, action)
        board, local = self.board_of(seat)
        events = self._from_board(seat // 2, board.apply(local, action))
        self.version += 1
        if all(b.ended for b in self.boards):
            events += self._end_team_hand()
        return events

    def _from_board(self, index: int, events: list[Event]) -> list[Event]:
        """Return a board's events with the game's seats, its payloads marked with the board.

        A board's hand end is "board_end": the team hand ends only with the last board.
        """
        def seat(local: int | None) -> int | None:
            return None if local is None else 2 * index + local

        return [Event("board_end" if e.kind == "hand_end" else e.kind, seat(e.seat),
                      OnBoard(index, e.public), e.private) for e in events]

    def _end_team_hand(self) -> list[Event]:
        reports = []
        for b in self.boards:
            assert b.last_result is not None
            reports.append(b.last_result)
        team = team_hand([(r.winner, r.points) for r in reports])
        self.last_team = team
        finished = self.match.record(team.winner, team.points)
        events = [Event("hand_end", None, TeamHandEnded(self.hand_no, tuple(reports), team))]
        events += [Event("game_end", None, g) for g in finished]
        if self.match.over:
            for b in self.boards:
                b.phase = "over"
            return events + [Event("match_end", None, MatchEnded(self.scores()))]
        for i, b in enumerate(self.boards):
            events += self._from_board(i, b.next_hand())
        return events

    # --- fair shuffles ---------------------------------------------------------------------

    def commitments(self) -> list[str]:
        """Return each board's commitment, in board order (each board shuffles its own)."""
        return [c for b in self.boards for c in b.commitments()]

    def revealed(self, dealt_again: bool) -> list[DealSeed]:
        """Return each board's seed of the team hand just ended, in board order."""
        return [s for b in self.boards for s in b.revealed(dealt_again)]

    # --- views -----------------------------------------------------------------------------

    def scores(self) -> ScoreSheet:
        """Return the team score sheet (column 0 team A, 1 team B)."""
        return ScoreSheet.of(self.match)

    def standings(self) -> list[Standing]:
        """Rank the two teams by match points (end-of-game bonuses included)."""
        m = self.match
        return standings(self.sides, m.points(), [] if m.winner is None else [m.winner])

    def public_view(self) -> TeamTable:
        """Return every board's public table and the team score."""
        boards = tuple(BoardView(i, (2 * i, 2 * i + 1), b.ended, b.public_view())
                       for i, b in enumerate(self.boards))
        return TeamTable(self.name, self.version, self.hand_no, self.opts, boards,
                         self.scores(), self.last_team, tuple(self.to_act()))

    def private_view(self, seat: int) -> GinHand:
        """Return the seat's own board's two-player hand view (local seats 0 and 1)."""
        board, local = self.board_of(seat)
        return board.private_view(local)

    # --- persistence -----------------------------------------------------------------------

    def state_json(self) -> dict[str, Any]:
        """Return the game's fields for its snapshot: the match once, each board's own."""
        boards = []
        for b in self.boards:
            data = b.state_json()
            del data["match"]  # shared: saved once
            boards.append(data)
        return {**self.deck.to_json(), "version": self.version, "players": self.sides.seats,
                "match": self.match.to_dict(), "boards": boards,
                "last_team": None if self.last_team is None else self.last_team.to_dict()}

    @classmethod
    def load_state(cls, opts: GinOptions, data: dict[str, Any]) -> Self:
        """Rebuild a team game from its options and snapshot fields."""
        game = cls.__new__(cls)
        players = int(data["players"])
        if opts.team_size < 2 or players != 2 * opts.team_size or len(data["boards"]) != (
                opts.team_size):
            raise BadState("the teams of this saved game do not add up")
        game.opts, game.sides = opts, cls.seating(players)
        game.deck, game.version = DeckSource.from_json(data), int(data["version"])
        game.match = Match.from_dict(opts, data["match"])
        last = data["last_team"]
        game.last_team = None if last is None else TeamHand.from_dict(last)
        game.boards = [Board.load_state(opts, {**b, "match": data["match"]})
                       for b in data["boards"]]
        for board in game.boards:
            board.match = game.match
        return game
