//! Where puzzles are looked for in a played game ([`Spot`]): the position before each turn,
//! and, with sidelines, the positions a turn played another way leads to, where the opponent has
//! a chance at a rare theme (Marseillais: a mate that takes en passant or castles; Sade: the
//! Sweet Stalemate, a series to survive or to complete, an exposure).

use std::ops::ControlFlow;

use shakmaty::fen::Fen;
use shakmaty::{Bitboard, Color, EnPassantMode, Position, Rank};

use super::analyse::words;
use super::chances::{
    may_be_left_poor, may_expose_into_check, may_have_to_survive, may_mate_with,
    may_stalemate_by_sacrifice,
};
use super::mates::has_mate;
use super::options::Generate;
use super::question::WIN_MATERIAL_GAIN;
use super::theme::Theme;
use crate::engine::eval::piece_value;
use crate::record::{Face, Game, Side, Variant};
use crate::rules::marseillais::{TurnStart, visit_full_turns};
use crate::rules::sade::{State, TurnOutcome, play_turn, visit_fulfilments_after};

/// The name of record turn `i` of `game` (`12w`), empty past its end.
pub(super) fn turn_name(game: &Game, i: usize) -> String {
    game.turns.get(i).map_or_else(String::new, |t| {
        let side = if t.number.side == Side::White {
            "w"
        } else {
            "b"
        };
        format!("{}{side}", t.number.number)
    })
}

/// A position of a played game, or of a sideline off it, where a puzzle is looked for.
pub(super) struct Spot {
    /// The record turn before which the position stood, or the one the sideline plays instead.
    pub(super) turn: String,
    /// The position as FEN (Sade with the pocket).
    pub(super) fen: String,
    /// The sideline's turn, in SAN.
    pub(super) sideline: Option<String>,
}

/// The positions before each turn of a played game, with the turn's name (`12w`), as FEN (Sade
/// with the pocket); Marseillais, with [`Generate::sidelines`], each followed by its sidelines.
/// Marseillais positions that FEN cannot hold (two en passant chances, a first turn of one
/// move) are left out.
pub(super) fn positions(options: &Generate, game: &Game) -> Vec<Spot> {
    let name = |i: usize| turn_name(game, i);
    let mut out = Vec::new();
    match options.variant {
        Variant::Sade => {
            let Ok(mut state) = State::from_game(game) else {
                return out;
            };
            let rare_only = rare_sade_only(options);
            for (i, turn) in game.turns.iter().enumerate() {
                // With only the themes sidelines look for wanted, only a position where one can
                // come.
                if !rare_only || sade_chance(options, &state) {
                    out.push(Spot {
                        turn: name(i),
                        fen: state.fen(),
                        sideline: None,
                    });
                }
                if options.sidelines
                    && rare_sade_wanted(options)
                    && let Some(face) = &turn.face
                {
                    out.extend(sade_sidelines(options, &state, face.value).into_iter().map(
                        |(words, fen)| Spot {
                            turn: name(i),
                            fen,
                            sideline: Some(words),
                        },
                    ));
                }
                let played = play_turn(&state, turn);
                match played.outcome {
                    TurnOutcome::Complete => state = played.state,
                    _ => break,
                }
            }
        }
        _ => {
            for i in 0..game.turns.len() {
                let Ok(start) = TurnStart::before_turn(game, i) else {
                    break;
                };
                // Only a mate can be a Marseillais puzzle: when the themes wanted are en passant
                // or castling alone, a position without such a mate is not analysed.
                // A mate in two turns is looked for where the mover, two turns on in the game,
                // has a turn that mates.
                // A win of material, where the mover is a minor piece up, by the pieces' values,
                // after the opponent's reply in the game; a defence of it, where the mover is a
                // minor piece down then.
                let searched_themes = options.themes.contains(&Theme::WinMaterial)
                    || options.themes.contains(&Theme::DefendMaterial);
                let rare_only = !options.wants(Theme::MateInOneTurn)
                    && !options.wants(Theme::CheckEndsTheTurn)
                    && !options.wants(Theme::Defend);
                let worth = !rare_only
                    || may_mate_with(
                        &start,
                        options.wants(Theme::EnPassant),
                        options.wants(Theme::Castling),
                    )
                    || (options.themes.contains(&Theme::MateInTwoTurns)
                        && TurnStart::before_turn(game, i + 2).is_ok_and(|later| {
                            later.pos.turn() == start.pos.turn() && has_mate(&later)
                        }))
                    || (searched_themes
                        && TurnStart::before_turn(game, i + 2).is_ok_and(|later| {
                            let swing = material(&later) - material(&start);
                            later.pos.turn() == start.pos.turn()
                                && ((options.themes.contains(&Theme::WinMaterial)
                                    && swing >= WIN_MATERIAL_GAIN)
                                    || (options.themes.contains(&Theme::DefendMaterial)
                                        && swing <= -WIN_MATERIAL_GAIN))
                        }));
                if worth && let Some(fen) = marseillais_fen(&start) {
                    out.push(Spot {
                        turn: name(i),
                        fen,
                        sideline: None,
                    });
                }
                if options.sidelines {
                    out.extend(
                        sidelines(options, &start)
                            .into_iter()
                            .map(|(san, fen)| Spot {
                                turn: name(i),
                                fen,
                                sideline: Some(san),
                            }),
                    );
                }
            }
        }
    }
    out
}

/// The material of the player to move at `start`, less the opponent's, by the pieces' values.
fn material(start: &TurnStart) -> i32 {
    let board = start.pos.board();
    let mover = start.pos.turn();
    board
        .iter()
        .map(|(_, piece)| {
            let value = piece_value(piece.role);
            if piece.color == mover { value } else { -value }
        })
        .sum()
}

