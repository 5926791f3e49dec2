//! `GET /api/games/{id}/options`: the options of the turn to play, from the same search as
//! `sade-ref options`, that continue the actions already written in it.

use serde::Serialize;

use crate::arbiter::locate::{TurnName, query_before};
use crate::arbiter::options::{Answer, Limits, Line, Squares, answer};
use crate::record::{Face, Side, Variant};
use crate::rules::sade::{FaceSix, face_six};

use crate::serve::clicked::san_of;

use crate::serve::error::ApiError;
use crate::serve::live::{Live, Phase};

/// The options the search lists at most, when they are filtered by the actions written.
const FILTERED_FROM: usize = 20_000;

/// `GET /api/games/{id}/options`: the answer of `options` (spec/options.schema.json) for the
/// turn to play, keeping only the options that continue the actions of the turn already
/// written, each listed whole, from the turn's first action.
#[derive(Serialize)]
pub struct TurnOptions {
    #[serde(flatten)]
    pub answer: Answer,
    /// The actions of the turn in progress written so far (SDN); `options`, `count`, `losing`
    /// and `losing_count` hold only the ways to write the turn that begin with them.
    pub written: Vec<String>,
    /// The turn has more ways than the server looked through ([`FILTERED_FROM`]): some that
    /// continue `written` may be missing, and the counts are then the least there are.
    pub partial: bool,
}

/// The options of the turn to play, from the same search as `options`, that continue the
/// actions already written in it.
pub fn options(live: &Live, limit: usize) -> Result<TurnOptions, ApiError> {
    let (mut answer, written, partial) = continuing(live, limit)?;
    answer.options.truncate(limit);
    answer.losing.truncate(limit);
    // Unfiltered, the counts are the search's own and a shorter list is no gap.
    let partial = partial && !written.is_empty();
    Ok(TurnOptions {
        answer,
        written,
        partial,
    })
}

/// The search's answer for the turn to play, with only the options (and losing ways) that
/// continue the actions written (all of them, up to [`FILTERED_FROM`], when some are
/// written: at most `limit` when none are), the actions written, and whether there are more
/// ways than were searched.
fn continuing(live: &Live, limit: usize) -> Result<(Answer, Vec<String>, bool), ApiError> {
    let (index, number, written) = match live.phase() {
        Phase::Over => {
            let last = live.game.turns.len();
            let number = live.game.turns.last().map(|t| t.number.next()).unwrap_or(
                crate::record::MoveNumber {
                    number: 1,
                    side: Side::White,
                },
            );
            (last, number, Vec::new())
        }
        Phase::Roll { .. } => {
            return Err(ApiError::conflict(
                "face",
                "roll the die first: the options follow from the face".to_owned(),
            ));
        }
        Phase::Act { number, .. } => match live.game.turns.last() {
            Some(t) if t.number == number => (
                live.game.turns.len() - 1,
                number,
                t.actions().map(ToString::to_string).collect(),
            ),
            _ => (live.game.turns.len(), number, Vec::new()),
        },
    };
    let mut game = live.game.clone();
    game.result = None;
    let query = query_before(&game, index, TurnName(number), None)
        .map_err(|e| ApiError::conflict("turn", e.to_string()))?;
    let searched = if written.is_empty() {
        limit
    } else {
        FILTERED_FROM
    };
    let mut answer = answer(
        &query,
        Limits {
            limit: Some(searched),
            count_only: false,
        },
    )
    .map_err(|e| ApiError::conflict("turn", e.to_string()))?;
    let partial = answer.count > searched || answer.losing_count > searched;
    if !written.is_empty() {
        let continues = |line: &Line| {
            line.actions.len() >= written.len()
                && line
                    .actions
                    .iter()
                    .zip(&written)
                    .all(|(a, w)| continues_with(a, w))
        };
        answer.options.retain(continues);
        answer.losing.retain(continues);
        answer.count = answer.options.len();
        answer.losing_count = answer.losing.len();
    }
    Ok((answer, written, partial))
}

