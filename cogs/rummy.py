"""Slash commands: the `/rummy` group, `/leaderboard` and `/stats`."""

from __future__ import annotations

import io
import logging
from collections.abc import Sequence

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import RummyBot
from bot.command_words import words
from bot.i18n import cards_text, grouped, locale_of, t
from bot.storage import GameRecord, GuildSettings, LeaderboardRow, PlayerGameStats
from card_images import LeaderboardSpec, render_leaderboard
from cogs.adapters import DEFAULT_LEVEL, LEVELS
from cogs.adapters.base import option_label, preset_label, rules_line
from cogs.components import GameButton, GameSelect, GameUserSelect, serve, stop_serving
from cogs.errors import Refusal, cause_of, refuse
from cogs.host import GameHost, TableSettings
from cogs.host.lobby import over_seated_line
from cogs.ratings import TOP, board_rows, stats_rating_line
from cogs.registry import DEFAULT_GAME, adapter_for, board_for, boards, game_names
from cogs.rule_changes import (
    MIN_TURN_SECONDS,
    Request,
    change_lines,
    changed_settings,
    check_turn_seconds,
)
from engine.base import commitment
from engine.verify_deal import GAMES as VERIFIABLE
from engine.verify_deal import deck_order, matches

log = logging.getLogger(__name__)

GAME_CHOICES = [app_commands.Choice(name=words(f"game.{name}"), value=name)
                for name in game_names()]
# The leaderboards: one per game, and one per variant whose score means something else.
BOARD_CHOICES = [app_commands.Choice(name=words(board.title), value=board.name)
                 for board in boards()]
EVERYONE = 10_000  # the players a leaderboard reads to find the member's own place
# What /leaderboard ranks by: the rating first (the default), or the wins or games of old.
BY_CHOICES = [app_commands.Choice(name=words(f"cmd.choice.by_{by}"), value=by)
              for by in ("rating", "wins", "games")]
LEVEL_CHOICES = [app_commands.Choice(name=words(f"cmd.addbot.level.{name}"), value=name)
                 for name in LEVELS]


def _settings_lines(settings: GuildSettings, locale: str) -> list[str]:
    """Describe a server's settings in the member's language."""
    language = (t("settings.language.auto", locale) if settings.locale is None
                else {"en": "English", "it": "Italiano"}.get(settings.locale, settings.locale))
    return [
        t("settings.language", locale, language=language),
        t("settings.threads.on" if settings.use_threads else "settings.threads.off", locale),
        t(f"settings.hand.{settings.hand_delivery}", locale),
        t("settings.turn_time", locale, seconds=settings.turn_seconds) if settings.turn_seconds
        else t("settings.untimed", locale),
        t("settings.rated.on" if settings.rate_computer_games else "settings.rated.off", locale),
    ]


def verify_text(seed: str, expected: str, game: str | None, locale: str) -> str:
    """Say whether the seed gives the commitment, and the deck it shuffles for the game."""
    seed, expected = seed.strip()[:64], expected.strip()[:64]  # a shown seed is 32 digits
    actual = commitment(seed)
    if not matches(seed, expected):
        return t("verify.mismatch", locale, seed=seed, hash=expected, actual=actual)
    lines = [t("verify.match", locale, seed=seed, hash=actual)]
    if game is None or game not in VERIFIABLE:
        lines.append(t("verify.game_hint", locale))
    else:
        lines += [t("verify.deck", locale, game=t(f"game.{game}", locale)),
                  cards_text(deck_order(game, seed))]
    return "\n".join(lines)


def preset_choices(game: str, typed: str, locale: str) -> list[app_commands.Choice[str]]:
    """Return a game's presets whose key or name holds what the member typed."""
    try:
        names = adapter_for(game).presets()
    except KeyError:
        return []
    found = [n for n in names if typed.lower() in (n + preset_label(game, n, locale)).lower()]
    return [app_commands.Choice(name=preset_label(game, n, locale)[:100], value=n)
            for n in found[:25]]


