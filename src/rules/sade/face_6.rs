//! Face 6, the exposure (Art. 8; R5, R9): the roller's pieces on the squares around his king
//! when the die is rolled leave, one at a time in an order he chooses, each at most once, each to
//! a square not next to the king, each legal and giving no check but mate, never castling. The
//! series is complete when no piece that has not moved yet can leave in the position reached.
//! If none can leave at the start, one regular move instead (Art. 8.7).

use crate::rules::Article;
use shakmaty::{Move, MoveList, Position, Role, attacks};

use super::aftermath::Aftermath;
use super::ends::forbidden_check_end;
use super::fault::{self, Fault, Illegal, Refused};
use super::matching::{self, Unresolved, resolve_move};
use super::notation::{self, steps_san};
use super::open_turn::{Exposure, LookAhead, Next, OpenTurn, Phase};
use super::state::{self, State};
use super::step::Step;
use super::{reach, search};
use crate::record::{ActionKind, Face};

/// The phase a roll of 6 starts: the exposure, the fallback regular move, or the stalemate when
/// there is no move at all (R7).
pub(crate) fn begin(state: &State) -> Result<Phase, Refused> {
    let exposure = Exposure::at_roll(state)?;
    let progress = |phase| OpenTurn {
        state: state.clone(),
        face: Face::Six,
        phase,
        done: 0,
    };
    let phase = Phase::Exposure(exposure);
    if search::any_step(&progress(phase.clone()))? {
        return Ok(phase);
    }
    if search::any_step(&progress(Phase::Regular))? {
        return Ok(Phase::Regular);
    }
    Ok(Phase::Stalemate)
}

/// What a roll of 6 asks of the roller in a position (Art. 8, 8.7; R7).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FaceSix {
    /// The pieces next to the king leave it, one at a time.
    Exposure,
    /// No piece can leave the king: one regular move instead (Art. 8.7).
    RegularMove,
    /// No move at all: the Sweet Stalemate (R7).
    Stalemate,
}

/// What a roll of 6 asks of the side to move in `fen` (a Sade FEN, its pocket optional);
/// `None` when `fen` is no playable Sade position.
pub fn face_six(fen: &str) -> Option<FaceSix> {
    let game = crate::record::Game {
        tags: vec![crate::record::Tag {
            name: "FEN".to_owned(),
            value: fen.to_owned(),
            span: Default::default(),
        }],
        ..crate::record::Game::default()
    };
    let state = State::from_game(&game).ok()?;
    Some(match begin(&state).ok()? {
        Phase::Exposure(_) => FaceSix::Exposure,
        Phase::Regular => FaceSix::RegularMove,
        _ => FaceSix::Stalemate,
    })
}

/// Face 6 with no move at all: only `--` can be written, and the roller wins (R7).
pub(crate) fn stalemate_claim(progress: &OpenTurn) -> Illegal {
    Illegal::new(
        format!(
            "no piece can leave the king and {} has no legal move: the turn is `--`, a stalemate \
             that {} wins (R7, Art. 9.1)",
            state::color_name(progress.roller()),
            state::color_name(progress.roller())
        ),
        Article::R7,
    )
}

/// Whether the exposure allows a move: what [`allowed`] decides, without its words (the search
/// asks for every candidate; only a written action needs the reason).
fn permits(exposure: &Exposure, m: Move) -> bool {
    let from = m.from().unwrap_or(m.to());
    !m.is_castle()
        && m.role() != Role::King
        && !exposure.moved.contains(from)
        && exposure.unmoved.contains(from)
        && !attacks::king_attacks(exposure.king).contains(m.to())
}

fn allowed(state: &State, exposure: &Exposure, m: Move) -> Result<(), Illegal> {
    let from = m.from().unwrap_or(m.to());
    if m.is_castle() {
        return Err(Illegal::new(
            "castling is not allowed during the exposure, only in a regular move (R5, Art. 15)",
            Article::R5,
        ));
    }
    if m.role() == Role::King {
        return Err(Illegal::new(
            "the king itself stays: only the pieces next to it leave (Art. 8)",
            Article::Art8,
        ));
    }
    if exposure.moved.contains(from) {
        return Err(Illegal::new(
            format!(
                "the {} on {from} has already left the king's side; each piece moves once (R9)",
                state::role_name(m.role())
            ),
            Article::R9,
        ));
    }
    if !exposure.unmoved.contains(from) {
        return Err(Illegal::new(
            format!(
                "the {} on {from} is not next to {} king on {} (Art. 8)",
                state::role_name(m.role()),
                state::possessive(state.roller()),
                exposure.king
            ),
            Article::Art8,
        ));
    }
    if attacks::king_attacks(exposure.king).contains(m.to()) {
        return Err(Illegal::new(
            format!(
                "the {} on {from} cannot leave the king's side: {} is adjacent to {} (Art. 8.2)",
                state::role_name(m.role()),
                m.to(),
                exposure.king
            ),
            Article::Art8_2,
        ));
    }
    Ok(())
}