/// `GET /api/games/{id}/next`: the actions that may come next in the turn to play, each with
/// the squares it touches, for a board that offers only those.
#[derive(Serialize, utoipa::ToSchema)]
pub struct NextActions {
    /// The actions of the turn in progress written so far (SDN).
    pub written: Vec<String>,
    /// Each action that continues them into a complete way to write the turn, once, in the
    /// search's order.
    pub actions: Vec<NextAction>,
    /// The actions still to come after the next one's, at most, in the ways that continue the
    /// turn (0: the next action completes it).
    pub after: usize,
    /// Faces 1–3: the colour whose pieces are due, by the count at the roll (R4).
    #[schema(schema_with = crate::serve::schema::side_or_null)]
    pub due: Option<Side>,
    /// Faces 1–3: why those pieces are due, as `sade-ref options` proves it.
    pub proof: Option<String>,
    /// When no action can come: what follows, and the Article (`options`' "none").
    pub none: Option<String>,
    /// Sade, face 6 before its first action, when no piece next to the roller's king can leave
    /// it: that one regular move is made instead, with the Article.
    pub told: Option<String>,
    /// The turn has more ways than the server looked through: some next actions may be
    /// missing.
    pub partial: bool,
}

/// One action that may come next.
#[derive(Serialize, utoipa::ToSchema)]
pub struct NextAction {
    /// As a record writes it, with its check mark: `Nf3`, `Qa8+`, `e8=N`, `-b2`, `-Nc3`, `Q@d4`,
    /// `--`.
    pub text: String,
    pub kind: NextKind,
    /// A move's square of departure.
    #[schema(schema_with = crate::serve::schema::square_or_null)]
    pub from: Option<String>,
    /// A move's square of arrival (castling: the king's, or its rook's in Chess960), the square
    /// of a sacrifice or a resurrection.
    #[schema(schema_with = crate::serve::schema::square_or_null)]
    pub to: Option<String>,
    /// The piece a move promotes to, or the piece a resurrection puts back: `Q`, `R`, `B`, `N`,
    /// `P`.
    #[schema(schema_with = crate::serve::schema::piece_or_null)]
    pub piece: Option<char>,
    /// It begins only ways that lose (a check that is not mate, Art. 4.1, or a series left with
    /// no way to complete it, Art. 13.2): legal to write, never a good idea.
    pub loses: bool,
}

/// What a next action does on the board: a move, a sacrifice, a resurrection, or nothing (`--`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum NextKind {
    /// A piece moves (castling: the king's move).
    Move,
    /// Face 4: a piece is taken off.
    Sacrifice,
    /// Face 5: a piece comes back.
    Resurrection,
    /// `--`: nothing is done.
    Nothing,
}

impl NextAction {
    /// The action `text` of an option, touching `place`. `fen`: outside Sade, the position it
    /// is played in, where a move is written as the server writes a clicked one (with its check
    /// mark, which the options of Marseillais chess leave out).
    fn new(text: &str, place: Squares, loses: bool, fen: Option<&str>) -> NextAction {
        let (kind, from, to, piece) = match place {
            Squares::Move {
                from,
                to,
                promotion,
            } => (NextKind::Move, Some(from), Some(to), promotion),
            Squares::Sacrifice(square) => (NextKind::Sacrifice, None, Some(square), None),
            Squares::Resurrection { role, square } => {
                (NextKind::Resurrection, None, Some(square), Some(role))
            }
            Squares::Nothing => (NextKind::Nothing, None, None, None),
        };
        let written = match (fen, from, to) {
            (Some(fen), Some(from), Some(to)) => {
                let promotion = piece.map(|r| r.char().to_string()).unwrap_or_default();
                san_of(fen, &format!("{from}{to}{promotion}"))
            }
            _ => None,
        };
        NextAction {
            text: written.unwrap_or_else(|| text.to_owned()),
            kind,
            from: from.map(|s| s.to_string()),
            to: to.map(|s| s.to_string()),
            piece: piece.map(|r| r.upper_char()),
            loses,
        }
    }
}

