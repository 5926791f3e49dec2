#!/usr/bin/env python3
"""The agreement of `sade-ref analyse`'s judgements with Stockfish's (docs/analysis.md).

    scripts/analysis-agreement.py select PGN OUT.pgn [--games 20] [--min-elo 1500]
        [--max-elo 2000] [--min-plies 40]
  writes the first games of PGN whose WhiteElo and BlackElo are both within the range and
  that have at least --min-plies half-moves (40: 20 moves by each side), as they are.

    scripts/analysis-agreement.py compare TRUTH.jsonl OTHER.jsonl
  reads two `analyse --format json` outputs of the same games (TRUTH: Stockfish's, through
  `--engine uci:`), pairs their turns, and prints the precision and recall of OTHER's
  "blunder" and of its "mistake or worse" with TRUTH's judgements as the truth. Forced turns
  are judged by neither and count as "none".
"""

import json
import re
import sys

RANK = {None: 0, "inaccuracy": 1, "mistake": 2, "blunder": 3}


def games(text):
    """The games of a PGN text, each as its text."""
    return [g for g in re.split(r"\n(?=\[Event )", text) if g.strip()]


def plies(game):
    movetext = "\n".join(l for l in game.splitlines() if not l.startswith("["))
    movetext = re.sub(r"\{[^}]*\}", " ", movetext)
    movetext = re.sub(r"\([^)]*\)", " ", movetext)
    tokens = [
        t
        for t in movetext.split()
        if not re.fullmatch(r"\d+\.(\.\.)?|1-0|0-1|1/2-1/2|\*|\$\d+", t)
    ]
    return len(tokens)


def select(args):
    path, out = args[0], args[1]
    opts = dict(zip(args[2::2], args[3::2]))
    n = int(opts.get("--games", 20))
    lo, hi = int(opts.get("--min-elo", 1500)), int(opts.get("--max-elo", 2000))
    min_plies = int(opts.get("--min-plies", 40))
    chosen = []
    for g in games(open(path, encoding="utf-8").read()):
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', g, re.M))
        try:
            w, b = int(tags.get("WhiteElo", "")), int(tags.get("BlackElo", ""))
        except ValueError:
            continue
        if lo <= w <= hi and lo <= b <= hi and plies(g) >= min_plies:
            chosen.append(g.strip() + "\n")
            if len(chosen) == n:
                break
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(chosen))
    print(f"{len(chosen)} games, {sum(plies(g) for g in chosen)} half-moves -> {out}")


def judgements(path):
    out = []
    for line in open(path, encoding="utf-8"):
        a = json.loads(line)
        out.append([(t["index"], t["played"], t["judgement"]) for t in a["turns"]])
    return out


def pr(pairs, level):
    tp = sum(1 for t, o in pairs if RANK[t] >= level and RANK[o] >= level)
    fp = sum(1 for t, o in pairs if RANK[t] < level and RANK[o] >= level)
    fn = sum(1 for t, o in pairs if RANK[t] >= level and RANK[o] < level)
    p = tp / (tp + fp) if tp + fp else float("nan")
    r = tp / (tp + fn) if tp + fn else float("nan")
    return tp, fp, fn, p, r


def compare(args):
    truth, other = judgements(args[0]), judgements(args[1])
    assert len(truth) == len(other), "not the same games"
    pairs = []
    for tg, og in zip(truth, other):
        assert len(tg) == len(og), "not the same turns"
        for (ti, tp, tj), (oi, op, oj) in zip(tg, og):
            # The check sign is left out by some versions of the analysis (`played`).
            same = [m.rstrip("+#") for m in tp] == [m.rstrip("+#") for m in op]
            assert ti == oi and same, "not the same turns"
            pairs.append((tj, oj))
    print(f"{len(truth)} games, {len(pairs)} turns")
    for name in ("inaccuracy", "mistake", "blunder"):
        print(
            f"  {name:<10} truth {sum(1 for t, _ in pairs if t == name):>4}"
            f"  other {sum(1 for _, o in pairs if o == name):>4}"
        )
    for label, level in (("blunder", 3), ("mistake or worse", 2)):
        tp, fp, fn, p, r = pr(pairs, level)
        print(
            f"  {label:<17} precision {p:.3f} ({tp}/{tp + fp})  recall {r:.3f} ({tp}/{tp + fn})"
        )


if __name__ == "__main__":
    if len(sys.argv) < 4 or sys.argv[1] not in ("select", "compare"):
        sys.exit(__doc__)
    {"select": select, "compare": compare}[sys.argv[1]](sys.argv[2:])