/// The candidate moves of the exposure: none, without building the position, when the board
/// alone shows that no piece left next to the king can leave it ([`reach::may_leave`]).
pub(crate) fn options(state: &State, exposure: &Exposure) -> Result<MoveList, Refused> {
    if !reach::may_leave(state, exposure.unmoved & !exposure.moved, exposure.king) {
        debug_assert!(
            state
                .chess(state.roller())
                .is_ok_and(|pos| { pos.legal_moves().iter().all(|m| !permits(exposure, *m)) })
        );
        return Ok(MoveList::new());
    }
    let mut moves = state.chess(state.roller())?.legal_moves();
    moves.retain(|m| {
        debug_assert_eq!(permits(exposure, *m), allowed(state, exposure, *m).is_ok());
        permits(exposure, *m)
    });
    Ok(moves)
}

/// The exposure move a written action names.
pub(crate) fn resolve(
    progress: &OpenTurn,
    exposure: &Exposure,
    kind: &ActionKind,
) -> Result<Step, Fault> {
    let state = &progress.state;
    let roller = progress.roller();
    if !matches!(kind, ActionKind::San(_) | ActionKind::Uci(_)) {
        return Err(Illegal::new(
            format!("face 6 asks for the pieces next to the king to move, not `{kind}` (Art. 8)"),
            Article::Art8,
        )
        .into());
    }
    let unresolved = match resolve_move(state, roller, kind, |m| allowed(state, exposure, m))? {
        Ok(m) => return Ok(Step::Move(m)),
        Err(unresolved) => unresolved,
    };
    if unresolved == Unresolved::NoMatch
        && let Ok(m) = resolve_move(state, !roller, kind, |_| Ok(()))?
    {
        return Err(Illegal::new(
            format!(
                "on face 6 {} moves his own pieces; {kind} would move {} {} (Art. 8)",
                state::color_name(roller),
                state::possessive(!roller),
                state::role_name(m.role())
            ),
            Article::Art8,
        )
        .into());
    }
    Err(matching::unresolved_illegal(state, roller, kind, unresolved).into())
}

/// Plays one exposure move and judges the board (R1, R2, R3, R10); the exposure is over when
/// no unmoved piece can leave any more (R9), which is looked for when asked to look ahead.
pub(crate) fn apply(
    progress: &OpenTurn,
    exposure: &Exposure,
    step: Step,
    look: LookAhead,
) -> Result<Next, Fault> {
    let Step::Move(m) = step else {
        return Err(Illegal::new("the exposure is made of moves", Article::Art8).into());
    };
    let state = &progress.state;
    let roller = progress.roller();
    let next = state.after_move(state.chess(roller)?, m);
    match Aftermath::of_move(&next, roller)? {
        Aftermath::Ends(end) => Ok(Next::End(end.end(&next, roller), next)),
        Aftermath::Check(_) => Ok(Next::End(forbidden_check_end(roller), next)),
        Aftermath::BothInCheck => Err(fault::both_kings_in_check(&notation::san(state, m))),
        Aftermath::Quiet => {
            let exposure = Exposure {
                king: exposure.king,
                unmoved: exposure.unmoved.without(m.from().unwrap_or(m.to())),
                moved: exposure.moved.with(m.to()),
            };
            let after = progress.next(next, Phase::Exposure(exposure));
            if look == LookAhead::No || search::any_step(&after)? {
                Ok(Next::Continue(after))
            } else {
                Ok(Next::Done(after.state))
            }
        }
    }
}

/// Why the exposure may not stop here: a piece can still leave (R9).
pub(crate) fn unfinished(progress: &OpenTurn, exposure: &Exposure) -> Result<Illegal, Refused> {
    let example = search::first_step(progress)?;
    let hint = match example {
        Some(Step::Move(m)) => {
            let from = m.from().unwrap_or(m.to());
            format!(
                ": the {} on {from} can still leave, e.g. {}",
                progress
                    .state
                    .board()
                    .role_at(from)
                    .map_or("piece", state::role_name),
                steps_san(&progress.state, &[Step::Move(m)])
            )
        }
        _ => String::new(),
    };
    let _ = exposure;
    Ok(Illegal::new(
        format!("the exposure stops too early{hint} (R9)"),
        Article::R9,
    ))
}
