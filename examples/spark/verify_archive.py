"""Verify an archive of games on Spark (docs/scale.md): cut it into chunks where games begin,
verify the chunks in parallel, write the verdicts as JSON Lines, and count the invalid games by
Article with a DataFrame.

    python examples/spark/verify_archive.py ARCHIVE OUT [--games-per-chunk N]
        [--master local[2]] [--mode bindings|pipe] [--binary PATH]

- bindings (default): `mapPartitions` calls `sade_ref.verify` on each chunk, read with its
  first game and first line in the archive (the Python package must be installed where the
  executors run);
- pipe: each manifest line is piped to `sade-ref verify --format json --first-game
  --first-line` (the binary must be on the executors).

Either way, OUT/verdicts/part-* concatenated in order is what one `sade-ref verify --format json
ARCHIVE` writes, line for line; OUT/manifest.tsv lists the chunks; OUT/invalid_by_article.json
counts invalid games by the Article of their first error. The archive is plain text (SDN or
PGN); decompress it first.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
import time
from pathlib import Path


def cut(archive: Path, chunks: Path, games_per_chunk: int) -> list[tuple[str, int, int]]:
    """Cuts `archive` into chunks of `games_per_chunk` games where a game begins (a line that
    starts with `[Event ` after a blank line, or at the top), as docs/scale.md's awk does.
    Returns the manifest: (chunk path, its first game, its first line)."""
    chunks.mkdir(parents=True, exist_ok=True)
    manifest: list[tuple[str, int, int]] = []
    out = None
    games = 0
    previous_blank = True
    with open(archive, "rb") as f:
        for number, line in enumerate(f, start=1):
            if line.startswith(b"[Event ") and previous_blank:
                if games % games_per_chunk == 0:
                    if out is not None:
                        out.close()
                    path = chunks / f"{len(manifest):06d}.sdn"
                    manifest.append((str(path), games + 1, number))
                    out = open(path, "wb")
                games += 1
            if out is not None:
                out.write(line)
            previous_blank = not line.strip()
    if out is not None:
        out.close()
    if not manifest:
        raise SystemExit(f"{archive}: no line starts a game (`[Event ` after a blank line)")
    return manifest


def verify_chunks(name: str):  # type: ignore[no-untyped-def]
    """The mapper of the bindings mode: manifest lines in, the chunks' verdicts (JSON) out."""

    def run(lines):  # type: ignore[no-untyped-def]
        import sade_ref

        for line in lines:
            path, first_game, first_line = line.split("\t")
            with open(path, "rb") as f:
                data = f.read()
            games = sade_ref.read_games(
                data, name=name, first_game=int(first_game), first_line=int(first_line)
            )
            for verdict in sade_ref.verify_many(games, jobs=1):
                yield json.dumps(verdict.to_dict(), ensure_ascii=False, separators=(",", ":"))

    return run


def pipe_command(binary: str, name: str) -> str:
    """The mapper of the pipe mode: docs/scale.md's mapper.sh, one manifest line at a time.
    The chunk is read from standard input under the archive's name (`--first-*` renumber it),
    so that `"file"` is the archive's; exit code 1 (some game invalid) is a verdict."""
    script = (
        'while IFS="$(printf "\\t")" read -r path first_game first_line; do '
        f"{shlex.quote(binary)} verify --format json --quiet --jobs 1 "
        '--first-game "$first_game" --first-line "$first_line" - < "$path" '
        '| sed "s|\\"file\\":\\"-\\"|\\"file\\":$NAME|"; '
        '[ "${PIPESTATUS[0]}" -le 1 ] || exit 2; done'
    )
    return f"env NAME={shlex.quote(json.dumps(name))} bash -c {shlex.quote(script)}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("archive", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--games-per-chunk", type=int, default=500)
    parser.add_argument("--master", default="local[2]")
    parser.add_argument("--mode", choices=("bindings", "pipe"), default="bindings")
    parser.add_argument("--binary", default="sade-ref")
    parser.add_argument(
        "--name", help="the archive's name in verdicts (default: the path as given)"
    )
    args = parser.parse_args()
    if args.games_per_chunk < 1:
        parser.error("--games-per-chunk: at least 1")

    # The executors run this Python (and so find sade_ref where it is installed).
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    os.environ.setdefault("PYSPARK_DRIVER_PYTHON", sys.executable)
    from pyspark.sql import SparkSession
    from pyspark.sql import functions as F

    name = args.name or str(args.archive)
    start = time.perf_counter()
    manifest = cut(args.archive, args.out / "chunks", args.games_per_chunk)
    (args.out / "manifest.tsv").write_text(
        "".join(f"{p}\t{g}\t{l}\n" for p, g, l in manifest)
    )
    cut_seconds = time.perf_counter() - start

    spark = (
        SparkSession.builder.master(args.master)
        .appName("sade-ref verify")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("ERROR")
    try:
        lines = [f"{p}\t{g}\t{l}" for p, g, l in manifest]
        # One partition a chunk: partitions keep the manifest's order, and so the archive's.
        tasks = spark.sparkContext.parallelize(lines, numSlices=len(lines))
        if args.mode == "bindings":
            verdicts = tasks.mapPartitions(verify_chunks(name))
        else:
            verdicts = tasks.pipe(pipe_command(args.binary, name))
        out = args.out / "verdicts"
        begin = time.perf_counter()
        verdicts.saveAsTextFile(str(out.resolve()))
        verify_seconds = time.perf_counter() - begin

        frame = spark.read.json(str(out.resolve()))
        games = frame.count()
        invalid = (
            frame.where(F.col("status") == "invalid")
            .groupBy(F.col("error.article").alias("article"))
            .count()
            .orderBy(F.col("count").desc(), "article")
            .collect()
        )
    finally:
        spark.stop()
    by_article = {row["article"]: row["count"] for row in invalid}
    (args.out / "invalid_by_article.json").write_text(json.dumps(by_article, indent=2) + "\n")
    print(
        f"{name}: {games} games in {len(manifest)} chunks ({args.mode}, {args.master}): "
        f"cut {cut_seconds:.2f} s, verified {verify_seconds:.2f} s "
        f"({games / verify_seconds:.0f} games/s); invalid: {sum(by_article.values())}"
    )
    for article, count in by_article.items():
        print(f"  {article}: {count}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
