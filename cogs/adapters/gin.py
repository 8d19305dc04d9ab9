"""The Gin Rummy adapter: presets, pictures, controls and announcements for `engine.gin`.

A table plays one of three classes, chosen from its options when the game was made (closed
`GinGame`, `MahjongGin`, `TeamGin`); `look` picks the matching look once per call, and nothing
else asks which gin it is. Every button and menu is built from the seat's legal moves, the
engine's own action values (`GinHand.moves`): a move becomes text only as a button's action or
a menu option's value, and what a menu sends is found again among those moves (`compose`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from bot.i18n import card_text as _pretty
from bot.i18n import cards_text, t
from card_images import (
    FaceUpPile,
    HandEndSpec,
    HandSpec,
    MeldSpec,
    PilesPanel,
    SeatGridPanel,
    SeatSpec,
    TableSpec,
)
from cogs.adapters import (
    ButtonControl,
    Control,
    Deal,
    JsonDict,
    ScoreSheet,
    SelectControl,
    SelectOption,
    Style,
    view_of,
)
from cogs.adapters import gin_mahjong as mj
from cogs.adapters import gin_teams as teams
from cogs.adapters.base import AdapterBase, levels, mover, sheet_of, tie_line, with_words
from cogs.adapters.charts import ChartPlan, game_in_play
from cogs.adapters.gin_words import WORDS
from cogs.adapters.melding import NEXT_STEP, next_page, page_count, paged
from engine.cards import Card, parse_cards
from engine.errors import IllegalMove
from engine.events import Took
from engine.game import Event
from engine.gin import (
    GinGame,
    GinOptions,
    GinOrTeams,
    MahjongGin,
    TeamGin,
    arrangements,
    card_value,
    game_class,
    load_game,
    new_game,
)
from engine.gin import actions as A
from engine.gin.ai import choose_action, greedy_action
from engine.gin.ai_hard import choose_action_hard
from engine.gin.deadwood import min_deadwood
from engine.gin.events import (
    Dealt,
    GameEnded,
    GinPayload,
    HandEnded,
    Knocked,
    MatchEnded,
    Taken,
)
from engine.gin.mahjong_ai import shed
from engine.gin.team_views import OnBoard
from engine.gin.views import GinHand, GinTable, HandReport
from engine.gin.views import ScoreSheet as MatchScores
from engine.sides import Sides
from engine.solver import Arrangement

MAX_OPTIONS = 25  # Discord's limit on a select menu's options

# What a hand's menu sends, found by (menu, value): a move, or a step within the menus.
Choice = A.GinAction | mj.Step


class GinAdapter(AdapterBase[GinOrTeams, GinOptions, GinHand]):
    """Gin Rummy for the host: its pictures, controls and lines; the rest is shared."""

    game = GinGame
    # its own catalogue: every gin.… key (Mahjong's and teams' too), options, presets, refusals
    words = WORDS
    # Mahjong gin: a player's own melds and lay-offs he must see on the table (their ids)
    notable: frozenset[str] = frozenset({"meld", "layoff"})

    players = levels(greedy_action, choose_action, choose_action_hard)
    # the lobby's line per team and its note under them
    partner_keys = ("gin.teams.lobby_team", "gin.teams.lobby_note")

    def seat_range(self, options: GinOptions) -> tuple[int, int]:
        """Return two seats, or two teams' worth with team play."""
        return game_class(options).seat_range(options)

    def sides(self, players: int) -> Sides:
        """Return two players alone, or two teams seated alternately."""
        return TeamGin.seating(players) if players > 2 else GinGame.seating(players)

    def new_game(self, options: GinOptions, players: int, deal: Deal) -> GinOrTeams:
        """Deal the gin the options play: closed, Mahjong or team gin."""
        return new_game(options, players, seed=deal.seed, decks=deal.decks,
                        first_dealer=deal.first_dealer)

    def load(self, snapshot: JsonDict) -> GinOrTeams:
        """Rebuild a game from its snapshot, as the class its options play."""
        return load_game(snapshot)

    def default_move(self, game: GinOrTeams, seat: int) -> str:
        """Play safe for an absent player: pass the upcard, draw, discard, never end the hand
        nor (Mahjong) put cards down."""
        return look(game).default_move(seat)

    def table_spec(self, game: GinOrTeams, names: Sequence[str], locale: str) -> TableSpec:
        """Return the public table: stock, discard pile, knock card, counts and scores."""
        return look(game).table_spec(names, locale)

    def table_status(self, game: GinOrTeams, names: Sequence[str], locale: str) -> str:
        """Return whose turn it is (or who won)."""
        return look(game).table_status(names, locale)

    def hand_spec(self, game: GinOrTeams, seat: int, sort: str, locale: str) -> HandSpec:
        """Return the seat's hand with its best melds grouped and deadwood apart."""
        return look(game).hand_spec(seat, sort, locale)

    def hand_prompt(self, game: GinOrTeams, seat: int, names: Sequence[str], locale: str) -> str:
        """Return what the seat may do now, or whom the game waits for."""
        return look(game).hand_prompt(seat, names, locale)

    def taken_cards(self, ev: Event) -> tuple[str, ...]:
        """Return the card (Mahjong gin: cards) the seat took from the discard pile."""
        payload = ev.public.payload if isinstance(ev.public, OnBoard) else ev.public
        return payload.cards if isinstance(payload, Took) else ()

    def hand_title(self, game: GinOrTeams, seat: int, names: Sequence[str], locale: str
                   ) -> str | None:
        """Return a team player's hand title (his board, his opponent); None for two."""
        return look(game).hand_title(seat, names, locale)

    def controls(self, game: GinOrTeams, seat: int, locale: str, draft: object | None = None
                 ) -> list[Control]:
        """Return the buttons and menus of the seat's legal moves, at its place in the menus."""
        return look(game).controls(seat, locale, draft)

    def step(self, game: GinOrTeams, seat: int, draft: object | None, text: str) -> object | None:
        """Move within the hand's menus (Mahjong gin's pile depths, a lay-off's meld, a page)."""
        return look(game).step(seat, draft, text)

    def compose(self, game: GinOrTeams, seat: int, verb: str, values: Sequence[str]) -> str:
        """Return the action a menu sends: the legal move its values were built from."""
        return look(game).compose(seat, verb, values)

    def opening_lines(self, game: GinOrTeams, names: Sequence[str], locale: str) -> list[str]:
        """Return the lines announcing the first deal (dealer, knock card)."""
        return look(game).opening_lines(names, locale)

    def hand_end(
        self, game: GinOrTeams, events: Sequence[Event], names: Sequence[str], locale: str
    ) -> tuple[HandEndSpec, list[str]] | None:
        """Return every hand revealed with melds, layoffs, deadwood, and the score lines."""
        return look(game).hand_end(events, names, locale)

    def score_sheet(self, game: GinOrTeams) -> ScoreSheet:
        """Return each hand's points; the totals add the bonuses (Hollywood: games 2 and 3)."""
        scores = game.scores()
        key = "gin.sheet.bonus_hollywood" if scores.format == "hollywood" else "sheet.bonus"
        return sheet_of(game, scores.hands, game.hand_no, key)

    def chart_plan(self, game: GinOrTeams) -> ChartPlan:
        """Chart the game in play to its target (a match of games: its latest game); a
        Hollywood match scores three games at once, so its chart has no target line."""
        opts: GinOptions = game.opts
        if opts.match_format == "hollywood":
            return ChartPlan()
        first = 0 if opts.match_format == "single" else game_in_play(
            game.scores().hands, opts.target_score)
        return ChartPlan(target=opts.target_score, first=first)

    # ----- announcements ----------------------------------------------------------------------

    def describe(self, events: Sequence[Event], names: Sequence[str], locale: str) -> list[str]:
        """Return one public line per event worth a line (never a drawn card); a board of
        team gin tells its events with its two players' names."""
        if not teams.of_team(events):
            return super().describe(events, names, locale)
        lines = [teams.event_line(ev, names, locale,
                                  lambda e, two: self.event_line(e, mover(e, two), two, locale))
                 for ev in events]
        return [line for line in lines if line]

    def event_detail(self, ev: Event, who: str, names: Sequence[str], locale: str) -> str:
        """Return gin's own events' lines (a pass, a knock) and what a deep pickup, a deal
        (the knock card) and a hand's end add."""
        return event_detail(ev, who, names, locale)

    # ----- rules text -------------------------------------------------------------------------

    def rules_summary(self, options: GinOptions, locale: str) -> list[str]:
        """Return a few lines of the rules in force."""
        return look_type(options).rules_lines(options, locale)

    def settings_lines(self, options: GinOptions, locale: str) -> list[str]:
        """Return the key options in one or two short lines."""
        return look_type(options).settings_lines(options, locale)


