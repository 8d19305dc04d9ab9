"""Engine test fixtures: the hand-moved loop clock."""

from tests.engine.clock import clock

__all__ = ["clock"]
