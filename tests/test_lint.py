"""The source stays ruff- and mypy-clean and keeps its import contract (pinned tool versions,
see pyproject's dev extra)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=600)


def test_ruff_is_clean_on_the_source_tests_and_benchmarks() -> None:
    result = _run("ruff", "check", "engine", "card_images", "bot", "cogs", "tests", "benchmarks")
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_import_contract_is_kept() -> None:
    # engine on the standard library only, card_images on engine, each game on its own
    result = subprocess.run(
        [sys.executable, "-c", "import sys; from importlinter.cli import lint_imports_command;"
         " sys.exit(lint_imports_command())"], cwd=ROOT, capture_output=True, text=True,
        timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_is_clean_on_the_source() -> None:
    result = _run("mypy")
    assert result.returncode == 0, result.stdout + result.stderr