# ----- the looks of the three gins ------------------------------------------------------------

class ClosedLook:
    """Closed gin for two (and each board of team gin): knocks, deadwood, the upcard."""

    def __init__(self, game: GinGame) -> None:
        self.game = game

    def table(self) -> GinTable:
        """Return the public view."""
        return view_of(self.game)

    def hand(self, seat: int) -> GinHand:
        """Return the seat's private view."""
        return view_of(self.game, seat)

    # ----- rules text -------------------------------------------------------------------------

    @classmethod
    def rules_lines(cls, options: GinOptions, locale: str) -> list[str]:
        """Return the goal, the knock rule, the bonuses and the target."""
        o = options
        lines = [t("gin.rules.goal", locale), knock_line(o, locale)]
        lines.append(t("gin.rules.bonuses", locale, gin=o.gin_bonus, undercut=o.undercut_bonus))
        if o.big_gin:
            lines.append(t("gin.rules.big_gin", locale, bonus=o.big_gin_bonus))
        lines.append(t("gin.rules.target", locale, target=o.target_score,
                       game_bonus=o.game_bonus, line_bonus=o.line_bonus))
        return lines

    @classmethod
    def settings_lines(cls, options: GinOptions, locale: str) -> list[str]:
        """Return the knock rule and the target."""
        return [knock_line(options, locale),
                t("table.target", locale, target=options.target_score)]

    # ----- the table --------------------------------------------------------------------------

    def table_spec(self, names: Sequence[str], locale: str) -> TableSpec:
        """Return the public table: stock, discard pile, knock card, counts and scores."""
        view = self.table()
        seats = [
            SeatSpec(
                name=names[i],
                card_count=view.hand_sizes[i],
                score=score_text(view, i, locale),
                melds=self.seat_melds(view, i),
                is_turn=view.turn == i,
                note=t("table.dealer", locale) if view.dealer == i else "",
                detail=self.seat_detail(view, i, locale),
            )
            for i in range(2)
        ]
        knock = [] if view.knock_card is None else [
            FaceUpPile(view.knock_card, t("gin.picture.knock_card", locale))]
        piles = PilesPanel(stock_count=view.stock, face_up=knock, discard=list(view.discard),
                           spread=self.whole_pile(view))
        return self.pile_words(with_words(TableSpec(
            title=t("table.title", locale, game=self.game_name(locale), number=view.hand_no),
            panels=[piles, SeatGridPanel(seats, note_no_melds=False)],
            status=self.table_status(names, locale),
            footer=t("table.target", locale, target=view.scores.target),
        ), locale), locale)

    def game_name(self, locale: str) -> str:
        """Return the name the table and hand pictures give the game."""
        return t("game.gin", locale)

    def seat_melds(self, view: GinTable, seat: int) -> list[MeldSpec]:
        """Return the melds the seat has shown: those of its deep pickups."""
        return [MeldSpec("", list(m)) for m in view.shown_melds[seat]]

    def seat_detail(self, view: GinTable, seat: int, locale: str) -> str:
        """Return a line under the seat's name (none in closed gin)."""
        return ""

    def whole_pile(self, view: GinTable) -> bool:
        """Whether a move may take a card below the pile's top: then all of it shows."""
        return view.options.deep_discard_pickup

    def pile_words(self, spec: TableSpec, locale: str) -> TableSpec:
        """Return the table with its pile's own words (closed gin has none)."""
        return spec

    def table_status(self, names: Sequence[str], locale: str) -> str:
        """Return whose turn it is (or who won)."""
        view = self.table()
        if self.game.is_over:
            winner = view.scores.winner
            if winner is None:
                return t("event.game_over", locale)
            return t("table.winner", locale, name=names[winner])
        assert view.turn is not None
        return t("table.turn_of", locale, name=names[view.turn])

    # ----- the hand ---------------------------------------------------------------------------

    def hand_spec(self, seat: int, sort: str, locale: str) -> HandSpec:
        """Return the seat's hand with its best melds grouped and deadwood apart."""
        view = self.hand(seat)
        opts = self.game.opts
        best = _shown_arrangement(view.hand, opts.wrap, opts.unmelded_ace_value)
        melds = [[str(c) for c in m.cards] for m in best.melds] if best else []
        deadwood = [str(c) for c in best.deadwood] if best else []
        return HandSpec(
            cards=list(view.hand),
            melds=melds,
            loose=deadwood,
            loose_value=self.held_value(view),
            sort="rank" if sort == "rank" else "suit",
            title=t("hand.title", locale, game=self.game_name(locale)),
            highlight=[view.taken] if view.taken else [],
            loose_label=t(self.held_key, locale),
            empty_label=t("picture.no_cards", locale),
        )

    held_key = "gin.picture.deadwood"  # what the hand picture calls the cards left out of melds

    def hand_title(self, seat: int, names: Sequence[str], locale: str) -> str | None:
        """Return None: the hand picture's own title names the game, and two play it."""
        return None

    def held_value(self, view: GinHand) -> int:
        """Return the points the hand picture gives the cards left out: its least deadwood."""
        return view.deadwood

    def held_line(self, view: GinHand, locale: str) -> str:
        """Return the prompt's line of what the hand holds loose."""
        return t("gin.hand.deadwood", locale, points=view.deadwood)

    def hand_prompt(self, seat: int, names: Sequence[str], locale: str) -> str:
        """Return what the seat may do now, or whom the game waits for."""
        view = self.hand(seat)
        held = self.held_line(view, locale)
        if self.game.is_over:
            return self.table_status(names, locale)
        if not view.moves:
            turn = view.table.turn
            assert turn is not None
            return t("turn.waiting_for", locale, name=names[turn]) + "\n" + held
        return (self.play_prompt(view, locale) or turn_line(view, locale)) + "\n" + held

    def play_prompt(self, view: GinHand, locale: str) -> str | None:
        """Return the prompt of a step of the turn that has its own (none in closed gin)."""
        return None

    # ----- controls ---------------------------------------------------------------------------

    def controls(self, seat: int, locale: str, draft: object | None) -> list[Control]:
        """Return buttons for draw/take/pass/big gin and menus for discards, knocks, pickups."""
        view = self.hand(seat)
        page = _deep_page(view, draft).page
        return [*buttons(view, locale), *self.card_menus(view, page, locale)]

    def card_menus(self, view: GinHand, page: int, locale: str) -> list[Control]:
        """Return the menus of discards and knocks, each card with the deadwood it leaves, and
        of deep pickups (this page of them, when they pass one menu)."""
        menus: list[Control] = []
        for kind, verb in ((A.Discard, "discard"), (A.Knock, "knock")):
            cards = [m.card for m in view.moves if isinstance(m, kind)]
            if cards:
                menus.append(self.card_select(verb, cards, view, locale))
        deep = _deep_pickups(view)
        if deep:
            menus += paged(SelectControl("take", t("gin.action.deep_placeholder", locale), [
                SelectOption(_deep_value(card, meld), f"{_pretty(str(card))} + "
                             f"{cards_text(str(c) for c in meld)}")
                for card, meld in deep]), page, locale)
        return menus

    def card_select(self, verb: str, cards: list[Card], view: GinHand, locale: str
                    ) -> SelectControl:
        """Build a menu of cards, each labelled with the deadwood it leaves."""
        opts = self.game.opts
        hand = parse_cards(view.hand)
        options = []
        for card in _by_value(cards, opts)[:MAX_OPTIONS]:
            left = min_deadwood([c for c in hand if c != card], opts.wrap,
                                opts.unmelded_ace_value)
            key = "gin.action.knock_card" if verb == "knock" else "action.discard_card"
            if verb == "knock" and left == 0:
                key = "gin.action.gin_card"
            options.append(SelectOption(str(card), t(key, locale, card=_pretty(str(card))),
                                        t("gin.action.deadwood_after", locale, points=left)))
        key = "gin.action.knock_placeholder" if verb == "knock" else "action.discard_placeholder"
        return SelectControl(verb, t(key, locale), options)

    def choices(self, view: GinHand) -> dict[tuple[str, str], Choice]:
        """Return what each menu option of the seat's hand sends, by (menu, value)."""
        return {key: m for m in view.moves if (key := _select_key(m)) is not None}

    def step(self, seat: int, draft: object | None, text: str) -> object | None:
        """Turn the page of the deep pickups' menu, the one step closed gin's menus have."""
        view = self.hand(seat)
        after = next_page(len(_deep_pickups(view)), _deep_page(view, draft).page)
        if text != NEXT_STEP or after is None:
            raise IllegalMove("no such step", action=text)
        return DeepPage(after)

    def compose(self, seat: int, verb: str, values: Sequence[str]) -> str:
        """Return the legal move a menu's chosen value stands for.

        A value no menu of this hand offers now goes to the engine's parser as sent, so that
        a stale or forged choice learns the rule it breaks (the host refuses it either way).
        """
        chosen = self.choices(self.hand(seat)).get((verb, values[0])) if values else None
        return str(chosen) if chosen is not None else f"{verb} {' '.join(values)}"

    def default_move(self, seat: int) -> str:
        """Pass the upcard, draw, or discard what the computer would (never knock)."""
        view = self.hand(seat)
        safe = next((m for m in view.moves if isinstance(m, (A.PassUpcard, A.DrawStock))), None)
        if safe is not None:
            return str(safe)
        wanted = str(choose_action(view))  # the text of one of the moves it was shown
        choice = next(m for m in view.moves if str(m) == wanted)
        return self.made_safe(choice, view)

    def made_safe(self, choice: A.GinAction, view: GinHand) -> str:
        """Return the computer's choice without ending the hand: its knock card is discarded,
        a big gin becomes a discard."""
        discards = [m for m in view.moves if isinstance(m, A.Discard)]
        if isinstance(choice, A.Knock):
            return str(A.Discard(choice.card))
        if isinstance(choice, A.BigGin) and discards:
            return str(discards[0])
        return str(choice)

    # ----- lines and the hand's end -----------------------------------------------------------

    def opening_lines(self, names: Sequence[str], locale: str) -> list[str]:
        """Return the line announcing the first deal (dealer, knock card)."""
        view = self.table()
        return [deal_line(view.hand_no, view.dealer, view.knock_card, names, locale)]

    def hand_end(self, events: Sequence[Event], names: Sequence[str], locale: str
                 ) -> tuple[HandEndSpec, list[str]] | None:
        """Return every hand revealed with melds, layoffs, deadwood, and the score lines."""
        end = next((e.public for e in events if isinstance(e.public, HandEnded)), None)
        return None if end is None else self.ended(end, events, names, locale)

    def ended(self, end: HandEnded, events: Sequence[Event], names: Sequence[str],
              locale: str) -> tuple[HandEndSpec, list[str]]:
        """Return the hands of a hand that ended, laid open, and its score lines."""
        result = end.result
        rows = teams.reveal_rows(result, names, locale)
        lines = [hand_result_line(result, names, locale)]
        if result.doubled:
            lines.append(t("gin.event.spade_double", locale))
        lines += self.total_lines(events, names, locale)
        title = t("hand_end.title", locale, number=end.hand_no,
                  what=ending(result, names, locale))
        # The lines go in the message text above the picture, so the picture does not repeat them.
        return HandEndSpec(title=title, rows=rows), lines

    def total_lines(self, events: Sequence[Event], names: Sequence[str], locale: str
                    ) -> list[str]:
        """Return each seat's final points and bonuses if a game ended, else the totals."""
        finished = [e.public for e in events if isinstance(e.public, GameEnded)]
        if finished:
            g = finished[-1]
            lines = [t("event.final_score_line", locale, name=names[s], points=g.totals[s])
                     for s in range(2)]
            return lines + self.bonus_lines(g, names, locale) + self.tie_lines(names, locale)
        running = self.table().scores.running
        return [t("table.score_line", locale, name=names[s], points=running[s]) for s in range(2)]

    def tie_lines(self, names: Sequence[str], locale: str) -> list[str]:
        """Return the line of a tied match past its target (another game follows), if any."""
        scores = self.table().scores
        return [tie_line(scores.tied, scores.match_scores, names, locale)] if scores.tied else []

    def bonus_lines(self, g: GameEnded, names: Sequence[str], locale: str) -> list[str]:
        """Return the end-of-game bonuses: the game, the lines (boxes), a shutout."""
        opts = self.game.opts
        if opts.match_format == "multi_game":
            return []  # no end-of-game bonuses: the higher total wins
        winner = g.winner
        lines = [t("gin.event.bonus_game", locale, points=opts.game_bonus)]
        for seat in range(2):
            boxes = g.boxes[seat]
            if boxes and opts.line_bonus:
                lines.append(names[seat] + ": " + t("gin.event.bonus_line", locale, hands=boxes,
                                                    points=boxes * opts.line_bonus))
        if opts.shutout_double and g.boxes[1 - winner] == 0:
            lines.append(t("gin.event.shutout", locale, name=names[winner]))
        return lines