def stats_line(row: PlayerGameStats, locale: str) -> str:
    """Return a player's line for one board: its name, games, wins and score."""
    try:
        title = board_for(row.game).title
    except KeyError:  # results of a game this bot no longer hosts
        title = f"game.{row.game}"
    return t("stats.line", locale, game=t(title, locale), games=row.games, wins=row.wins,
             rate=f"{row.win_rate:.0%}", sense=score_sense(row, locale))


def score_sense(row: PlayerGameStats, locale: str) -> str:
    """Return a player's score on one board as its players read it: points (or chips) added
    up, or where the lowest total wins, his lowest final total."""
    try:
        board = board_for(row.game)
    except KeyError:  # results of a game this bot no longer hosts
        return t("stats.points", locale, points=row.points)
    return t(board.score, locale, points=row.points, total=-row.best)


def places(rows: list[LeaderboardRow], lowest: bool = False) -> list[int]:
    """Number the sorted leaderboard rows 1, 2, …; rows equal on every sort key share a place."""
    keys = [score_key(r, lowest) for r in rows]
    return [keys.index(key) + 1 for key in keys]


def score_key(row: LeaderboardRow, lowest: bool) -> tuple[int, float, int]:
    """Return what ranks a leaderboard row, best first when sorted in reverse: wins, win
    rate, then points, or a player's lowest total where the lowest total wins."""
    return row.wins, row.win_rate, row.best if lowest else row.points


