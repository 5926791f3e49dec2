"""Fixtures of the Python tests: the repository, and the `sade-ref` command to compare with."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from support import ROOT


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def cli() -> Path:
    """The `sade-ref` binary: $SADE_REF_BIN, or the debug build (built once if missing or out
    of date; cargo does nothing when it is current)."""
    given = os.environ.get("SADE_REF_BIN")
    if given:
        return Path(given)
    subprocess.run(
        ["cargo", "build", "--locked", "--quiet", "--bin", "sade-ref"],
        cwd=ROOT,
        check=True,
    )
    return ROOT / "target" / "debug" / "sade-ref"
