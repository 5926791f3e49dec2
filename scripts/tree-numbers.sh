#!/usr/bin/env bash
# The numbers of docs/architecture.md: the Rust and JavaScript files of src/ (the vendored
# chessground aside, src/serve/assets/chessground/), their lines, the largest file, and how
# many files are long.
#
#   scripts/tree-numbers.sh          the files git tracks, as they are in the working tree
#   scripts/tree-numbers.sh REV      the same files as they were at a commit (HEAD, c3e01f8, …)
#
# Lines are newline characters, as `wc -l` counts them.
set -euo pipefail
cd "$(dirname "$0")/.."

rev="${1:-}"
pick() { grep -E '\.(rs|js)$' | grep -v '^src/serve/assets/chessground/' || true; }
if [ -z "$rev" ]; then
  files=$(git ls-files -- src | pick)
  lines_of() { wc -l <"$1"; }
  where="the working tree"
else
  git rev-parse --verify --quiet "$rev^{commit}" >/dev/null || {
    echo "tree-numbers: no commit $rev" >&2
    exit 2
  }
  files=$(git ls-tree -r --name-only "$rev" -- src | pick)
  lines_of() { git show "$rev:$1" | wc -l; }
  where="$(git rev-parse --short "$rev")"
fi

table=$(for f in $files; do
  [ -f "$f" ] || [ -n "$rev" ] || continue
  printf '%s %s\n' "$(lines_of "$f")" "$f"
done | sort -k1,1n -k2,2)

echo "$table" | awk -v where="$where" '
  function group(n,  s, out) {
    s = sprintf("%d", n); out = ""
    while (length(s) > 3) { out = "," substr(s, length(s) - 2) out; s = substr(s, 1, length(s) - 3) }
    return s out
  }
  NF == 2 { files++; lines += $1; if ($1 >= 450) long++; if ($1 > 500) over++; big = $1; name = $2 }
  END {
    printf "src/, Rust and JavaScript (the vendored chessground aside), at %s\n", where
    printf "files                        %s\n", group(files)
    printf "lines                        %s\n", group(lines)
    printf "the largest file             %s, %s\n", name, group(big)
    printf "files of 450 lines or more   %d\n", long
    printf "files over 500 lines         %d\n", over
  }'