class Rummy(commands.Cog):
    """Lobbies and games of every registered kind, with leaderboards and stats."""

    rummy = app_commands.Group(name="rummy", description=words("cmd.rummy"),
                               guild_only=True)

    def __init__(self, bot: RummyBot) -> None:
        self.bot = bot
        self.host = GameHost(bot, bot.storage, bot.settings.bot_delay,
                             lease_owner=bot.lease_owner,
                             lease_seconds=bot.settings.lease_seconds,
                             hard_workers=bot.settings.hard_workers,
                             computer_workers=bot.settings.computer_workers)

    async def cog_load(self) -> None:
        """Register the persistent components, their host and the restorer."""
        serve(self.bot, self.host)
        self.bot.add_dynamic_items(GameButton, GameSelect, GameUserSelect)
        self.bot.add_game_restorer(self._restore)
        self.bot.interaction_interceptor = self.host.relay.intercept

    async def cog_unload(self) -> None:
        """Stop timers and forget the components' host and the restorer."""
        self.bot.remove_dynamic_items(GameButton, GameSelect, GameUserSelect)
        stop_serving(self.bot)
        self.bot.remove_game_restorer(self._restore)
        self.bot.interaction_interceptor = None
        await self.host.relay.close()
        await self.host.release_leases()
        await self.host.deciders.wait_closed()
        self.host.close_all()

    async def _restore(self, bot: RummyBot) -> None:
        await self.host.restore_all()

    async def cog_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """Answer every command's refusal (or failure) ephemerally, in the member's language."""
        await refuse(interaction, cause_of(error))

    # ----- helpers ----------------------------------------------------------------------------

    async def _game_or_none(self, interaction: discord.Interaction) -> GameRecord | None:
        """Return the lobby or running game of this channel or thread, if there is one."""
        if interaction.channel_id is None:
            return None
        return await self.bot.storage.active_game_in_channel(interaction.channel_id)

    async def _game_here(self, interaction: discord.Interaction) -> GameRecord:
        """Return the lobby or running game of this channel or thread, or refuse."""
        record = await self._game_or_none(interaction)
        if record is None:
            raise Refusal("error.no_game")
        return record

    async def _running_here(self, interaction: discord.Interaction) -> GameRecord:
        """Return this place's game once it has started; a lobby answers "waiting"."""
        record = await self._game_here(interaction)
        if record.status == "lobby":
            raise Refusal("lobby.waiting")
        return record

    def _min_turn(self) -> int:
        """Return the shortest turn time the settings accept (RUMMY_MIN_TURN_SECONDS)."""
        configured = self.bot.settings.min_turn_seconds
        return MIN_TURN_SECONDS if configured is None else configured

    async def _lobby(self, interaction: discord.Interaction, kind: str,
                     values: Sequence[str] = ()) -> None:
        record = await self._game_here(interaction)
        await self.host.lobby_action(interaction, record, kind, values)

    # ----- /rummy -----------------------------------------------------------------------------

    @rummy.command(name="new", description=words("cmd.new"))
    @app_commands.describe(game=words("cmd.new.game"), preset=words("cmd.new.preset"))
    @app_commands.choices(game=GAME_CHOICES)
    async def new(self, interaction: discord.Interaction, game: str,
                  preset: str | None = None) -> None:
        """Open a lobby."""
        adapter = adapter_for(game)
        await self.host.open_lobby(interaction, game, preset or adapter.presets()[0])

    @new.autocomplete("preset")
    async def _preset_choices(self, interaction: discord.Interaction,
                              current: str) -> list[app_commands.Choice[str]]:
        """Offer the presets of the game chosen in the command."""
        game = getattr(interaction.namespace, "game", None) or DEFAULT_GAME
        return preset_choices(game, current, locale_of(interaction.locale))

    @rummy.command(name="join", description=words("cmd.join"))
    async def join(self, interaction: discord.Interaction) -> None:
        """Join the lobby."""
        await self._lobby(interaction, "join")

    @rummy.command(name="leave", description=words("cmd.leave"))
    async def leave(self, interaction: discord.Interaction) -> None:
        """Leave the lobby."""
        await self._lobby(interaction, "leave")

    @rummy.command(name="addbot", description=words("cmd.addbot"))
    @app_commands.describe(level=words("cmd.addbot.level"))
    @app_commands.choices(level=LEVEL_CHOICES)
    async def addbot(self, interaction: discord.Interaction,
                     level: str = DEFAULT_LEVEL) -> None:
        """Add a computer player of that level."""
        await self._lobby(interaction, "addbot", (level,))

    @rummy.command(name="start", description=words("cmd.start"))
    async def start(self, interaction: discord.Interaction) -> None:
        """Start the game."""
        await self._lobby(interaction, "start")

    @rummy.command(name="abandon", description=words("cmd.abandon"))
    async def abandon(self, interaction: discord.Interaction) -> None:
        """Cancel the lobby, or ask before cancelling the running game."""
        record = await self._game_here(interaction)
        await self.host.abandon(interaction, record)

    @rummy.command(name="hand", description=words("cmd.hand"))
    async def hand(self, interaction: discord.Interaction) -> None:
        """Show the member's hand ephemerally."""
        record = await self._running_here(interaction)
        await self.host.show_hand(interaction, record.id)

    @rummy.command(name="table", description=words("cmd.table"))
    async def table(self, interaction: discord.Interaction) -> None:
        """Show the public table ephemerally."""
        record = await self._running_here(interaction)
        copy = self.host.table_copy(record.id)
        await interaction.response.send_message(copy["content"], file=copy["file"],
                                                ephemeral=True)

    @rummy.command(name="rules", description=words("cmd.rules"))
    @app_commands.describe(game=words("cmd.rules.game"), preset=words("cmd.rules.preset"))
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: str | None = None,
                    preset: str | None = None) -> None:
        """Answer with a short summary of the rules in force."""
        locale = locale_of(interaction.locale)
        record = await self._game_or_none(interaction)
        name = game or (record.game if record else DEFAULT_GAME)
        adapter = adapter_for(name)
        chosen = preset or (record.preset if record and record.game == name else None)
        chosen = chosen or adapter.presets()[0]
        rules = TableSettings.of(record).rules if record and record.preset == chosen else {}
        options = adapter.options(chosen, dict(rules))
        # The same words as the lobby's: the preset, and what this table changed from it.
        title = f"**{t(f'game.{name}', locale)}** · {rules_line(adapter, chosen, rules, locale)}"
        lines = [title, *(f"• {line}" for line in adapter.rules_summary(options, locale))]
        if game is None and record is None:  # a game nobody chose: say which, and how to choose
            others = ", ".join(t(f"game.{other}", locale) for other in game_names()
                               if other != name)
            lines.append(t("rules.which_game", locale, game=t(f"game.{name}", locale),
                           names=others))
        await interaction.response.send_message("\n".join(lines), ephemeral=True)

    @rules.autocomplete("preset")
    async def _rules_preset_choices(self, interaction: discord.Interaction,
                                    current: str) -> list[app_commands.Choice[str]]:
        """Offer the presets of the game chosen, else of this place's table."""
        game = getattr(interaction.namespace, "game", None)
        if not game:
            record = await self._game_or_none(interaction)
            game = record.game if record else DEFAULT_GAME
        return preset_choices(game, current, locale_of(interaction.locale))

    @rummy.command(name="server", description=words("cmd.server"))
    @app_commands.describe(
        use_threads=words("cmd.server.use_threads"),
        hand_delivery=words("cmd.server.hand_delivery"),
        turn_seconds=words("cmd.server.turn_seconds"),
        language=words("cmd.server.language"),
        computer_games_rated=words("cmd.server.computer_games_rated"),
    )
    @app_commands.choices(
        hand_delivery=[app_commands.Choice(name=words("cmd.choice.dm"), value="dm"),
                       app_commands.Choice(name=words("cmd.choice.my_hand"), value="channel")],
        language=[app_commands.Choice(name=words("cmd.choice.each_language"), value="auto"),
                  app_commands.Choice(name=words("cmd.choice.english"), value="en"),
                  app_commands.Choice(name=words("cmd.choice.italian"), value="it")],
    )
    async def server(
        self,
        interaction: discord.Interaction,
        use_threads: bool | None = None,
        hand_delivery: str | None = None,
        turn_seconds: app_commands.Range[int, 0, 3600] | None = None,
        language: str | None = None,
        computer_games_rated: bool | None = None,
    ) -> None:
        """Show the server's settings, or change them (Manage Server only)."""
        assert interaction.guild_id is not None  # the group is guild-only
        changes: dict[str, object] = {
            key: value for key, value in (("use_threads", use_threads),
                                          ("hand_delivery", hand_delivery),
                                          ("turn_seconds", turn_seconds),
                                          ("rate_computer_games", computer_games_rated))
            if value is not None}
        if language is not None:
            changes["locale"] = None if language == "auto" else language
        storage = self.bot.storage
        locale = locale_of(interaction.locale)
        if changes:
            perms = getattr(interaction, "permissions", None)
            if not (perms and perms.manage_guild):
                raise Refusal("settings.only_managers")
            check_turn_seconds(turn_seconds, self._min_turn())
            await storage.set_guild_settings(interaction.guild_id, **changes)
        current = await storage.get_guild_settings(interaction.guild_id)
        lines = [f"**{t('settings.title', locale)}**"] if not changes else [
            t("settings.saved", locale)]
        lines += [f"• {line}" for line in _settings_lines(current, locale)]
        await interaction.response.send_message("\n".join(lines), ephemeral=True)

    @rummy.command(name="settings", description=words("cmd.settings"))
    @app_commands.describe(
        preset=words("cmd.settings.preset"), turn_seconds=words("cmd.settings.turn_seconds"),
        option=words("cmd.settings.option"), value=words("cmd.settings.value"),
    )
    async def settings(
        self,
        interaction: discord.Interaction,
        preset: str | None = None,
        turn_seconds: app_commands.Range[int, 0, 3600] | None = None,
        option: str | None = None,
        value: str | None = None,
    ) -> None:
        """Change the lobby's preset, turn time or one option (host only)."""
        record = await self._game_here(interaction)
        # The game's state first: a running game's rules are nobody's to change.
        if record.status != "lobby":
            raise Refusal("lobby.already_running")
        if not self.host.may_manage(interaction, record):
            raise Refusal("lobby.only_host_settings")
        request = Request(preset, None if turn_seconds is None else int(turn_seconds), option,
                          value)
        locale, adapter, before = (locale_of(interaction.locale), adapter_for(record.game),
                                   TableSettings.of(record))
        changed = changed_settings(before, adapter, request, locale, self._min_turn())
        await self.bot.storage.update_lobby(record.id, options=changed.to_options(),
                                            preset=changed.preset)
        record = await self.bot.storage.get_game(record.id)
        await self.host.refresh_lobby(record)
        lines = [t("settings.saved_changes", locale),
                 *(f"• {line}" for line in change_lines(before, changed, adapter, locale)),
                 # A rule that seats fewer (a single deck) says at once what the table must do.
                 over_seated_line(record, locale)]
        await interaction.response.send_message("\n".join(filter(None, lines)), ephemeral=True)

    @settings.autocomplete("preset")
    async def _table_preset_choices(self, interaction: discord.Interaction,
                                    current: str) -> list[app_commands.Choice[str]]:
        """Offer the presets of this place's table."""
        record = await self._game_or_none(interaction)
        game = record.game if record else DEFAULT_GAME
        return preset_choices(game, current, locale_of(interaction.locale))

    @settings.autocomplete("option")
    async def _option_choices(self, interaction: discord.Interaction,
                              current: str) -> list[app_commands.Choice[str]]:
        record = await self._game_or_none(interaction)
        adapter = adapter_for(record.game if record else DEFAULT_GAME)
        locale, typed = locale_of(interaction.locale), current.lower()
        named = [(f"{option_label(s, locale, adapter.name)} ({s.key})", s.key)
                 for s in adapter.settings]
        return [app_commands.Choice(name=name, value=key) for name, key in named
                if typed in name.lower()][:25]

    # ----- /rummy history (replays) -------------------------------------------------------------

    @rummy.command(name="history", description=words("cmd.history"))
    @app_commands.describe(member=words("cmd.history.member"))
    async def history(self, interaction: discord.Interaction,
                      member: discord.Member | None = None) -> None:
        """List the server's last finished games, each with a button to replay it."""
        await self.host.replays.history(interaction, member)

    @rummy.command(name="replay", description=words("cmd.replay"))
    @app_commands.describe(game=words("cmd.replay.game"))
    async def replay(self, interaction: discord.Interaction,
                     game: app_commands.Range[int, 1, 2**63 - 1]) -> None:
        """Open the replay of a finished game of this server, by its number."""
        await self.host.replays.open(interaction, int(game))

    # ----- /rummy verify (fair shuffles) --------------------------------------------------------

    @rummy.command(name="verify", description=words("cmd.verify"))
    @app_commands.describe(seed=words("cmd.verify.seed"), hash=words("cmd.verify.hash"),
                           game=words("cmd.verify.game"))
    @app_commands.choices(game=GAME_CHOICES)
    async def verify(self, interaction: discord.Interaction, seed: str, hash: str,
                     game: str | None = None) -> None:
        """Answer whether a revealed seed is the one committed to, and the deck it deals."""
        await interaction.response.send_message(
            verify_text(seed, hash, game, locale_of(interaction.locale)), ephemeral=True)

    # ----- /leaderboard and /stats --------------------------------------------------------------

    @app_commands.command(name="leaderboard", description=words("cmd.leaderboard"))
    @app_commands.describe(game=words("cmd.leaderboard.game"), by=words("cmd.leaderboard.by"))
    @app_commands.choices(game=BOARD_CHOICES, by=BY_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction,
                          game: str = DEFAULT_GAME, by: str = "rating") -> None:
        """Post the server's leaderboard for one game as a picture."""
        locale = locale_of(interaction.locale)
        assert interaction.guild_id is not None
        if by == "rating":
            spec = await self._rating_board(interaction, game, locale)
        else:
            spec = await self._results_board(interaction, game, by, locale)
        if spec is None:
            key = "rating.none" if by == "rating" else "lb.no_games"
            await interaction.response.send_message(t(key, locale), ephemeral=True)
            return
        png = render_leaderboard(spec)
        await interaction.response.send_message(
            file=discord.File(io.BytesIO(png), filename="leaderboard.png"))

    async def _rating_board(self, interaction: discord.Interaction, game: str,
                            locale: str) -> LeaderboardSpec | None:
        """Return the rating leaderboard: the top established players, the provisional ones
        apart, and the member's own row (None: nobody is rated yet)."""
        assert interaction.guild_id is not None
        ladder = await self.bot.storage.ladder(interaction.guild_id, game)
        if not ladder:
            return None
        rows, mine = board_rows(ladder, f"u:{interaction.user.id}", locale)
        return LeaderboardSpec(
            title=t("lb.title", locale, game=t(board_for(game).title, locale)),
            columns=["#", *(t(k, locale) for k in ("lb.player", "lb.rating", "lb.games",
                                                   "lb.win_rate"))],
            rows=rows, highlight=mine)

    async def _results_board(self, interaction: discord.Interaction, game: str, by: str,
                             locale: str) -> LeaderboardSpec | None:
        """Return the leaderboard by wins (or by games played) from the results."""
        assert interaction.guild_id is not None
        rows = await self.bot.storage.leaderboard(interaction.guild_id, game, EVERYONE)
        if not rows:
            return None
        board = board_for(game)
        lowest = board.lowest
        # Storage ranks by points added up; where the lowest total wins, by the lowest total.
        rows = sorted(rows, key=lambda r: score_key(r, lowest), reverse=True)
        numbers = places(rows, lowest)
        if by == "games":
            order = sorted(range(len(rows)), key=lambda i: -rows[i].games)  # stable: then wins
            rows = [rows[i] for i in order]
            games = [r.games for r in rows]
            numbers = [games.index(g) + 1 for g in games]
        # The top ten, and the member's own row below them if he is further down.
        shown = [i for i in range(len(rows)) if i < TOP or rows[i].user_id == interaction.user.id]
        rows, numbers = [rows[i] for i in shown], [numbers[i] for i in shown]
        mine = next((i for i, r in enumerate(rows) if r.user_id == interaction.user.id), None)
        # Wins first; then the board's own sense of a score: points (or chips) added up, or
        # where the lowest total wins, a player's lowest final total.
        return LeaderboardSpec(
            title=t("lb.title", locale, game=t(board.title, locale)),
            columns=["#", *(t(k, locale) for k in ("lb.player", "lb.wins", "lb.games",
                                                   "lb.win_rate", board.heading))],
            rows=[[str(place), r.name, str(r.wins), str(r.games), f"{r.win_rate:.0%}",
                   grouped(-r.best if lowest else r.points, locale)]
                  for place, r in zip(numbers, rows, strict=True)],
            highlight=mine,
        )

    @app_commands.command(name="stats", description=words("cmd.stats"))
    @app_commands.describe(member=words("cmd.stats.member"))
    @app_commands.guild_only()
    async def stats(self, interaction: discord.Interaction,
                    member: discord.Member | None = None) -> None:
        """Answer with a member's games, wins, win rate and points per game."""
        locale = locale_of(interaction.locale)
        who = member or interaction.user
        assert interaction.guild_id is not None
        rows = await self.bot.storage.player_stats(interaction.guild_id, who.id)
        if not rows:
            await interaction.response.send_message(
                t("stats.no_games", locale, name=who.display_name), ephemeral=True)
            return
        lines = [f"**{t('stats.title', locale, name=who.display_name)}**"]
        lines += [stats_line(r, locale) for r in rows]
        lines += await self._rating_lines(interaction.guild_id, who.id, locale)
        await interaction.response.send_message("\n".join(lines), ephemeral=True)

    async def _rating_lines(self, guild_id: int, user_id: int, locale: str) -> list[str]:
        """Return a member's ratings, one line per board in menu order, under their heading."""
        ratings = {r.board: r for r in await self.bot.storage.player_ratings(guild_id, user_id)}
        lines = [stats_rating_line(ratings[b.name], t(b.title, locale), locale)
                 for b in boards() if b.name in ratings]
        return [f"**{t('rating.heading', locale)}**", *lines] if lines else []


async def setup(bot: RummyBot) -> None:
    """Add the cog (called by `load_extension`)."""
    await bot.add_cog(Rummy(bot))

