"""`python -m bot`: connect to Discord with DISCORD_TOKEN, else open the local sandbox."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys
from collections.abc import Awaitable

import aiohttp
import discord

from bot.app import RummyBot, StartupError, prepare_database
from bot.logging_setup import setup_logging
from bot.sandbox import SandboxInfo, run_sandbox
from bot.settings import Settings, SettingsError

log = logging.getLogger("bot")


def describe_startup_error(error: BaseException) -> str | None:
    """Return a one-line explanation for a known startup failure, else None."""
    if isinstance(error, (SettingsError, StartupError)):
        return str(error)
    if isinstance(error, discord.LoginFailure):
        return "Discord rejected DISCORD_TOKEN: copy the bot token again from the Developer Portal"
    if isinstance(error, discord.PrivilegedIntentsRequired):
        return (
            "Discord refused a privileged intent: enable it for the bot in the Developer Portal "
            "(Bot > Privileged Gateway Intents)"
        )
    if isinstance(error, aiohttp.ClientConnectionError):
        return f"cannot reach Discord: {error}"
    return None


async def run_discord(settings: Settings, stop: asyncio.Event) -> None:
    """Run the bot on Discord until it disconnects for good or `stop` is set."""
    assert settings.token is not None
    # Fail before connecting: a bad database path is cheaper to report now.
    prepare_database(settings)
    async with RummyBot(settings) as bot:
        runner = asyncio.ensure_future(bot.start(settings.token))
        stopper = asyncio.ensure_future(stop.wait())
        try:
            await asyncio.wait({runner, stopper}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            stopper.cancel()
            if not runner.done():
                await bot.close()
        await runner


def _print_sandbox_banner(info: SandboxInfo) -> None:
    names = ", ".join(member.name for member in info.world.members)
    print(
        f"Sandbox ready: server '{info.world.guild.name}', channel #{info.world.channel.name}, "
        f"members {names}.",
        flush=True,
    )
    print(f"Open {info.url}", flush=True)
    print("Switch members with 'Viewing as'; press Ctrl-C to stop.", flush=True)


async def _serve(settings: Settings) -> None:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        # Not available on Windows event loops; Ctrl-C then raises KeyboardInterrupt.
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(signum, stop.set)
    work: Awaitable[None]
    if settings.token:
        log.info("starting on Discord")
        work = run_discord(settings, stop)
    else:
        work = run_sandbox(settings, on_ready=_print_sandbox_banner, stop=stop)
    await work


def main() -> int:
    """Run the process; return the exit status."""
    try:
        settings = Settings.load()
    except SettingsError as error:
        print(f"rummy-bot: {error}", file=sys.stderr)
        return 2
    setup_logging(settings.log_level)
    try:
        asyncio.run(_serve(settings))
    except KeyboardInterrupt:
        pass
    except Exception as error:
        message = describe_startup_error(error)
        if message is None:
            raise
        print(f"rummy-bot: {message}", file=sys.stderr)
        return 1
    if not settings.token:
        print("Sandbox closed.", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
