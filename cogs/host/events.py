"""What follows an accepted action or a timer: public lines, the table, the hands."""

from __future__ import annotations

from bot.i18n import t
from card_images import render_hand_end
from cogs.host.fairness import reveal_lines, with_commitment
from cogs.host.hands import Hands
from cogs.host.meta import SessionMeta
from cogs.host.movelog import event_lines
from cogs.host.places import Places, png
from cogs.host.runtime import Runtime
from cogs.host.table import TableMessage
from engine.game import Event


class Events:
    """The session's listener and timer hooks."""

    def __init__(self, meta: SessionMeta, places: Places, table: TableMessage,
                 hands: Hands) -> None:
        self.meta, self.places, self.table, self.hands = meta, places, table, hands

    async def show_turns(self, rt: Runtime, fresh: bool) -> None:
        """Send each player to act a new DM hand (every player's, if `fresh`), as if each
        turn began now, and store which DMs are the newest."""
        rt.prev_to_act = []
        await self.hands.deliver_all(rt, fresh=fresh)
        rt.prev_to_act = list(rt.game.to_act())
        await self.meta.save(rt)  # the newest DM hands, stripped after a restart too

    async def after_action(self, rt: Runtime, events: list[Event]) -> None:
        """Announce, edit the table, show the hand's end, finish the game, refresh hands."""
        if rt.session.plays_on:
            await self._keep_for_turn_end(rt, events)
            return
        game = rt.game
        # A timeout or a player's own move may have changed the counters: store them first.
        await self.meta.save(rt)
        lines = event_lines(rt.adapter, events, rt.names, rt.locale, rt.auto_seat)
        timed_out = rt.auto_seat is not None
        rt.auto_seat = None
        fresh = rt.adapter.new_deal(events)
        if fresh:  # fair shuffles: the new deck's commitment, on the deal's line
            lines = with_commitment(lines, game, rt.locale)
        note_drawn(rt, events, fresh)
        # The clicked hand first: it is the interaction's answer, due within 3 seconds.
        await self.hands.answer_click(rt, fresh)
        ended = await self._hand_end(rt, events, fresh)
        if self._hold(rt, events, ended or fresh or timed_out or rt.adapter.at_once(events)):
            # One table edit per turn, carrying this line too. "Time's up" is told at once.
            rt.held_lines += lines
            rt.held_at = game.version
            await self.meta.save(rt)
        elif game.is_over:
            # The lines are stored first (a crash before the end is recorded keeps them), then
            # the results, so that the final table, shown once, tells the ratings.
            await self.table.keep(rt, lines)
            await self.table.finish(rt)
        else:
            await self.table.edit(rt, lines)
        await self.hands.deliver_all(rt, fresh=fresh)
        rt.prev_to_act = list(game.to_act())
        await self.meta.save(rt)  # the newest DM hands, stripped after a restart too

    async def _keep_for_turn_end(self, rt: Runtime, events: list[Event]) -> None:
        """Hold the lines of a computer's action when it plays on at once: its whole turn
        reaches the table in one edit. They are saved, so a restart before then keeps them."""
        rt.held_lines += event_lines(rt.adapter, events, rt.names, rt.locale, rt.auto_seat)
        rt.held_at = rt.game.version
        note_drawn(rt, events, fresh=False)
        await self.meta.save(rt)

    async def _hand_end(self, rt: Runtime, events: list[Event], dealt_again: bool) -> bool:
        """Post the end-of-hand picture and scores if a hand ended, and the seed its deck
        was shuffled by; return whether one did."""
        ended = rt.adapter.hand_result(rt.game, events, rt.names, rt.locale)
        if ended is None:
            return False
        spec, score_lines = ended
        score_lines = [*score_lines, *reveal_lines(rt.game, dealt_again, rt.locale)]
        text, picture = "\n".join(score_lines), render_hand_end(spec)
        if not await self.table.become_result(rt, text, png(picture, "hand.png")):
            await self.places.post(rt, text, png(picture, "hand.png"))
        return True

    def _hold(self, rt: Runtime, events: list[Event], news: bool) -> bool:
        """Whether the lines wait for the turn's end (the same player goes on, nothing new)."""
        game = rt.game
        actor = next((e.seat for e in events if e.seat is not None), None)
        # The same player goes on (he drew; the discard comes next). A claim made by someone
        # else, between turns, is news at once.
        same_turn = list(game.to_act()) == rt.prev_to_act and actor in rt.prev_to_act
        return same_turn and not (news or game.is_over)

    async def remind(self, rt: Runtime, seat: int) -> None:
        """Remind a player at half time, in public (his mention) so a phone buzzes."""
        user_id = rt.record.seats[seat]["user_id"]
        left = int(rt.session.turn_seconds - rt.session.turn_seconds / 2)
        await self.places.post(rt, t("timer.reminder", rt.locale, mention=f"<@{user_id}>",
                                          seconds=left))

    async def taken_over(self, rt: Runtime, seat: int) -> None:
        """Say a computer took an absent player's seat.

        The session tells this after the timed-out turn's last action, whose table edit
        already shows "I'm back": the turn stays one edit.
        """
        await self.meta.save(rt)
        await self.hands.hand_over(rt, seat)
        await self.places.post(rt, t("timer.replaced", rt.locale, name=rt.names[seat]))


def note_drawn(rt: Runtime, events: list[Event], fresh: bool) -> None:
    """Remember the cards each player drew or took from the pile until his turn ends."""
    acting = set(rt.game.to_act())
    for seat, state in rt.seats.items():
        if fresh or seat not in acting:
            state.drawn = state.taken = ()
    for event in events:
        if event.seat is None:
            continue
        state = rt.seat(event.seat)
        state.drawn = rt.adapter.drawn_cards(event) or state.drawn
        state.taken = rt.adapter.taken_cards(event) or state.taken
