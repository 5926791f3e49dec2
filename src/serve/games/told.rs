//! A turn and a game's end in a player's words: what a turn did that its moves alone do not say
//! (nothing to bring back, no piece could leave the king, a check that ended the turn), and who
//! won, by which victory, and what happened.

use shakmaty::{Color, Role};

use crate::record::Variant;
use crate::referee::{Status, Verdict};
use crate::render::model::{ActionView, Shape, TurnView};
use crate::rules::Termination;
use crate::rules::names::{color_name, possessive, role_name};

/// What a finished turn did that its actions do not show, in a player's words with the Article;
/// `None` when its actions say it all. `ended`: the turn ended the game (its end says the rest).
pub fn turn_told(variant: Variant, turn: &TurnView, ended: bool) -> Option<String> {
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
            let few = if n == 1 {
                "no piece".to_owned()
            } else {
                format!("fewer than {n} pieces")
            };
            own.then(|| {
                format!("{other} had {few} able to move: {roller} moved his own (Art. 12.1).")
            })
        }
        (Variant::Marseillais | Variant::MarseillaisClassical, _)
            if turn.actions.len() == 1 && !ended && gives_check(turn) =>
        {
            Some(format!(
                "{roller}'s first move gave check, which ends the turn (M2)."
            ))
        }
        (Variant::Marseillais, _)
            if turn.actions.len() == 1 && turn.label == "1." && turn.side == Color::White =>
        {
            Some(
                "White's first turn is a single move; every turn after it has two (M1).".to_owned(),
            )
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
    #[schema(schema_with = crate::serve::schema::side_or_null)]
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

    /// The corpus case `name`'s verdict, its turns, and what its last turn and its end tell.
    fn case(name: &str) -> (Option<String>, Option<EndTold>) {
        let path = format!("{}/corpus/rules/{name}.sdn", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).expect("the corpus case");
        let (verdict, turns) = view(&text);
        let variant = verdict.variant.clone().expect("a known game");
        let last = turns.last().expect("a turn");
        (
            turn_told(variant, last, false),
            end_told(&verdict, Some(last)),
        )
    }

    fn sentence(end: Option<EndTold>) -> String {
        end.expect("an end").sentence
    }

    #[test]
    fn face_6_with_no_piece_next_to_the_king_is_told_as_the_fallback() {
        let (told, end) = case("sade/face6_no_adjacent_fallback");
        assert_eq!(
            told.as_deref(),
            Some("No piece could leave White's king: one regular move instead (Art. 8.7).")
        );
        assert_eq!(end, None);
    }

    #[test]
    fn faces_1_to_3_with_ones_own_pieces_are_told() {
        let (told, end) = case("sade/face1_own_mode_mate");
        assert_eq!(
            told.as_deref(),
            Some("Black had no piece able to move: White moved his own (Art. 12.1).")
        );
        let end = end.expect("an end");
        assert_eq!(end.winner, Some(crate::record::Side::Black));
        assert_eq!(end.victory, "The Libertine's Mercy");
        assert_eq!(end.article.as_deref(), Some("Art. 10"));
        assert_eq!(
            end.sentence,
            "White moved his rook to a8 and mated Black's king."
        );
    }

    #[test]
    fn each_sade_victory_is_told_in_a_players_words() {
        let cases = [
            (
                "sade/face1_self_mate_black",
                "Black moved White's rook to a8 and mated his own king.",
            ),
            (
                "sade/face4_divine_nakedness",
                "White took his knight on b1 off the board: White has only the king left.",
            ),
            (
                "sade/face4_sweet_stalemate",
                "White rolled 4 and had no legal move, without being in check.",
            ),
            (
                "sade/face1_poverty_true",
                "White rolled 1 and could not do what the face asks.",
            ),
            (
                "sade/face3_forbidden_check_first_move",
                "White moved Black's rook to a1: a check inside the series that is not mate.",
            ),
        ];
        for (name, said) in cases {
            assert_eq!(sentence(case(name).1), said, "{name}");
        }
    }

    #[test]
    fn a_marseillais_check_with_the_first_move_is_told_as_ending_the_turn() {
        let text = "[Variant \"Marseillais\"]\n\n1. e4 1... f5 a6 2. Qh5+ 2... g6 Nf6 *\n";
        let (_, turns) = view(text);
        assert_eq!(
            turn_told(Variant::Marseillais, &turns[0], false).as_deref(),
            Some("White's first turn is a single move; every turn after it has two (M1).")
        );
        assert_eq!(turn_told(Variant::Marseillais, &turns[1], false), None);
        assert_eq!(
            turn_told(Variant::Marseillais, &turns[2], false).as_deref(),
            Some("White's first move gave check, which ends the turn (M2).")
        );
        assert_eq!(turn_told(Variant::Marseillais, &turns[3], false), None);
        // The last turn, a check with the first move, is told as soon as it is played.
        let (_, turns) = view("[Variant \"Marseillais\"]\n\n1. e4 1... f5 a6 2. Qh5+ *\n");
        assert_eq!(
            turn_told(Variant::Marseillais, &turns[2], false).as_deref(),
            Some("White's first move gave check, which ends the turn (M2).")
        );
    }

    #[test]
    fn a_checkmate_and_a_resignation_are_told() {
        let (verdict, turns) = view("1. f3 e5 2. g4 Qh4# 0-1\n");
        assert_eq!(
            sentence(end_told(&verdict, turns.last())),
            "Black moved his queen to h4: checkmate."
        );
        let (verdict, turns) = view("[Termination \"normal\"]\n\n1. e4 e5 {White resigns} 0-1\n");
        let end = end_told(&verdict, turns.last()).expect("an end");
        assert_eq!(
            (end.victory.as_str(), end.sentence.as_str()),
            ("resignation", "White resigned.")
        );
    }

    #[test]
    fn a_face_5_with_nothing_to_bring_back_is_told() {
        let (_, turns) = view("[Variant \"Sade\"]\n\n1. 5: 1... 1: Nc3 *\n");
        let told = turn_told(Variant::Sade, &turns[0], false);
        assert_eq!(
            told.as_deref(),
            Some("White rolled 5 and had nothing to bring back: the turn passes (Art. 7).")
        );
        assert_eq!(turn_told(Variant::Sade, &turns[1], false), None);
    }
}
