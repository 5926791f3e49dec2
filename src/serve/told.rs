//! A turn and a game's end in a player's words: what a turn did that its moves alone do not say
//! (nothing to bring back, no piece could leave the king, a check that ended the turn), and who
//! won, by which victory, and what happened.

use shakmaty::{Color, Role};

use crate::record::Variant;
use crate::referee::{Status, Verdict};
use crate::render::model::{ActionView, Shape, TurnView};
use crate::rules::Termination;
use crate::rules::names::{color_name, possessive, role_name};

/// What a turn did that its actions do not show, in a player's words with the Article; `None`
/// when its actions say it all.
pub fn turn_told(variant: Variant, turn: &TurnView, last: bool) -> Option<String> {
    let roller = color_name(turn.side);
    let moves = |a: &&ActionView| matches!(a.shape, Shape::Move { .. });
    let nothing = turn
        .actions
        .iter()
        .all(|a| matches!(a.shape, Shape::Nothing));
    match (variant, turn.face.map(u8::from)) {
        (Variant::Sade, Some(5)) if nothing => Some(format!(
            "{roller} rolled 5 and had nothing to bring back: the turn passes (Art. 7)."
        )),
        (Variant::Sade, Some(6)) => exposure_told(turn),
        (Variant::Sade, Some(n @ 1..=3)) if !nothing => {
            let own = turn
                .actions
                .iter()
                .filter(moves)
                .any(|a| a.piece.is_some_and(|p| p.color == turn.side));
            let other = color_name(!turn.side);
            let few = if n == 1 { "no piece" } else { "fewer pieces" };
            own.then(|| {
                format!(
                    "{other} had {few} able to move than the face asks: {roller} moved his own (Art. 12.1)."
                )
            })
        }
        (Variant::Marseillais | Variant::MarseillaisClassical, _)
            if turn.actions.len() == 1 && !last && gives_check(turn) =>
        {
            Some(format!(
                "{roller}'s first move gave check, which ends the turn (M2)."
            ))
        }
        _ => None,
    }
}

/// Face 6: how many pieces left the king, or that none could and one regular move was made.
fn exposure_told(turn: &TurnView) -> Option<String> {
    let roller = color_name(turn.side);
    let first = turn.actions.first()?;
    let Shape::Move { from, .. } = first.shape else {
        return None;
    };
    let king = turn.before.board.king_of(turn.side)?;
    let next_to_king = shakmaty::attacks::king_attacks(king);
    if !next_to_king.contains(from) {
        return Some(format!(
            "No piece could leave {roller}'s king: one regular move instead (Art. 8.7)."
        ));
    }
    let left = turn.actions.len();
    Some(if left == 1 {
        format!("One piece left {roller}'s king (Art. 8).")
    } else {
        format!("{left} pieces left {roller}'s king (Art. 8).")
    })
}

/// Whether the turn's last action leaves the opponent's king attacked.
fn gives_check(turn: &TurnView) -> bool {
    let Some(after) = turn.actions.last().and_then(|a| a.after.as_ref()) else {
        return false;
    };
    let board = &after.board;
    board
        .king_of(!turn.side)
        .is_some_and(|king| board.attacks_to(king, turn.side, board.occupied()).any())
}

/// How a finished game ended, for the players: the winner, the victory's name, its Article and
/// one sentence of what happened.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
pub struct EndTold {
    /// `white`, `black`; none for a draw.
    #[schema(schema_with = super::schema::side_or_null)]
    pub winner: Option<crate::record::Side>,
    /// The victory or the end: "The Sacrifice Accomplished", "checkmate", "resignation".
    pub victory: String,
    /// Its Article: "Art. 9.2", "FIDE 5.1.1", "S3".
    pub article: Option<String>,
    /// What happened: "Black moved White's queen to f7 and mated his own king."
    pub sentence: String,
}