class MahjongLook(ClosedLook):
    """Mahjong gin: open melds on the table, takes by depth, menus in steps, both seats score."""

    @classmethod
    def rules_lines(cls, options: GinOptions, locale: str) -> list[str]:
        """Return the few lines of Mahjong gin's rules in force."""
        return mj.rules_lines(options, locale)

    @classmethod
    def settings_lines(cls, options: GinOptions, locale: str) -> list[str]:
        """Return the way of play and the target."""
        return [*mj.rules_lines(options, locale)[:1],
                t("table.target", locale, target=options.target_score)]

    def game_name(self, locale: str) -> str:
        """Return the variant's name: "Mahjong gin", not just gin's."""
        return t("gin.preset.mahjong", locale)

    def seat_melds(self, view: GinTable, seat: int) -> list[MeldSpec]:
        """Return the seat's melds on the table, with what the opponent laid off on them."""
        return mj.seat_melds(view.melds, seat)

    def seat_detail(self, view: GinTable, seat: int, locale: str) -> str:
        """Return the seat's points put down this hand."""
        return mj.put_down_note(view, seat, locale)

    def whole_pile(self, view: GinTable) -> bool:
        """Show the whole pile: a take by depth reaches below its top."""
        return True

    def pile_words(self, spec: TableSpec, locale: str) -> TableSpec:
        """Number the pile from the top, as the depth menu counts."""
        return mj.numbered_pile(spec, locale)

    held_key = "gin.mahjong.in_hand"

    def held_value(self, view: GinHand) -> int:
        """Return what the cards in hand would cost if the hand ended now."""
        return mj.held_value(view)

    def held_line(self, view: GinHand, locale: str) -> str:
        """Return the prompt's line of what the cards in hand would cost now."""
        return mj.held_line(view, locale)

    def play_prompt(self, view: GinHand, locale: str) -> str | None:
        """Return the prompt of the play step: meld, lay off (the owed card first), discard."""
        return mj.prompt(view, locale)

    def controls(self, seat: int, locale: str, draft: object | None) -> list[Control]:
        """Return the turn's buttons and menus at the seat's place in them (the draft)."""
        view = self.hand(seat)
        place = mj.place_of(view, draft)
        menus = mj.controls(view, place, locale)
        if place != mj.Draft(place.more):  # a step of its own: a depth, a meld, a group
            return menus
        return [*buttons(view, locale), *mj.take_button(view, locale), *menus]

    def choices(self, view: GinHand) -> dict[tuple[str, str], Choice]:
        """Return the moves of the menus, and the cards of the lay-off menu."""
        return {**super().choices(view), **mj.lay_choices(view)}

    def step(self, seat: int, draft: object | None, text: str) -> object | None:
        """Return the seat's place in the menus after the step it sent."""
        return mj.step(self.hand(seat), draft, text)

    def made_safe(self, choice: A.GinAction, view: GinHand) -> str:
        """Return a discard instead of the computer's meld or lay-off (unless a card taken
        from the pile must be used first)."""
        if isinstance(choice, (A.MeldCards, A.LayOff)):
            return shed(view) or str(choice)
        return str(choice)

    def ended(self, end: HandEnded, events: Sequence[Event], names: Sequence[str],
              locale: str) -> tuple[HandEndSpec, list[str]]:
        """Return both seats' melds, lay-offs and cards left, and the hand's scores."""
        result = end.result
        if result.mahjong is None:  # a dead hand: nobody scores, nothing to tally
            return super().ended(end, events, names, locale)
        lines = [hand_result_line(result, names, locale)]
        lines += mj.score_lines(result, names, locale)
        lines += self.total_lines(events, names, locale)
        scores = self.table().scores
        if scores.tied:  # equal totals past the target: another hand
            lines.append(tie_line(scores.tied, scores.running, names, locale))
        title = t("hand_end.title", locale, number=end.hand_no,
                  what=ending(result, names, locale))
        return HandEndSpec(title=title, rows=mj.end_rows(result, names, locale)), lines

    def bonus_lines(self, g: GameEnded, names: Sequence[str], locale: str) -> list[str]:
        """Return none: Mahjong gin has no end-of-game bonuses."""
        return []


