//! A move clicked on the board (its squares, `e2e4`) written as an arbiter writes it: in SAN.

/// A clicked move (`e2e4`) in SAN, as an arbiter writes it: in the position `fen` (a Sade FEN's
/// pocket left out) with the side to move, or, for a Sade move of the opponent's pieces, with
/// the other side to move; each also without the en passant square, when it makes no position.
/// Outside Sade (a FEN without a pocket) the move carries its check or mate mark (`Qa8+`,
/// `Qxf7#`), as PGN writes it. `None` when it is a move in none of these: the referee then reads
/// the UCI and says why it is refused.
pub fn san_of(fen: &str, uci: &str) -> Option<String> {
    use shakmaty::fen::Fen;
    use shakmaty::san::{San, SanPlus};
    use shakmaty::uci::UciMove;
    use shakmaty::{CastlingMode, Chess};
    let mut fields: Vec<String> = fen.split_whitespace().map(str::to_owned).collect();
    let placement = fields.first_mut()?;
    let sade = placement.contains('[');
    if let Some(at) = placement.find('[') {
        placement.truncate(at);
    }
    let uci: UciMove = uci.parse().ok()?;
    let side = fields.get(1)?.clone();
    let other = if side == "w" { "b" } else { "w" };
    let passant = fields.get(3).cloned().unwrap_or_else(|| "-".to_owned());
    // Mid-turn in Sade, the FEN keeps the en passant square of a pawn that just stepped twice
    // with the same side to move, which makes no chess position: then without it.
    for (turn, ep) in [
        (side.as_str(), passant.as_str()),
        (side.as_str(), "-"),
        (other, passant.as_str()),
        (other, "-"),
    ] {
        fields[1] = turn.to_owned();
        if let Some(field) = fields.get_mut(3) {
            ep.clone_into(field);
        }
        let Ok(setup) = fields.join(" ").parse::<Fen>() else {
            continue;
        };
        // A Sade position may be one chess never reaches (the king of the side not to move
        // attacked after a series, more material than a game can have): the move's text does
        // not depend on it.
        let pos = match setup.into_position::<Chess>(CastlingMode::Standard) {
            Ok(pos) => pos,
            Err(e) if sade => match e
                .ignore_impossible_check()
                .or_else(shakmaty::PositionError::ignore_too_much_material)
            {
                Ok(pos) => pos,
                Err(_) => continue,
            },
            Err(_) => continue,
        };
        if let Ok(m) = uci.to_move(&pos) {
            return Some(if sade {
                San::from_move(&pos, m).to_string()
            } else {
                SanPlus::from_move(pos, m).to_string()
            });
        }
    }
    None
}
