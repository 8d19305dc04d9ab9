"""The bot process: settings, the Bot subclass, storage, i18n and the entry point."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("rummy-bot")
except PackageNotFoundError:  # running from a checkout that was never installed
    __version__ = "0.0.0+local"
