#!/usr/bin/env bash
# Seeds the fuzz corpora from ../corpus: every SDN/PGN file for the reader, round-trip and
# referee targets, and their JSON (written by the sade-ref binary) for the json target.
set -euo pipefail
cd "$(dirname "$0")"
for target in reader round_trip referee json; do mkdir -p "corpus/$target"; done
bin=../target/debug/sade-ref
[ -x "$bin" ] || (cd .. && cargo build --quiet)
find ../corpus -type f \( -name '*.sdn' -o -name '*.pgn' \) | while read -r file; do
  name=$(echo "$file" | sed 's|^\.\./corpus/||; s|/|_|g')
  for target in reader round_trip referee; do cp "$file" "corpus/$target/$name"; done
  "$bin" convert "$file" --to json > "corpus/json/$name.json" 2>/dev/null || true
done
# Absurd setups for the referee: `F` + bytes that become a FEN (see fuzz_targets/referee.rs).
printf 'F\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b1. 1: --' > corpus/referee/absurd_fen
echo "seeded: $(ls corpus/reader | wc -l) text files, $(ls corpus/json | wc -l) JSON files"
