//! The reader on arbitrary input: it never panics, always ends, and every span it reports lies
//! inside the input. (Deeper fuzzing with cargo-fuzz is for a later issue.)

use proptest::prelude::*;
use sade_ref::parse::parse_bytes;

/// Bytes that look like SDN often enough to reach deep into the grammar.
fn sdn_like() -> impl Strategy<Value = Vec<u8>> {
    let pieces = prop::sample::select(vec![
        "[Event \"x\"]\n",
        "[FEN \"",
        "\"]",
        "1.",
        "1...",
        " ",
        "\n",
        "3:",
        "7:",
        "⚂",
        "e4",
        "Nf3",
        "O-O",
        "0-0-0",
        "exd5",
        "e8=Q",
        "e8Q",
        "-Nc3",
        "Q@d4",
        "--",
        "{",
        "}",
        "(",
        ")",
        ";",
        "$",
        "$14",
        "!?",
        "+",
        "#",
        "1-0",
        "1/2-1/2",
        "*",
        "%",
        "\\",
        "\"",
        "\0",
        "\u{FEFF}",
        "\u{00A0}",
        "[",
        "]",
        "g1f3",
        "½-½",
        "‑",
    ]);
    prop::collection::vec(pieces, 0..60).prop_map(|v| v.concat().into_bytes())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        for game in parse_bytes(&bytes) {
            if let Err(e) = game {
                prop_assert!(e.span.start <= e.span.end && e.span.end <= bytes.len() + 1, "{e:?}");
            }
        }
    }

    #[test]
    fn sdn_like_text_never_panics(bytes in sdn_like()) {
        for game in parse_bytes(&bytes) {
            match game {
                Ok(game) => prop_assert!(game.span.end <= bytes.len()),
                Err(e) => prop_assert!(e.span.end <= bytes.len() + 1, "{e:?}"),
            }
        }
    }
}