class BoardLook(ClosedLook):
    """A team board's closed gin, seen from one of its seats. Its views are read through the
    team game, whose version every move bumps: a board deals its next hand when the other
    boards end theirs, with no move of its own."""

    def __init__(self, team: TeamGin, seat: int) -> None:
        board, self.local = team.board_of(seat)
        super().__init__(board)
        self.team, self.index = team, seat // 2

    def table(self) -> GinTable:
        """Return the board's public view."""
        return view_of(self.team).boards[self.index].table

    def hand(self, seat: int) -> GinHand:
        """Return the private view of the board's seat (0 or 1)."""
        return view_of(self.team, 2 * self.index + seat)


class TeamLook:
    """Team gin: the boards stacked on one table; a seat's hand is its board's closed gin."""

    def __init__(self, game: TeamGin) -> None:
        self.game = game

    def board(self, seat: int) -> tuple[BoardLook, int]:
        """Return the look of the seat's board and its seat there."""
        look = BoardLook(self.game, seat)
        return look, look.local

    @classmethod
    def rules_lines(cls, options: GinOptions, locale: str) -> list[str]:
        """Return closed gin's lines and the team play line."""
        return ClosedLook.rules_lines(options, locale) + teams.rules_lines(options, locale)

    @classmethod
    def settings_lines(cls, options: GinOptions, locale: str) -> list[str]:
        """Return closed gin's key options and the teams."""
        return ClosedLook.settings_lines(options, locale) + teams.rules_lines(options, locale)

    def table_spec(self, names: Sequence[str], locale: str) -> TableSpec:
        """Return every board stacked and the teams' scores."""
        return teams.table_spec(self.game, names, locale, self.team_score(locale),
                                self.table_status(names, locale))

    def team_score(self, locale: str) -> teams.TeamScore:
        """Return how a team's score reads (a board's table holds the teams' score sheet)."""
        return lambda table, team: score_text(table, team, locale)

    def table_status(self, names: Sequence[str], locale: str) -> str:
        """Return whom the boards wait for, or the winning team."""
        return teams.status(self.game, names, locale)

    def hand_spec(self, seat: int, sort: str, locale: str) -> HandSpec:
        """Return the seat's hand on its board."""
        board, local = self.board(seat)
        return board.hand_spec(local, sort, locale)

    def hand_title(self, seat: int, names: Sequence[str], locale: str) -> str | None:
        """Return the hand picture's title: the seat's board and whom it plays there."""
        return t("gin.teams.hand_title", locale, number=seat // 2 + 1, name=names[seat ^ 1])

    def hand_prompt(self, seat: int, names: Sequence[str], locale: str) -> str:
        """Return what the seat may do on its board, or what the game waits for."""
        if self.game.is_over:
            return self.table_status(names, locale)
        board, local = self.board(seat)
        if view_of(self.game).boards[seat // 2].ended:
            return t("gin.teams.your_board_over", locale)
        return board.hand_prompt(local, teams.pair(seat // 2, names), locale)

    def controls(self, seat: int, locale: str, draft: object | None) -> list[Control]:
        """Return the seat's controls on its board."""
        board, local = self.board(seat)
        return board.controls(local, locale, draft)

    def step(self, seat: int, draft: object | None, text: str) -> object | None:
        """Move within the seat's board's menus."""
        board, local = self.board(seat)
        return board.step(local, draft, text)

    def compose(self, seat: int, verb: str, values: Sequence[str]) -> str:
        """Return the move the seat's board's menu sends."""
        board, local = self.board(seat)
        return board.compose(local, verb, values)

    def default_move(self, seat: int) -> str:
        """Play safe on the seat's board."""
        board, local = self.board(seat)
        return board.default_move(local)

    def opening_lines(self, names: Sequence[str], locale: str) -> list[str]:
        """Return each board's first deal line (its dealer and knock card)."""
        return teams.opening_lines(self.game, names, locale, lambda b, two: deal_line(
            b.table.hand_no, b.table.dealer, b.table.knock_card, two, locale))

    def hand_end(self, events: Sequence[Event], names: Sequence[str], locale: str
                 ) -> tuple[HandEndSpec, list[str]] | None:
        """Return every board's hands laid open and the team result, once all ended."""
        totals = teams.team_totals(view_of(self.game), names, locale, self.team_score(locale))
        return teams.hand_end(events, names, locale, totals)


Look = ClosedLook | TeamLook  # how one game of one variant looks: the adapter's answers for it


def look(game: GinOrTeams) -> Look:
    """Return the look of the game's class: the one place the adapter tells the gins apart."""
    if isinstance(game, TeamGin):
        return TeamLook(game)
    return MahjongLook(game) if isinstance(game, MahjongGin) else ClosedLook(game)


_LOOKS: dict[type[GinOrTeams], type[ClosedLook] | type[TeamLook]] = {
    GinGame: ClosedLook, MahjongGin: MahjongLook, TeamGin: TeamLook}


def look_type(options: GinOptions) -> type[ClosedLook] | type[TeamLook]:
    """Return the look of the class these options play (for text about the rules alone)."""
    return _LOOKS[game_class(options)]


# ----- the seat's controls and prompt, from its legal moves -----------------------------------

# The buttons of moves made with one press, in the order they show: (label key, style).
_BUTTONS: dict[type, tuple[str, Style]] = {
    A.TakeUpcard: ("gin.action.take_upcard", "success"),
    A.PassUpcard: ("gin.action.pass_upcard", "secondary"),
    A.DrawStock: ("action.draw_stock", "primary"),
    A.TakeDiscard: ("action.take_discard", "success"),
    A.BigGin: ("gin.action.big_gin", "danger"),
}
_ORDER = list(_BUTTONS)


def buttons(view: GinHand, locale: str) -> list[Control]:
    """Return a button per legal move made with one press: take or pass the upcard, draw,
    take the top discard, big gin."""
    pile = view.table.discard
    top = _pretty(pile[-1]) if pile else ""
    pressed = [m for m in view.moves if type(m) in _BUTTONS and _select_key(m) is None]  # the
    # top discard's take is a button, a deep pickup's (the same class) a menu option
    out: list[Control] = []
    for move in sorted(pressed, key=lambda m: _ORDER.index(type(m))):
        key, style = _BUTTONS[type(move)]
        out.append(ButtonControl(str(move), t(key, locale, card=top), style))
    return out


def _select_key(move: A.GinAction) -> tuple[str, str] | None:
    """Return the (menu, value) a move is chosen by, or None for a button's move."""
    if isinstance(move, A.Discard):
        return "discard", str(move.card)
    if isinstance(move, A.Knock):
        return "knock", str(move.card)
    if isinstance(move, A.TakeDiscard) and move.card is not None:
        return "take", _deep_value(move.card, move.meld)
    if isinstance(move, A.TakePile):
        return "take", str(move.depth)
    if isinstance(move, A.LayOff):
        return "layoff", mj.layoff_value(move)
    if isinstance(move, A.MeldCards):
        return "meld", mj.meld_value(move)
    return None


@dataclass(frozen=True, slots=True)
class DeepPage:
    """The page closed gin's menu of deep pickups shows, when they pass one menu."""

    page: int = 0


def _deep_pickups(view: GinHand) -> list[tuple[Card, tuple[Card, ...]]]:
    """Return the listed deep pickups: each pile card with the hand cards it melds with."""
    return [(m.card, m.meld) for m in view.moves
            if isinstance(m, A.TakeDiscard) and m.card is not None]


def _deep_page(view: GinHand, draft: object | None) -> DeepPage:
    """Return the draft's page of deep pickups if the seat's moves still have it, else the
    first."""
    if isinstance(draft, DeepPage) and draft.page < page_count(len(_deep_pickups(view))):
        return draft
    return DeepPage()


def _deep_value(card: Card, meld: Sequence[Card]) -> str:
    """Return a deep pickup's option value: the pile card, then the hand cards it melds with."""
    return f"{card} with {' '.join(str(c) for c in meld)}"


def turn_line(view: GinHand, locale: str) -> str:
    """Return what the seat's legal moves ask of it now: the upcard, a draw, a discard."""
    pile = view.table.discard
    top = _pretty(pile[-1]) if pile else ""
    moves = view.moves
    if any(isinstance(m, A.TakeUpcard) for m in moves):
        return t("gin.turn.upcard_choice", locale, card=top)
    if any(isinstance(m, A.TakeDiscard) and m.card is None for m in moves):
        return t("turn.draw_choice", locale, card=top)
    if any(isinstance(m, A.DrawStock) for m in moves):
        return t("turn.draw_only", locale)
    knock = any(isinstance(m, A.Knock) for m in moves)
    return t("gin.turn.discard_choice" if knock else "gin.turn.discard_only", locale)


# ----- words shared by the looks --------------------------------------------------------------

def knock_line(o: GinOptions, locale: str) -> str:
    """Return the knock rule in force."""
    if o.knock_rule == "none":
        return t("gin.rules.knock_none", locale)
    if o.knock_rule == "oklahoma":
        return t("gin.rules.knock_oklahoma", locale)
    return t("gin.rules.knock_fixed", locale, limit=o.knock_limit)


def score_text(view: GinTable, seat: int, locale: str) -> str:
    """Return a seat's score as the match format keeps it (three columns in Hollywood)."""
    scores = view.scores
    current = scores.columns[-1]  # a finished game counts with its bonuses, as announced
    total = current.finals[seat] if current.finished else current.running[seat]
    points = t("table.points", locale, points=total)
    if scores.format == "hollywood":
        cols = [c.finals[seat] if c.finished else c.running[seat] for c in scores.columns]
        return t("gin.table.hollywood", locale, g1=cols[0], g2=cols[1], g3=cols[2])
    if scores.format == "best_of":
        return t("gin.table.best_of", locale, points=points, games=scores.games_won[seat])
    if scores.format == "multi_game":
        return t("gin.table.multi_game", locale, points=points, match=scores.match_scores[seat])
    return points


def event_detail(ev: Event, who: str, names: Sequence[str], locale: str) -> str:
    """Return a two-seat event's own line, or what gin adds to a shared one ("" for none)."""
    if ev.kind in _SIMPLE:
        return t(_SIMPLE[ev.kind], locale, name=who)
    p: GinPayload = ev.public
    if isinstance(p, Taken) and p.meld:
        return t("gin.event.deep_meld", locale, meld=cards_text(p.meld))
    if isinstance(p, Knocked):
        return t("gin.event.knocked", locale, name=who, deadwood=p.deadwood)
    if isinstance(p, Dealt):
        return knock_card_line(p.knock_card, locale)
    if isinstance(p, HandEnded):
        return hand_result_line(p.result, names, locale)
    if isinstance(p, MatchEnded):
        return match_line(p.scores, names, locale)
    return ""


def match_line(scores: MatchScores, names: Sequence[str], locale: str) -> str:
    """Return the winner of a match of several games ("" for a single game: its end named him,
    and the table says the game is over under it)."""
    if scores.format == "single" or scores.winner is None:
        return ""
    return t("gin.event.match_won", locale, name=names[scores.winner])


def deal_line(hand: int, dealer: int, card: str | None, names: Sequence[str],
              locale: str) -> str:
    """Return the line of a new deal: its dealer, and Oklahoma's knock card."""
    line = t("event.new_hand", locale, number=hand, name=names[dealer])
    return " ".join(part for part in (line, knock_card_line(card, locale)) if part)


def knock_card_line(card: str | None, locale: str) -> str:
    """Return what Oklahoma's knock card allows ("" without one)."""
    if not card:
        return ""
    parsed = Card.parse(card)
    if parsed.rank == 1:
        return t("gin.oklahoma.knock_card_ace", locale, card=_pretty(card))
    if parsed.suit == "S":
        return t("gin.oklahoma.knock_card_spade", locale, card=_pretty(card))
    return t("gin.oklahoma.knock_card", locale, card=_pretty(card), limit=min(parsed.rank, 10))


def hand_result_line(result: HandReport, names: Sequence[str], locale: str) -> str:
    """Return who won the hand and what he scores (or that nobody did)."""
    kind, winner = result.kind, result.winner
    if kind == "dead":
        return t("gin.event.dead_hand", locale)
    if winner is None:
        return t("event.hand_no_winner", locale)
    if result.mahjong is not None:
        return t("gin.mahjong.event.hand_won", locale, name=names[winner],
                 points=result.mahjong.totals[winner])
    line = t("event.hand_won", locale, name=names[winner], points=result.points)
    if kind == "undercut":
        line = t("gin.event.undercut", locale, name=names[winner],
                 deadwood=result.values[winner]) + " " + line
    return line


def ending(result: HandReport, names: Sequence[str], locale: str) -> str:
    """Say how the hand ended, for the end-of-hand picture's title."""
    kind, ender = result.kind, result.ender
    if kind == "dead" or ender is None:
        return t("gin.hand_end.dead", locale)
    if kind in ("gin", "big_gin"):
        return t(f"gin.event.{kind}", locale, name=names[ender])
    return t("gin.event.knocked", locale, name=names[ender], deadwood=result.values[ender])


# events told in one line naming only who did it
_SIMPLE = {
    "pass": "gin.event.passed_upcard",
    "gin": "gin.event.gin",
    "big_gin": "gin.event.big_gin",
}


@lru_cache(maxsize=512)
def _shown_arrangement(hand: tuple[str, ...], wrap: bool, ace_value: int) -> Arrangement | None:
    """Return the arrangement a hand picture shows (cached: a waiting hand is drawn again
    at every move of the table to see whether it changed)."""
    cards = [Card.parse(c) for c in hand]
    return arrangements(cards, wrap, ace_value)[0] if cards else None


def _by_value(cards: list[Card], opts: GinOptions) -> list[Card]:
    """Order cards highest deadwood value first (the likeliest discards)."""
    return sorted(cards, key=lambda c: (-card_value(c, opts.unmelded_ace_value), -c.rank))


GIN = GinAdapter()
