"""The Spark job in local mode on a generated archive of a few thousand games, some of them
invalid: its verdicts equal one `sade-ref verify --format json` run on the whole file, game for
game, and its count of invalid games by Article is the count of that run.

    pytest examples/spark   (needs pyspark, a Java runtime and the sade_ref package)
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

import sade_ref

ROOT = Path(__file__).resolve().parents[2]
JOB = Path(__file__).with_name("verify_archive.py")


@pytest.fixture(scope="module")
def cli() -> Path:
    given = os.environ.get("SADE_REF_BIN")
    if given:
        return Path(given)
    subprocess.run(["cargo", "build", "--locked", "--quiet", "--bin", "sade-ref"], cwd=ROOT, check=True)
    return ROOT / "target" / "debug" / "sade-ref"


def spoil(text: str, how: int) -> str:
    """A game made invalid: an illegal first move, a die face its actions do not fulfil, or a
    move that is no move at all (a syntax error)."""
    if how == 0:
        return re.sub(r"\n\n1\. (\d: )?\S+", lambda m: f"\n\n1. {m.group(1) or ''}Qh5", text, count=1)
    if how == 1:
        return re.sub(r"\n\n1\. \d:", "\n\n1. 5:", text, count=1)
    return re.sub(r"\n\n1\. (\d: )?\S+", lambda m: f"\n\n1. {m.group(1) or ''}Qx9", text, count=1)


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """About 3,000 games: Standard, Sade and Marseillais ones by the bots, one in 40 spoilt."""
    games = []
    for n in range(1, 3001):
        if n % 10 == 0:
            game = sade_ref.play("sade", seed=20, number=n, max_turns=40)
        elif n % 10 == 5:
            game = sade_ref.play("marseillais", seed=20, number=n, max_turns=30)
        else:
            game = sade_ref.play("standard", seed=20, number=n)
        text = game.to_sdn()
        if n % 40 == 0 or n % 40 == 5 or n % 40 == 7:
            text = spoil(text, n % 3)
        games.append(text)
    path = tmp_path_factory.mktemp("archive") / "games.sdn"
    path.write_text("\n".join(games))
    return path


@pytest.fixture(scope="module")
def single_run(cli: Path, archive: Path) -> list[dict]:
    done = subprocess.run(
        [str(cli), "verify", "--format", "json", "--quiet", archive.name],
        cwd=archive.parent,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1, done.stderr  # some games are invalid
    verdicts = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(verdicts) == 3000
    invalid = [v for v in verdicts if v["status"] == "invalid"]
    assert {v["error"]["kind"] for v in invalid} == {"syntax", "rule"}
    assert 150 <= len(invalid) <= 400
    return verdicts


@pytest.mark.parametrize("mode", ["bindings", "pipe"])
def test_the_spark_job_gives_the_verdicts_of_one_run(
    mode: str, cli: Path, archive: Path, single_run: list[dict], tmp_path: Path
) -> None:
    out = tmp_path / "out"
    done = subprocess.run(
        [
            sys.executable,
            str(JOB),
            archive.name,
            str(out),
            "--games-per-chunk",
            "400",
            "--master",
            "local[2]",
            "--mode",
            mode,
            "--binary",
            str(cli.resolve()),
        ],
        cwd=archive.parent,
        capture_output=True,
        text=True,
        check=False,
        timeout=900,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    manifest = (out / "manifest.tsv").read_text().splitlines()
    assert len(manifest) == 8  # 3,000 games, 400 a chunk
    parts = sorted((out / "verdicts").glob("part-*"))
    assert len(parts) == len(manifest)
    verdicts = [json.loads(line) for part in parts for line in part.read_text().splitlines()]
    assert len(verdicts) == len(single_run)
    for ours, theirs in zip(verdicts, single_run):
        assert ours == theirs
    counted = json.loads((out / "invalid_by_article.json").read_text())
    expected = Counter(v["error"]["article"] for v in single_run if v["status"] == "invalid")
    assert counted == dict(expected)
    assert f"3000 games in 8 chunks ({mode}" in done.stdout
