"""Helpers of the Python tests."""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_cli(
    cli: Path, *args: str, cwd: Path = ROOT, ok: tuple[int, ...] = (0, 1), input: str | None = None
) -> str:
    """The command's standard output (`input` on its standard input); fails the test on an exit
    code not in `ok`."""
    done = subprocess.run(
        [str(cli), *args], cwd=cwd, capture_output=True, text=True, check=False, input=input
    )
    assert done.returncode in ok, f"sade-ref {' '.join(args)}: exit {done.returncode}\n{done.stderr}"
    return done.stdout
