//! Face 4, the sacrifice (Art. 6; R6, R7), and the regular move it is followed by (also face
//! 6's fallback move, Art. 8.7).

use crate::rules::Article;
use shakmaty::{MoveList, Position, Role};

use super::aftermath::Aftermath;
use super::ends::{naked_end, poverty_end, sweet_stalemate_end};
use super::fault::Refused;
use super::fault::{self, Fault, Illegal};
use super::matching::{self, resolve_move};
use super::notation;
use super::open_turn::{LookAhead, Next, OpenTurn, Phase};
use super::search;
use super::state::{self, State};
use super::step::Step;
use crate::record::{ActionKind, Face};

/// Every piece the roller may take off: his own, never the king.
pub(crate) fn removals(state: &State) -> Vec<Step> {
    let board = state.board();
    (board.by_color(state.roller()) & !board.kings())
        .into_iter()
        .filter_map(|square| {
            board
                .role_at(square)
                .map(|role| Step::Sacrifice { role, square })
        })
        .collect()
}

/// The sacrifice a written action names.
pub(crate) fn resolve_removal(progress: &OpenTurn, kind: &ActionKind) -> Result<Step, Fault> {
    let state = &progress.state;
    let roller = progress.roller();
    let ActionKind::Sacrifice { role, square } = *kind else {
        return Err(Illegal::new(
            format!(
                "face 4 begins with a sacrifice of one's own piece (`-Nc3`), not `{kind}` (Art. 6)"
            ),
            Article::Art6,
        )
        .into());
    };
    let Some(piece) = state.board().piece_at(square) else {
        return Err(Illegal::new(
            format!("there is no piece on {square} to sacrifice (Art. 6)"),
            Article::Art6,
        )
        .into());
    };
    if piece.color != roller {
        return Err(Illegal::new(
            format!(
                "the {} on {square} is {}; {} may only sacrifice his own pieces (Art. 6)",
                state::role_name(piece.role),
                state::possessive(piece.color),
                state::color_name(roller)
            ),
            Article::Art6,
        )
        .into());
    }
    if piece.role == Role::King {
        return Err(Illegal::new("the king cannot be sacrificed (Art. 6)", Article::Art6).into());
    }
    if let Some(written) = role
        && written != piece.role
    {
        return Err(Illegal::new(
            format!(
                "`{kind}` names {}, but {square} holds {} {} (Art. 6)",
                state::a_role(written),
                state::possessive(piece.color),
                state::role_name(piece.role)
            ),
            Article::Art6,
        )
        .into());
    }
    Ok(Step::Sacrifice {
        role: piece.role,
        square,
    })
}

/// Takes the piece off and judges the board (R6, R10), then looks for the regular move (R7)
/// when asked to look ahead.
pub(crate) fn apply_removal(
    progress: &OpenTurn,
    step: Step,
    look: LookAhead,
) -> Result<Next, Fault> {
    let Step::Sacrifice { role, square } = step else {
        return Err(Illegal::new("face 4 begins with a sacrifice", Article::Art6).into());
    };
    let roller = progress.roller();
    let next = progress.state.after_removal(square);
    // Words for the faults only (formatting costs about as much as the removal itself).
    let what = || format!("removing the {} on {square}", state::role_name(role));
    // Divine Nakedness comes before the check rule (R19): a removal that leaves the roller with
    // the king alone wins at once, even when it uncovers a check on that king. When that king
    // is not in check and cannot move either, the same removal gives the Sweet Stalemate, which
    // the rules name first (R22).
    if next.is_naked(roller) {
        let stuck = !next.in_check(roller) && next.position(roller)?.legal_moves().is_empty();
        let end = if stuck {
            sweet_stalemate_end(roller)
        } else {
            naked_end(roller)
        };
        return Ok(Next::End(end, next));
    }
    match Aftermath::of(&next)? {
        Aftermath::Ends(end) => Ok(Next::End(end.end(&next, roller), next)),
        Aftermath::Check(checked) if checked == roller => Err(Illegal::new(
            format!(
                "{} exposes {} king to a check that is not mate (R6)",
                what(),
                state::possessive(roller)
            ),
            Article::R6,
        )
        .into()),
        Aftermath::Check(checked) => Err(fault::non_mating_check(&what(), checked)),
        Aftermath::BothInCheck => Err(fault::both_kings_in_check(&what())),
        Aftermath::Quiet => {
            let after = progress.next(next, Phase::Regular);
            if look == LookAhead::Yes && search::first(&after)?.is_none() {
                return Ok(Next::End(sweet_stalemate_end(roller), after.state));
            }
            Ok(Next::Continue(after))
        }
    }
}

/// `--` on face 4: a loss when no sacrifice is possible (Art. 5, 11), a false claim otherwise.
pub(crate) fn nothing_to_remove(progress: &OpenTurn) -> Result<Next, Fault> {
    if let Some(steps) = search::first(progress)? {
        return Err(Illegal::new(
            format!(
                "`--` claims the impossible, but face 4 can be fulfilled, e.g. {} (R14)",
                notation::steps_san(&progress.state, &steps)
            ),
            Article::R14,
        )
        .into());
    }
    Ok(Next::End(
        poverty_end(progress.roller(), Article::Art5),
        progress.state.after_nothing(),
    ))
}

/// The regular moves: any legal move of the roller's, castling included (R5).
pub(crate) fn regular_moves(state: &State) -> Result<MoveList, Refused> {
    Ok(state.chess(state.roller())?.legal_moves())
}

/// The regular move a written action names.
pub(crate) fn resolve_regular(progress: &OpenTurn, kind: &ActionKind) -> Result<Step, Fault> {
    let state = &progress.state;
    let roller = progress.roller();
    if !matches!(kind, ActionKind::San(_) | ActionKind::Uci(_)) {
        return Err(Illegal::new(
            format!("a regular move is due here, not `{kind}` (Art. 6, Art. 8.7)"),
            if progress.face == Face::Four {
                Article::Art6
            } else {
                Article::Art8_7
            },
        )
        .into());
    }
    let unresolved = match resolve_move(state, roller, kind, |_| Ok(()))? {
        Ok(m) => return Ok(Step::Move(m)),
        Err(unresolved) => unresolved,
    };
    if unresolved == matching::Unresolved::NoMatch
        && let Ok(m) = resolve_move(state, !roller, kind, |_| Ok(()))?
    {
        return Err(Illegal::new(
            format!(
                "the regular move is made with one's own pieces; {kind} would move {} {} \
                 (Art. 6, Art. 8.7)",
                state::possessive(!roller),
                state::role_name(m.role())
            ),
            if progress.face == Face::Four {
                Article::Art6
            } else {
                Article::Art8_7
            },
        )
        .into());
    }
    Err(matching::unresolved_illegal(state, roller, kind, unresolved).into())
}

/// Plays the regular move and judges the board (R1, R2, R10).
pub(crate) fn apply_regular(progress: &OpenTurn, step: Step) -> Result<Next, Fault> {
    let Step::Move(m) = step else {
        return Err(Illegal::new("a regular move is due here", Article::Art6).into());
    };
    let state = &progress.state;
    let roller = progress.roller();
    let next = state.after_move(state.chess(roller)?, m);
    match Aftermath::of_move(&next, roller)? {
        Aftermath::Ends(end) => Ok(Next::End(end.end(&next, roller), next)),
        Aftermath::Check(checked) => {
            Err(fault::non_mating_check(&notation::san(state, m), checked))
        }
        Aftermath::BothInCheck => Err(fault::both_kings_in_check(&notation::san(state, m))),
        Aftermath::Quiet => Ok(Next::Done(next)),
    }
}
