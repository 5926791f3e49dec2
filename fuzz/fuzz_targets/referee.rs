//! The referee on records that parse, including absurd setups: inputs that start with `F` put
//! their first bytes into a FEN tag (any placement, pocket, side, castling and en passant), the
//! rest is the movetext of a Sade game. No panic, no hang, whatever the position.
#![no_main]

use libfuzzer_sys::fuzz_target;

const PIECES: &[u8] = b"KQRBNPkqrbnp12345678/";

fn absurd(data: &[u8]) -> String {
    let (head, rest) = data.split_at(data.len().min(72));
    let placement: String = head
        .iter()
        .take(64)
        .map(|b| PIECES[usize::from(*b) % PIECES.len()] as char)
        .collect();
    let tail = &head[head.len().min(64)..];
    let pocket: String = tail
        .iter()
        .take(4)
        .map(|b| b"QRBNPqrbnpK"[usize::from(*b) % 11] as char)
        .collect();
    let side = if tail.get(4).is_some_and(|b| b & 1 == 1) {
        "b"
    } else {
        "w"
    };
    let castling = ["KQkq", "-", "K", "kq"][usize::from(*tail.get(5).unwrap_or(&0)) % 4];
    let ep = ["-", "e3", "d6", "a8"][usize::from(*tail.get(6).unwrap_or(&0)) % 4];
    format!(
        "[Variant \"Sade\"]\n[FEN \"{placement}[{pocket}] {side} {castling} {ep} 0 1\"]\n\n{}",
        String::from_utf8_lossy(rest)
    )
}

fuzz_target!(|data: &[u8]| {
    let games = match data.split_first() {
        Some((b'F', rest)) => sade_ref::parse::parse_str(&absurd(rest)),
        _ => sade_ref::parse::parse_bytes(data),
    };
    for game in games.into_iter().flatten() {
        let verdict = sade_ref::referee::verify(&game);
        if let Some(error) = &verdict.error {
            assert!(error.turn_index <= game.turns.len(), "{error:?}");
        }
    }
});