/// The actions that may come next in the turn to play.
pub fn next_actions(live: &Live) -> Result<NextActions, ApiError> {
    let (answer, written, partial) = continuing(live, FILTERED_FROM)?;
    let at = written.len();
    let fen = (live.game.variant() != Ok(Variant::Sade)).then_some(live.verdict.final_fen.as_str());
    let mut actions: Vec<NextAction> = Vec::new();
    let mut after = 0;
    let lines = answer
        .options
        .iter()
        .map(|l| (l, false))
        .chain(answer.losing.iter().map(|l| (l, true)));
    for (line, loses) in lines {
        let (Some(text), Some(place)) = (line.actions.get(at), line.squares.get(at)) else {
            continue;
        };
        if !loses {
            after = after.max(line.actions.len() - at - 1);
        }
        match actions.iter_mut().find(|a| bare(&a.text) == bare(text)) {
            Some(known) => known.loses &= loses,
            None => actions.push(NextAction::new(text, *place, loses, fen)),
        }
    }
    Ok(NextActions {
        written,
        actions,
        after,
        due: answer.mode.as_ref().map(|m| m.color),
        proof: answer.mode.map(|m| m.proof),
        none: answer
            .none
            .map(|n| format!("{} ({})", n.consequence, n.article)),
        told: fallback_told(live, at),
        partial,
    })
}

/// Face 6 at its first action when no piece can leave the roller's king: the regular move it
/// asks instead, in words (Art. 8.7).
fn fallback_told(live: &Live, written: usize) -> Option<String> {
    let Phase::Act {
        number,
        face: Some(Face::Six),
        ..
    } = live.phase()
    else {
        return None;
    };
    let fallback = written == 0 && face_six(&live.verdict.final_fen) == Some(FaceSix::RegularMove);
    fallback.then(|| {
        let roller = if number.side == Side::White {
            "White"
        } else {
            "Black"
        };
        format!(
            "no piece next to {roller}'s king can leave it: one regular move instead (Art. 8.7)"
        )
    })
}

/// An action without its check mark or annotation (`Qa8+` and `Qa8` are one action).
fn bare(action: &str) -> &str {
    action.trim_end_matches(['+', '#', '!', '?'])
}

/// Whether a listed action is the one written: the same text but for check and glyph marks, or
/// the same sacrifice where one of the two names no piece (`-b2` written, `-Nb2` listed: the
/// square says which piece; `-Pb2` written, `-b2` listed, as a pawn's sacrifice is listed).
fn continues_with(listed: &str, written: &str) -> bool {
    let (listed, written) = (bare(listed), bare(written));
    if listed == written {
        return true;
    }
    match (listed.strip_prefix('-'), written.strip_prefix('-')) {
        (Some(listed), Some(square)) if square.len() == 2 && listed.len() == 3 => {
            listed.get(1..) == Some(square)
        }
        (Some(square), Some(written)) if square.len() == 2 && written.len() == 3 => {
            written.strip_prefix('P') == Some(square)
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::continues_with;

    #[test]
    fn a_sacrifice_written_without_its_piece_is_the_one_listed_with_it() {
        assert!(continues_with("-Pb2", "-b2"));
        assert!(continues_with("-b2", "-Pb2"));
        assert!(continues_with("-b2", "-b2"));
        assert!(!continues_with("-b2", "-Nb2"));
        assert!(continues_with("-Nc3", "-Nc3"));
        assert!(continues_with("Qh5+", "Qh5"));
        assert!(!continues_with("-Pb2", "-c2"));
        assert!(!continues_with("-Nc3", "-Bc3"));
        assert!(!continues_with("Nb2", "-b2"));
    }
}