/// How the game of `verdict` ended, told from its last turn; `None` while it goes on.
pub fn end_told(verdict: &Verdict, last: Option<&TurnView>) -> Option<EndTold> {
    if verdict.status != Status::Finished {
        return None;
    }
    let termination = verdict.termination?;
    let winner = verdict.winner;
    let loser = winner.map(|w| color_name(!w)).unwrap_or("The loser");
    let won = winner.map(color_name).unwrap_or("Nobody");
    let roller = last.map(|t| t.side);
    let did = last.and_then(|t| t.actions.last().map(|a| deed(t.side, a)));
    let by = roller.map(color_name).unwrap_or("The player");
    let deed = did.clone().unwrap_or_else(|| "played".to_owned());
    let face = last
        .and_then(|t| t.face)
        .map_or(String::new(), |f| format!(" {f}"));
    let sentence = match termination {
        Termination::SacrificeAccomplished => format!("{by} {deed} and mated his own king."),
        Termination::LibertinesMercy => format!("{by} {deed} and mated {won}'s king."),
        Termination::Nakedness => format!("{by} {deed}: {won} has only the king left."),
        Termination::SweetStalemate => {
            format!("{won} rolled{face} and had no legal move, without being in check.")
        }
        Termination::PovertyOfTheFlesh => {
            format!("{by} rolled{face} and could not do what the face asks.")
        }
        Termination::ForbiddenCheck => {
            format!("{by} {deed}: a check inside the series that is not mate.")
        }
        Termination::Checkmate => format!("{by} {deed}: checkmate."),
        Termination::Stalemate => format!(
            "{} has no legal move and is not in check.",
            roller.map_or("The player to move", |r| color_name(!r))
        ),
        Termination::InsufficientMaterial => "Neither side has the pieces left to mate.".to_owned(),
        Termination::ThreefoldRepetition => {
            "The same position stood for the third time.".to_owned()
        }
        Termination::FivefoldRepetition => "The same position stood for the fifth time.".to_owned(),
        Termination::FiftyMoveRule => {
            "Fifty moves each without a capture or a pawn move.".to_owned()
        }
        Termination::SeventyFiveMoveRule => {
            "Seventy-five moves each without a capture or a pawn move.".to_owned()
        }
        Termination::Resignation => format!("{loser} resigned."),
        Termination::Agreement if winner.is_none() => "The players agreed a draw.".to_owned(),
        Termination::Agreement => format!("The players agreed that {won} wins."),
        Termination::TimeForfeit => format!("{loser}'s time ran out."),
        Termination::Abandoned => format!("{loser} left the game."),
        Termination::Adjudication => "The arbiter adjudicated the game.".to_owned(),
        Termination::RulesInfraction => format!("{loser} broke a rule of play."),
        Termination::Death | Termination::Emergency => {
            format!("The game was stopped: {}.", termination.title())
        }
    };
    Some(EndTold {
        winner: winner.map(crate::record::Side::from),
        victory: termination.title().to_owned(),
        article: verdict.article.map(|a| a.cite().to_owned()),
        sentence,
    })
}

/// What the player whose turn it was did with `action`: "moved White's queen to f7", "moved
/// his knight to c3", "took his rook on a1 off the board", "brought back Black's bishop on c8".
fn deed(player: Color, action: &ActionView) -> String {
    let whose = |color: Color| {
        if color == player {
            "his".to_owned()
        } else {
            possessive(color).to_owned()
        }
    };
    let Some(piece) = action.piece else {
        return "could do nothing (--)".to_owned();
    };
    let name = format!("{} {}", whose(piece.color), role_name(piece.role));
    match action.shape {
        Shape::Move { to, .. } => {
            let promotion = action
                .promotion
                .filter(|r| *r != Role::Pawn)
                .map_or(String::new(), |r| {
                    format!(", which became a {}", role_name(r))
                });
            format!("moved {name} to {to}{promotion}")
        }
        Shape::Sacrifice { square } => format!("took {name} on {square} off the board"),
        Shape::Resurrection { square } => format!("brought back {name} on {square}"),
        Shape::Nothing | Shape::Unplayed { .. } => "could do nothing (--)".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_str;
    use crate::render::model::game_view;

    fn view(text: &str) -> (Verdict, Vec<TurnView>) {
        let game = parse_str(text).remove(0).expect("a game");
        let verdict = crate::referee::verify(&game);
        let turns = game_view(&game).expect("a view").turns;
        (verdict, turns)
    }

    #[test]
    fn a_face_5_with_nothing_to_bring_back_is_told() {
        let (_, turns) = view("[Variant \"Sade\"]\n\n1. 5: 1... 1: Nc3 *\n");
        let told = turn_told(Variant::Sade, &turns[0], false);
        assert_eq!(
            told.as_deref(),
            Some("White rolled 5 and had nothing to bring back: the turn passes (Art. 7).")
        );
        assert_eq!(turn_told(Variant::Sade, &turns[1], true), None);
    }
}