/// The FEN of a Marseillais turn's start, when FEN can hold it: a turn of two moves, at most
/// one en passant chance.
pub(super) fn marseillais_fen(start: &TurnStart) -> Option<String> {
    if start.moves != 2 || start.ep.len() > 1 {
        return None;
    }
    let mut setup = start.pos.to_setup(EnPassantMode::Always);
    setup.ep_square = start.ep.first().copied();
    Some(
        Fen::try_from_setup(setup)
            .unwrap_or_else(shakmaty::fen::LossyFenError::ignore)
            .to_string(),
    )
}

/// The sidelines of `start` worth a look: each full turn that does not end the game and leaves
/// the opponent, at the next turn's start, a mate with a turn that takes en passant or castles
/// (of the themes wanted; [`may_mate_with`]), with the position it leads to as FEN. A turn is looked at only when the
/// position can give the chance: a pawn of the mover's that can step twice beside an enemy
/// pawn; castling rights of the opponent's.
pub(super) fn sidelines(options: &Generate, start: &TurnStart) -> Vec<(String, String)> {
    let mover = start.pos.turn();
    let board = start.pos.board();
    let en_passant = options.wants(Theme::EnPassant) && {
        // The mover's pawns on their second rank, and the opponent's on the mover's fourth.
        let (home, fourth) = match mover {
            Color::White => (Rank::Second, Rank::Fourth),
            Color::Black => (Rank::Seventh, Rank::Fifth),
        };
        let ours = board.pawns() & board.by_color(mover) & Bitboard::from_rank(home);
        let theirs = board.pawns() & board.by_color(!mover) & Bitboard::from_rank(fourth);
        ours.into_iter().any(|sq| {
            theirs
                .into_iter()
                .any(|t| t.file().distance(sq.file()) == 1)
        })
    };
    let castling = options.wants(Theme::Castling) && start.pos.castles().has_color(!mover);
    if start.moves != 2 || !(en_passant || castling) {
        return Vec::new();
    }
    let mut out = Vec::new();
    let _complete = visit_full_turns(start, |turn| {
        if turn.end.is_some() {
            return ControlFlow::Continue(());
        }
        let Some(next) = start.after(turn) else {
            return ControlFlow::Continue(());
        };
        if may_mate_with(&next, en_passant, castling)
            && let Some(fen) = marseillais_fen(&next)
        {
            out.push((turn.san.join(" "), fen));
        }
        ControlFlow::Continue(())
    });
    out
}

/// The Sade themes that sidelines look for: the Sweet Stalemate, survive, Poverty of the Flesh,
/// the exposure (face 6).
fn is_rare_sade(theme: Theme) -> bool {
    matches!(
        theme,
        Theme::SweetStalemate | Theme::Survive | Theme::PovertyOfTheFlesh | Theme::Exposure
    )
}

/// Whether a Sade theme that sidelines look for is wanted.
fn rare_sade_wanted(options: &Generate) -> bool {
    options.themes.iter().any(|&t| is_rare_sade(t))
}

/// Whether only Sade themes that sidelines look for are wanted.
fn rare_sade_only(options: &Generate) -> bool {
    !options.themes.is_empty() && options.themes.iter().all(|&t| is_rare_sade(t))
}

/// The faces a Sade position is asked with: all six, or, with only the themes sidelines look
/// for wanted, those of their chances (the Sweet Stalemate: 4 and 6, Art. 9.1; survive and
/// Poverty of the Flesh: 2 and 3, the series of Art. 4.1 and 13.2).
pub(super) fn sade_faces(options: &Generate) -> Vec<Face> {
    if !rare_sade_only(options) {
        return Face::ALL.to_vec();
    }
    Face::ALL
        .into_iter()
        .filter(|face| {
            (options.wants(Theme::SweetStalemate) && matches!(face, Face::Four | Face::Six))
                || ((options.wants(Theme::Survive) || options.wants(Theme::PovertyOfTheFlesh))
                    && matches!(face, Face::Two | Face::Three))
                || (options.wants(Theme::Exposure) && *face == Face::Six)
        })
        .collect()
}

/// The Sade sidelines of `state` worth a look: each fulfilment of `face` (the face the game
/// rolled there) that does not end the game and leaves the next roller the chance at a theme
/// wanted ([`sade_chance`]), in words, with the position it leads to.
pub(super) fn sade_sidelines(
    options: &Generate,
    state: &State,
    face: Face,
) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let _complete = visit_fulfilments_after(state, face, |f, reached| {
        if f.end.is_none() {
            let mut after = reached.clone();
            after.end_turn();
            if sade_chance(options, &after) {
                out.push((words(&f.actions(state)), after.fen()));
            }
        }
        ControlFlow::Continue(())
    });
    out
}

/// Whether the roller of `state` may meet a rare theme wanted: the Sweet Stalemate
/// ([`may_stalemate_by_sacrifice`]), a series to survive ([`may_have_to_survive`]) or one to
/// complete ([`may_be_left_poor`]).
fn sade_chance(options: &Generate, state: &State) -> bool {
    (options.wants(Theme::SweetStalemate) && may_stalemate_by_sacrifice(state))
        || (options.wants(Theme::Survive) && may_have_to_survive(state))
        || (options.wants(Theme::PovertyOfTheFlesh) && may_be_left_poor(state))
        || (options.wants(Theme::Exposure) && may_expose_into_check(state))
}
