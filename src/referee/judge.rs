//! The judgement that is the same for every game, on a rule set's replay: the result, what is
//! void after the end (R21), a declared end (S3), a draw where none can stand (Art. 17, R12),
//! and a dispute with the record's result (R13).

use shakmaty::Color;

use crate::record::{Game, GameResult, Span, UnknownVariant, Variant};
use crate::rules::{
    ActionRef, Article, CountedTurn, FaultCode, Replay, ReplayStatus, Termination, Violation,
};

use super::place::{counted, tag_span};
use super::verdict::{Locator, Status, Verdict, Void, variant_text};

pub(super) fn judge(
    game: &Game,
    variant: Result<Variant, UnknownVariant>,
    draws: bool,
    replay: Replay,
) -> Verdict {
    let token = game.result;
    let tag = game
        .tag("Result")
        .and_then(|r| GameResult::from_ascii(r.trim().as_bytes()));
    let claimed = token.or(tag);
    let known = variant.as_ref().ok().copied();
    let mut verdict = Verdict {
        variant,
        status: Status::Unfinished,
        winner: None,
        termination: None,
        article: None,
        error: None,
        error_at: None,
        result: GameResult::Unknown,
        dispute: None,
        ended_at: None,
        void: None,
        final_fen: replay.final_fen.clone(),
        turns: replay.turns,
        notes: replay.notes.clone(),
        replay: Replay::default(),
    };
    if game.tags.is_empty() && game.span.start > 0 {
        verdict.notes.push(
            "this game has no tag section: text after a result token starts a new game, and on \
             a score sheet that is usually a misplaced result token (R18)"
                .to_owned(),
        );
    }
    let outcome = replay.outcome.clone();
    let stopped = replay.stopped;
    verdict.replay = replay;
    match outcome {
        ReplayStatus::Invalid(error) => {
            judge_invalid(&mut verdict, game, known, error);
            return verdict;
        }
        ReplayStatus::Finished {
            winner,
            termination,
            article,
            at,
        } => judge_finished(&mut verdict, game, known, winner, termination, article, at),
        ReplayStatus::Unfinished => {
            let on_token = token.is_some();
            if judge_declared(&mut verdict, game, known, claimed, on_token, draws, stopped) {
                return verdict;
            }
        }
    }
    verdict.dispute = dispute(game, verdict.result);
    verdict
}

/// The replay refused an action: the error, placed in the turn the rules counted (R13).
fn judge_invalid(verdict: &mut Verdict, game: &Game, known: Option<Variant>, mut error: Violation) {
    let at = ActionRef {
        turn_index: error.turn_index,
        action: error.action,
    };
    verdict.error_at = Some(at);
    // The action's place in the turn the rules counted (R13): a record turn may hold
    // several (M1).
    if let Some((start, action)) = CountedTurn::holding(&verdict.replay.counted, at) {
        error.action = action;
        if action > 0 {
            error.label = Some(start.label);
            error.turn = start.label.number;
            error.side = Color::from(start.label.side);
        }
    }
    // The turn as counted (R13, R18), where the rule set left it to the referee.
    if error.label.is_none() && !game.turns.is_empty() {
        let label = Locator::of(game, known, Some(at), &[]).turn;
        error.label = label;
        if let Some(label) = label {
            error.turn = label.number;
            error.side = Color::from(label.side);
        }
    }
    verdict.status = Status::Invalid;
    verdict.error = Some(error);
}

/// The rules ended the game: the result, where it ended, and what is void after (R21).
fn judge_finished(
    verdict: &mut Verdict,
    game: &Game,
    known: Option<Variant>,
    winner: Option<Color>,
    termination: Termination,
    article: Article,
    at: Option<ActionRef>,
) {
    verdict.status = Status::Finished;
    verdict.winner = winner;
    verdict.termination = Some(termination);
    verdict.article = Some(article);
    let counted_turns = &verdict.replay.counted;
    verdict.ended_at = Some(Locator::of(game, known, at, counted_turns));
    verdict.result = result_of(winner);
    verdict.void = void_after(game, known, at, counted_turns);
    if let Some(void) = &verdict.void {
        verdict.notes.push(format!(
            "{} written action{} after the end of the game (from turn {}, action {}) \
             {} void (R21)",
            void.actions,
            if void.actions == 1 { "" } else { "s" },
            void.from.turn.map_or("1.".to_owned(), |t| t.to_string()),
            void.from.action,
            if void.actions == 1 { "is" } else { "are" },
        ));
    }
}

