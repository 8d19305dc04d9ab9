"""The Gin Rummy adapter: presets, pictures, controls and announcements for `engine.gin`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from bot.i18n import card_text as _pretty
from bot.i18n import cards_text, t
from card_images import HandEndRow, HandEndSpec, HandSpec, MeldSpec, SeatSpec, TableSpec
from cogs.adapters import (
    ButtonControl,
    Control,
    Deal,
    Outcome,
    ScoreSheet,
    SelectControl,
    SelectOption,
    view_of,
)
from cogs.adapters import gin_mahjong as mj
from cogs.adapters import gin_teams as teams
from cogs.adapters.base import AdapterBase, levels, sheet_of, tie_line, with_words
from cogs.adapters.melding import compose_play, menu_step
from engine.cards import Card
from engine.game import Event
from engine.gin import GinGame, GinOptions, arrangements, card_value, load_game, new_game
from engine.gin.ai import choose_action, greedy_action
from engine.gin.ai_hard import choose_action_hard
from engine.gin.deadwood import meld_rules, min_deadwood
from engine.gin.events import (
    Dealt,
    Discarded,
    GameEnded,
    GinPayload,
    HandEnded,
    Knocked,
    MatchEnded,
    Taken,
)
from engine.gin.mahjong_ai import shed
from engine.gin.teams import TeamGin
from engine.gin.views import GinHand, GinTable, HandReport
from engine.sides import Sides
from engine.solver import Arrangement

MAX_OPTIONS = 25  # Discord's limit on a select menu's options


class GinAdapter(AdapterBase[GinGame | TeamGin]):
    """Gin Rummy for the host: its pictures, controls and lines; the rest is shared."""

    game = GinGame
    # Mahjong gin: a player's own melds and lay-offs he must see on the table (their ids)
    notable: frozenset[str] = frozenset({"meld", "layoff"})

    players = levels(greedy_action, choose_action, choose_action_hard)
    # the lobby's line per team and its note under them
    partner_keys = ("gin_teams.lobby_team", "gin_teams.lobby_note")

    def seat_range(self, options: GinOptions) -> tuple[int, int]:
        """Return two seats, or two teams' worth with team play."""
        seats = 2 * options.team_size if options.team_size > 1 else 2
        return seats, seats

    def sides(self, players: int) -> Sides:
        """Return two players alone, or two teams seated alternately."""
        return TeamGin.seating(players) if players > 2 else GinGame.seating(players)

    def new_game(self, options: GinOptions, players: int, deal: Deal) -> GinGame | TeamGin:
        """Deal the gin the options play: closed, Mahjong or team gin."""
        return new_game(options, players, seed=deal.seed, decks=deal.decks,
                        first_dealer=deal.first_dealer)

    def load(self, snapshot: dict[str, Any]) -> GinGame | TeamGin:
        """Rebuild a game from its snapshot, as the class its options play."""
        return load_game(snapshot)

    def default_move(self, game: Any, seat: int) -> str:
        """Play safe for an absent player: pass the upcard, draw, discard, never end the hand
        nor (Mahjong) put cards down."""
        legal = [str(a) for a in game.legal_actions(seat)]
        if "pass" in legal:
            return "pass"
        if "draw" in legal:
            return "draw"
        choice = str(choose_action(view_of(game, seat)))
        if choice.startswith(("meld ", "layoff ")):  # Mahjong: never put cards down for him
            return shed(view_of(game, seat)) or choice  # (unless a card taken must be used)
        if choice.startswith("knock "):
            return "discard " + choice.split()[1]
        if choice == "big_gin":
            discards = [a for a in legal if a.startswith("discard ")]
            return discards[0] if discards else choice
        return choice

    # ----- pictures ---------------------------------------------------------------------------

    def _teams_score(self, locale: str) -> Callable[[GinTable, int], str]:
        """Return how a team's score reads (a board's table holds the teams' score sheet)."""
        return lambda table, team: self._score_text(table, team, locale)

    def _team_totals(self, game: TeamGin, names: Sequence[str], locale: str) -> list[str]:
        return teams.team_totals(view_of(game), names, locale, self._teams_score(locale))

    def _score_text(self, view: GinTable, seat: int, locale: str) -> str:
        """Return a seat's score as the match format keeps it (three columns in Hollywood)."""
        scores = view.scores
        current = scores.columns[-1]  # a finished game counts with its bonuses, as announced
        total = current.finals[seat] if current.finished else current.running[seat]
        points = t("table.points", locale, points=total)
        if scores.format == "hollywood":
            cols = [c.finals[seat] if c.finished else c.running[seat] for c in scores.columns]
            return t("table.hollywood", locale, g1=cols[0], g2=cols[1], g3=cols[2])
        if scores.format == "best_of":
            return t("table.best_of", locale, points=points, games=scores.games_won[seat])
        if scores.format == "multi_game":
            return t("table.multi_game", locale, points=points, match=scores.match_scores[seat])
        return points

    def table_spec(self, game: Any, names: Sequence[str], locale: str) -> TableSpec:
        """Return the public table: stock, discard pile, knock card, counts and scores."""
        if isinstance(game, TeamGin):
            return teams.table_spec(game, names, locale, self._teams_score(locale),
                                    teams.status(game, names, locale))
        view: GinTable = view_of(game)
        mahjong = view.options.mahjong
        seats = [
            SeatSpec(
                name=names[i],
                card_count=view.hand_sizes[i],
                score=self._score_text(view, i, locale),
                melds=mj.seat_melds(view.melds, i) if mahjong else [
                    MeldSpec("", list(m)) for m in view.shown_melds[i]],
                is_turn=view.turn == i,
                note=t("table.dealer", locale) if view.dealer == i else "",
                detail=mj.put_down_note(view, i, locale) if mahjong else "",
            )
            for i in range(2)
        ]
        spec = with_words(TableSpec(
            title=t("table.title", locale, game=t("game.gin", locale), number=view.hand_no),
            seats=seats,
            stock_count=view.stock,
            discard=list(view.discard),
            discard_spread=mj.takes_below_top(view.options),
            knock_card=view.knock_card,
            status=self.table_status(game, names, locale),
            footer=t("table.target", locale, target=view.scores.target),
            note_no_melds=False,
        ), locale)
        return mj.numbered_pile(spec, locale) if mahjong else spec

    def table_status(self, game: Any, names: Sequence[str], locale: str) -> str:
        """Return whose turn it is (or who won)."""
        if isinstance(game, TeamGin):
            return teams.status(game, names, locale)
        view: GinTable = view_of(game)
        if game.is_over:
            winner = view.scores.winner
            if winner is None:
                return t("event.game_over", locale)
            return t("table.winner", locale, name=names[winner])
        assert view.turn is not None
        return t("table.turn_of", locale, name=names[view.turn])

    def hand_spec(self, game: Any, seat: int, sort: str, locale: str) -> HandSpec:
        """Return the seat's hand with its best melds grouped and deadwood apart."""
        view: GinHand = view_of(game, seat)
        opts: GinOptions = game.opts
        best = _shown_arrangement(view.hand, opts.wrap, opts.unmelded_ace_value)
        melds = [[str(c) for c in m.cards] for m in best.melds] if best else []
        deadwood = [str(c) for c in best.deadwood] if best else []
        return HandSpec(
            cards=list(view.hand),
            melds=melds,
            deadwood=deadwood,
            deadwood_value=mj.held_value(view) if opts.mahjong else view.deadwood,
            sort="rank" if sort == "rank" else "suit",
            title=t("hand.title", locale, game=t("game.gin", locale)),
            highlight=[view.taken] if view.taken else [],
            deadwood_label=t("mahjong.in_hand" if opts.mahjong else "picture.deadwood", locale),
            empty_label=t("picture.no_cards", locale),
        )

    def hand_prompt(self, game: Any, seat: int, names: Sequence[str], locale: str) -> str:
        """Return what the seat may do now, or whom the game waits for."""
        if isinstance(game, TeamGin):
            board, mine = game.board_of(seat)
            if game.is_over:
                return teams.status(game, names, locale)
            if board.ended:
                return t("gin_teams.your_board_over", locale)
            return self.hand_prompt(board, mine, teams.pair(seat // 2, names), locale)
        view: GinHand = view_of(game, seat)
        legal, pile = view.legal, view.table.discard
        top = pile[-1] if pile else ""
        deadwood = (mj.held_line(view, locale) if game.opts.mahjong else
                    t("hand.deadwood", locale, points=view.deadwood))
        if game.is_over:
            return self.table_status(game, names, locale)
        if not legal:
            turn = view.table.turn
            assert turn is not None
            return t("turn.waiting_for", locale, name=names[turn]) + "\n" + deadwood
        play = mj.prompt(view, locale) if game.opts.mahjong else None
        if play is not None:
            line = play
        elif "take_upcard" in legal:
            line = t("turn.upcard_choice", locale, card=_pretty(top))
        elif "take" in legal:
            line = t("turn.draw_choice", locale, card=_pretty(top))
        elif "draw" in legal:
            line = t("turn.draw_only", locale)
        else:
            line = t("turn.discard_choice", locale)
        return line + "\n" + deadwood

    def controls(self, game: Any, seat: int, locale: str, draft: str = "") -> list[Control]:
        """Return buttons for draw/take/pass/big gin and selects for discards and knocks."""
        view: GinHand = view_of(game, seat)
        legal, pile = view.legal, view.table.discard
        top = _pretty(pile[-1]) if pile else ""
        buttons: list[Control] = []
        labels = {
            "take_upcard": (t("action.take_upcard", locale, card=top), "success"),
            "pass": (t("action.pass_upcard", locale), "secondary"),
            "draw": (t("action.draw_stock", locale), "primary"),
            "take": (t("action.take_discard", locale, card=top), "success"),
            "big_gin": (t("action.big_gin", locale), "danger"),
        }
        for action, (label, style) in labels.items():
            if action in legal:
                buttons.append(ButtonControl(action, label, style))  # type: ignore[arg-type]
        if game.opts.mahjong:
            menus = mj.controls(view, draft, locale)
            if draft.removesuffix("+more"):
                return menus
            return buttons + mj.take_button(legal, locale) + menus
        selects: list[Control] = []
        hand = view.hand
        discards = [a.split()[1] for a in legal if a.startswith("discard ")]
        if discards:
            selects.append(self._card_select("discard", discards, hand, game, seat, locale))
        knocks = [a.split()[1] for a in legal if a.startswith("knock ")]
        if knocks:
            selects.append(self._card_select("knock", knocks, hand, game, seat, locale))
        deep = [a[len("take "):] for a in legal if a.startswith("take ") and " with " in a]
        if deep:
            options = [SelectOption(v, v.replace(" with ", " + ")) for v in deep[:MAX_OPTIONS]]
            selects.append(SelectControl("take", t("action.deep_placeholder", locale), options))
        return buttons + selects

    def _card_select(
        self, verb: str, cards: list[str], hand: Sequence[str], game: Any, seat: int,
        locale: str
    ) -> SelectControl:
        """Build a select of cards, each labelled with the deadwood it leaves."""
        opts: GinOptions = game.opts
        options = []
        for text in _by_value(cards, opts)[:MAX_OPTIONS]:
            rest = [c for c in hand if c != text]  # one pack: a card's text is unique
            left = min_deadwood(rest, opts.wrap, opts.unmelded_ace_value)
            key = "action.knock_card" if verb == "knock" else "action.discard_card"
            if verb == "knock" and left == 0:
                key = "action.gin_card"
            options.append(
                SelectOption(
                    text,
                    t(key, locale, card=_pretty(text)),
                    t("action.deadwood_after", locale, points=left),
                )
            )
        placeholder = f"action.{verb}_placeholder"
        return SelectControl(verb, t(placeholder, locale), options)

    def step(self, game: Any, seat: int, draft: str, text: str) -> str:
        """Move within Mahjong gin's menus: the pile's depths, a lay-off's meld, the page."""
        return menu_step(draft, text)

    def compose(self, game: Any, seat: int, verb: str, values: Sequence[str]) -> str:
        """Return the action a select sends: a meld's cards joined, a card's only target."""
        return compose_play(lambda: view_of(game, seat).legal, verb, values,
                            meld_rules(game.opts.wrap))

    # ----- announcements ----------------------------------------------------------------------

    def describe(self, events: Sequence[Event], names: Sequence[str], locale: str) -> list[str]:
        """Return one public line per event worth a line (never a drawn card)."""
        lines: list[str] = []
        team = teams.of_team(events)
        for ev in events:
            line = (teams.event_line(ev, names, locale, lambda e, two: self._line(e, two, locale))
                    if team else self._line(ev, names, locale))
            if line:
                lines.append(line)
        return lines

    def _line(self, ev: Event, names: Sequence[str], locale: str) -> str:
        who = names[ev.seat] if ev.seat is not None else ""
        if ev.kind in _SIMPLE:
            return t(_SIMPLE[ev.kind], locale, name=who)
        p: GinPayload = ev.public
        if isinstance(p, Taken) and p.meld:
            return t("event.took_deep", locale, name=who, card=_pretty(p.card),
                     meld=cards_text(p.meld))
        if isinstance(p, Taken):
            return t("event.took_discard", locale, name=who, card=_pretty(p.card))
        if isinstance(p, Discarded):
            return t("event.discarded", locale, name=who, card=_pretty(p.card))
        if isinstance(p, Knocked):
            return t("event.knocked", locale, name=who, deadwood=p.deadwood)
        if isinstance(p, Dealt):
            return self._deal_line(p.hand, p.dealer, p.knock_card, names, locale)
        if isinstance(p, HandEnded):
            return self._result_line(p.result, names, locale)
        if isinstance(p, GameEnded):
            return t("event.winner", locale, name=names[p.winner], points=p.finals[p.winner])
        if isinstance(p, MatchEnded):
            return t("event.game_over", locale)
        return mj.event_line(p, who, locale)

    def opening_lines(self, game: Any, names: Sequence[str], locale: str) -> list[str]:
        """Return the lines announcing the first deal (dealer, knock card)."""
        if isinstance(game, TeamGin):
            return teams.opening_lines(game, names, locale, lambda b, two: self._deal_line(
                b.table.hand_no, b.table.dealer, b.table.knock_card, two, locale))
        view: GinTable = view_of(game)
        return [self._deal_line(view.hand_no, view.dealer, view.knock_card, names, locale)]

    def _deal_line(self, hand: int, dealer: int, card: str | None, names: Sequence[str],
                   locale: str) -> str:
        line = t("event.new_hand", locale, number=hand, name=names[dealer])
        if card:
            parsed = Card.parse(card)
            if parsed.rank == 1:
                extra = t("oklahoma.knock_card_ace", locale, card=_pretty(card))
            elif parsed.suit == "S":
                extra = t("oklahoma.knock_card_spade", locale, card=_pretty(card))
            else:
                extra = t("oklahoma.knock_card", locale, card=_pretty(card),
                          limit=min(parsed.rank, 10))
            line += " " + extra
        return line

    def _result_line(self, result: HandReport, names: Sequence[str], locale: str) -> str:
        kind, winner = result.kind, result.winner
        if kind == "dead":
            return t("event.dead_hand", locale)
        if winner is None:
            return t("event.hand_no_winner", locale)
        if result.mahjong is not None:
            return t("mahjong.event.hand_won", locale, name=names[winner],
                     points=result.mahjong.totals[winner])
        line = t("event.hand_won", locale, name=names[winner], points=result.points)
        if kind == "undercut":
            line = t("event.undercut", locale, name=names[winner],
                     deadwood=result.values[winner]) + " " + line
        return line

    def _ending(self, result: HandReport, names: Sequence[str], locale: str) -> str:
        """Say how the hand ended, for the end-of-hand picture's title."""
        kind, ender = result.kind, result.ender
        if kind == "dead" or ender is None:
            return t("hand_end.dead", locale)
        if kind in ("gin", "big_gin"):
            return t(f"event.{kind}", locale, name=names[ender])
        return t("event.knocked", locale, name=names[ender], deadwood=result.values[ender])

    def hand_end(
        self, game: Any, events: Sequence[Event], names: Sequence[str], locale: str
    ) -> tuple[HandEndSpec, list[str]] | None:
        """Return every hand revealed with melds, layoffs, deadwood, and the score lines."""
        if isinstance(game, TeamGin):
            return teams.hand_end(events, names, locale, self._team_totals(game, names, locale))
        end = next((e.public for e in events if isinstance(e.public, HandEnded)), None)
        if end is None:
            return None
        result = end.result
        if result.mahjong is not None:
            return self._mahjong_end(game, events, end, names, locale)
        rows = []
        for seat, reveal in enumerate(result.reveals):
            points = result.points if result.winner == seat else 0
            rows.append(
                HandEndRow(
                    name=names[seat],
                    melds=[list(m) for m in reveal.melds],
                    layoffs=[card for card, _ in reveal.layoffs],
                    deadwood=list(reveal.deadwood),
                    deadwood_value=reveal.deadwood_value,
                    points=t("table.points", locale, points=points),
                    layoff_label=t("picture.laid_off", locale),
                    deadwood_label=t("picture.deadwood", locale),
                )
            )
        lines = [self._result_line(result, names, locale)]
        if result.doubled:
            lines.append(t("event.spade_double", locale))
        lines += self._total_lines(game, events, names, locale)
        title = t("hand_end.title", locale, number=end.hand,
                  what=self._ending(result, names, locale))
        # The lines go in the message text above the picture, so the picture does not repeat them.
        return HandEndSpec(title=title, rows=rows), lines

    def _mahjong_end(self, game: Any, events: Sequence[Event], end: HandEnded,
                     names: Sequence[str], locale: str) -> tuple[HandEndSpec, list[str]]:
        result = end.result
        lines = [self._result_line(result, names, locale)]
        lines += mj.score_lines(result, names, locale)
        lines += self._total_lines(game, events, names, locale)
        scores = view_of(game).scores
        if scores.tied:  # equal totals past the target: another hand
            lines.append(tie_line(scores.tied, scores.running, names, locale))
        title = t("hand_end.title", locale, number=end.hand,
                  what=self._ending(result, names, locale))
        return HandEndSpec(title=title, rows=mj.end_rows(result, names, locale)), lines

    def _total_lines(
        self, game: Any, events: Sequence[Event], names: Sequence[str], locale: str
    ) -> list[str]:
        finished = [e.public for e in events if isinstance(e.public, GameEnded)]
        if finished:
            g = finished[-1]
            lines = [t("event.final_score_line", locale, name=names[s], points=g.finals[s])
                     for s in range(2)]
            return lines + self._bonus_lines(g, game.opts, names, locale) + self._tie_lines(
                game, names, locale)
        view: GinTable = view_of(game)
        running = view.scores.running
        return [t("table.score_line", locale, name=names[s], points=running[s]) for s in range(2)]

    def _tie_lines(self, game: Any, names: Sequence[str], locale: str) -> list[str]:
        """Return the line of a tied match past its target (another game follows), if any."""
        scores = view_of(game).scores
        return [tie_line(scores.tied, scores.match_scores, names, locale)] if scores.tied else []

    def _bonus_lines(
        self, g: GameEnded, opts: GinOptions, names: Sequence[str], locale: str
    ) -> list[str]:
        if opts.match_format == "multi_game" or opts.mahjong:
            return []  # no end-of-game bonuses: the higher total wins
        winner = g.winner
        lines = [t("event.bonus_game", locale, points=opts.game_bonus)]
        for seat in range(2):
            boxes = g.boxes[seat]
            if boxes and opts.line_bonus:
                lines.append(names[seat] + ": " + t("event.bonus_line", locale, hands=boxes,
                                                    points=boxes * opts.line_bonus))
        if opts.shutout_double and g.boxes[1 - winner] == 0:
            lines.append(t("event.shutout", locale, name=names[winner]))
        return lines

    def final_lines(self, game: Any, outcomes: Sequence[Outcome], names: Sequence[str],
                    locale: str) -> list[str]:
        """Return each side's final points, then the winner (a team, with team play)."""
        if not isinstance(game, TeamGin):
            return super().final_lines(game, outcomes, names, locale)
        points = [outcomes[0].points, outcomes[1].points]  # seats 0 and 1: one of each team
        return teams.final_lines(view_of(game), names, locale, points)

    def score_sheet(self, game: Any) -> ScoreSheet:
        """Return each hand's points; the totals add the bonuses (Hollywood: games 2 and 3)."""
        view = view_of(game)
        key = "sheet.bonus_hollywood" if view.scores.format == "hollywood" else "sheet.bonus"
        return sheet_of(game, view.scores.hands, view.hand_no, key)

    # ----- rules text -------------------------------------------------------------------------

    def rules_summary(self, options: GinOptions, locale: str) -> list[str]:
        """Return a few lines of the rules in force."""
        o = options
        if o.mahjong:
            return mj.rules_lines(o, locale)
        lines = [t("rules.gin.goal", locale)]
        if o.knock_rule == "none":
            lines.append(t("rules.gin.knock_none", locale))
        elif o.knock_rule == "oklahoma":
            lines.append(t("rules.gin.knock_oklahoma", locale))
        else:
            lines.append(t("rules.gin.knock_fixed", locale, limit=o.knock_limit))
        lines.append(t("rules.gin.bonuses", locale, gin=o.gin_bonus, undercut=o.undercut_bonus))
        if o.big_gin:
            lines.append(t("rules.gin.big_gin", locale, bonus=o.big_gin_bonus))
        lines.append(t("rules.gin.target", locale, target=o.target_score,
                       game_bonus=o.game_bonus, line_bonus=o.line_bonus))
        return lines + teams.rules_lines(o, locale)

    def settings_lines(self, options: GinOptions, locale: str) -> list[str]:
        """Return the key options in one or two short lines."""
        o = options
        if o.mahjong:
            return mj.rules_lines(o, locale)[:1] + [t("table.target", locale,
                                                        target=o.target_score)]
        knock = (t("rules.gin.knock_none", locale) if o.knock_rule == "none" else
                 t("rules.gin.knock_oklahoma", locale) if o.knock_rule == "oklahoma" else
                 t("rules.gin.knock_fixed", locale, limit=o.knock_limit))
        return [knock, t("table.target", locale, target=o.target_score),
                *teams.rules_lines(o, locale)]


# events told in one line naming only who did it
_SIMPLE = {
    "pass": "event.passed_upcard",
    "draw": "event.drew_stock",
    "gin": "event.gin",
    "big_gin": "event.big_gin",
}


@lru_cache(maxsize=512)
def _shown_arrangement(hand: tuple[str, ...], wrap: bool, ace_value: int) -> Arrangement | None:
    """Return the arrangement a hand picture shows (cached: a waiting hand is drawn again
    at every move of the table to see whether it changed)."""
    cards = [Card.parse(c) for c in hand]
    return arrangements(cards, wrap, ace_value)[0] if cards else None


def _by_value(cards: list[str], opts: GinOptions) -> list[str]:
    """Order cards highest deadwood value first (the likeliest discards)."""
    def key(text: str) -> tuple[int, int]:
        card = Card.parse(text)
        return (-card_value(card, opts.unmelded_ace_value), -card.rank)

    return sorted(cards, key=key)


GIN = GinAdapter()
