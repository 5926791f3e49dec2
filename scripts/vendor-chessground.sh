#!/bin/sh
# Refreshes the board of `sade-ref serve`, chessground (lichess's board, GPL-3.0-or-later), from
# its npm package: the built ES module, its three style sheets (the board, brown squares, the
# cburnett pieces) and its licence, into src/serve/assets/chessground/, with VERSION and
# SHA256SUMS (which a test checks). Needs curl, tar and sha256sum; no Node.
#
#   scripts/vendor-chessground.sh [VERSION]     (default: the version in VERSION)
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
into="$here/src/serve/assets/chessground"
version=${1:-$(sed -n 's/^version //p' "$into/VERSION")}
tarball="https://registry.npmjs.org/@lichess-org/chessground/-/chessground-$version.tgz"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
curl -fsSL "$tarball" -o "$work/package.tgz"
tar -xzf "$work/package.tgz" -C "$work"
mkdir -p "$into"
cp "$work/package/dist/chessground.min.js" \
   "$work/package/assets/chessground.base.css" \
   "$work/package/assets/chessground.brown.css" \
   "$work/package/assets/chessground.cburnett.css" \
   "$work/package/LICENSE" "$into/"
{
  echo "package @lichess-org/chessground"
  echo "version $version"
  echo "from $tarball"
  echo "tarball-sha256 $(sha256sum "$work/package.tgz" | cut -d' ' -f1)"
} > "$into/VERSION"
(cd "$into" && sha256sum chessground.min.js chessground.base.css chessground.brown.css \
  chessground.cburnett.css LICENSE > SHA256SUMS)
echo "chessground $version vendored into $into"