/// The rules did not end the game: a declared end (S3), or a draw where none can stand
/// (Art. 17, R12): the result the record claims (its token, else its tag), whether that is its
/// token, whether the game has draws, where the record stops. Whether the verdict is decided
/// with it (no dispute to look for).
fn judge_declared(
    verdict: &mut Verdict,
    game: &Game,
    known: Option<Variant>,
    claimed: Option<GameResult>,
    on_token: bool,
    draws: bool,
    stopped: Option<ActionRef>,
) -> bool {
    match claimed {
        Some(GameResult::WhiteWins | GameResult::BlackWins) => {
            let winner = Color::from_white(claimed == Some(GameResult::WhiteWins));
            verdict.status = Status::Finished;
            verdict.winner = Some(winner);
            verdict.termination = Some(declared_end(game, true));
            verdict.article = Some(Article::S3);
            verdict.result = result_of(Some(winner));
            if let Some(at) = stopped {
                verdict.ended_at =
                    Some(Locator::of(game, known, Some(at), &verdict.replay.counted));
            }
        }
        Some(GameResult::Draw) if draws => {
            verdict.status = Status::Finished;
            verdict.termination = Some(declared_end(game, false));
            verdict.article = Some(Article::S3);
            verdict.result = GameResult::Draw;
        }
        Some(GameResult::Draw) => {
            verdict.status = Status::Invalid;
            let error = draw_impossible(game, variant_text(&verdict.variant), on_token);
            verdict.error_at = Some(ActionRef {
                turn_index: error.turn_index,
                action: error.action,
            });
            verdict.error = Some(error);
            return true;
        }
        _ => {}
    }
    false
}

/// A drawn result in a game without draws (Art. 17, R12): the error is on the result token, or
/// on the Result tag when there is no token.
fn draw_impossible(game: &Game, variant: &str, on_token: bool) -> Violation {
    let last = game.turns.len().saturating_sub(1);
    let token = "1/2-1/2".len();
    let span = if on_token {
        Span {
            start: game.span.end.saturating_sub(token),
            end: game.span.end,
        }
    } else {
        tag_span(game, "Result").unwrap_or(game.span)
    };
    let label = game.turns.last().map(|_| counted(game, last));
    Violation {
        code: FaultCode::DrawImpossible,
        turn: label.map_or(1, |l| l.number),
        label,
        side: label.map_or(Color::White, |l| Color::from(l.side)),
        face: game.turns.last().and_then(|t| t.face.map(|f| f.value)),
        action: 0,
        turn_index: last,
        reason: format!("a draw is impossible in {variant} (the result is 1/2-1/2)"),
        article: Article::Art17,
        span,
    }
}

/// How a result that no rule explains came about (S3): the Termination tag's PGN value when it
/// names one, else resignation (decisive) or agreement (drawn).
fn declared_end(game: &Game, decisive: bool) -> Termination {
    let named = game.tag("Termination").map(|t| {
        t.trim()
            .to_ascii_lowercase()
            .replace(['-', '_'], " ")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    });
    match named.as_deref() {
        Some("time forfeit" | "time") => Termination::TimeForfeit,
        Some("abandoned") => Termination::Abandoned,
        Some("adjudication") => Termination::Adjudication,
        Some("rules infraction") => Termination::RulesInfraction,
        Some("death") => Termination::Death,
        Some("emergency") => Termination::Emergency,
        _ if decisive => Termination::Resignation,
        _ => Termination::Agreement,
    }
}

fn result_of(winner: Option<Color>) -> GameResult {
    match winner {
        Some(Color::White) => GameResult::WhiteWins,
        Some(Color::Black) => GameResult::BlackWins,
        None => GameResult::Draw,
    }
}

/// The Result tag and the result token must both say what the referee says (R13): `*` on a
/// game the referee finds finished is a dispute too.
fn dispute(game: &Game, referee: GameResult) -> Option<String> {
    let mut reasons = Vec::new();
    if let Some(token) = game.result
        && token != referee
    {
        reasons.push(format!(
            "the result token says {} but the referee finds {}",
            token.as_str(),
            referee.as_str()
        ));
    }
    if let Some(tag) = game.tag("Result") {
        let tag = tag.trim();
        if tag != referee.as_str() {
            reasons.push(format!(
                "the Result tag says {tag} but the referee finds {}",
                referee.as_str()
            ));
        }
    }
    (!reasons.is_empty()).then(|| reasons.join("; "))
}

/// The actions written after the action that ended the game (R21).
fn void_after(
    game: &Game,
    variant: Option<Variant>,
    at: Option<ActionRef>,
    counted_turns: &[CountedTurn],
) -> Option<Void> {
    let (first_turn, skip) = match at {
        Some(at) => (at.turn_index, at.action),
        None => (0, 0),
    };
    let mut from = None;
    let mut actions = 0;
    let mut turns = 0;
    for (i, turn) in game.turns.iter().enumerate().skip(first_turn) {
        let skip = if i == first_turn && at.is_some() {
            skip
        } else {
            0
        };
        let later = turn.actions().count().saturating_sub(skip);
        let counts = later > 0 || (i > first_turn || at.is_none());
        if !counts {
            continue;
        }
        turns += 1;
        actions += later;
        from.get_or_insert(ActionRef {
            turn_index: i,
            action: if later > 0 { skip + 1 } else { 0 },
        });
    }
    let from = from?;
    Some(Void {
        actions,
        turns,
        from: Locator::of(game, variant, Some(from), counted_turns),
    })
}
