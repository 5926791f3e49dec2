//! The referee: replays a record under its game's rules and gives a [`Verdict`].
//!
//! The rule set (chosen by the `Variant` tag, see [`rules::rule_set`]) says whether every
//! action was legal and whether a rule ended the game. The referee adds what is the same for
//! every game: nothing may follow the end of the game, a result token that no rule explains is a
//! resignation or an agreement, and a result that differs from the referee's is a dispute.

use serde::Serialize;
use shakmaty::Color;

use crate::record::{Game, GameResult, VariantName};
use crate::rules::{self, ActionRef, Detail, Outcome, Replay, Termination, Violation};

/// What the referee decided about one game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// The game the record was judged as (`Sade`, `Standard`, ...).
    #[serde(serialize_with = "display")]
    pub variant: VariantName,
    pub status: Status,
    #[serde(serialize_with = "rules::opt_color_name")]
    pub winner: Option<Color>,
    pub termination: Option<Termination>,
    /// The Article, ruling or law behind the termination.
    pub article: Option<&'static str>,
    /// The first illegal action, when the status is `invalid`.
    pub error: Option<Violation>,
    /// The result as the referee sees it.
    pub result: GameResult,
    /// Why the record's Result tag or result token differs from the referee's result.
    pub dispute: Option<String>,
    /// Where the game ended (finished games).
    pub ended_at: Option<ActionRef>,
    /// The position after the last legal action.
    pub final_fen: String,
    /// Turns replayed.
    pub turns: usize,
    /// What the referee read leniently (a FEN's impossible castling rights, ...).
    pub notes: Vec<String>,
    #[serde(skip)]
    pub replay: Replay,
}

/// Whether the record is a legal game and whether it is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Finished,
    Unfinished,
    Invalid,
}

/// Replays a game and judges it.
pub fn verify(game: &Game) -> Verdict {
    verify_with(game, Detail::Verdict)
}

/// [`verify`], with the FEN after every action in `replay.resolved` (for `convert --annotate`).
pub fn verify_annotated(game: &Game) -> Verdict {
    verify_with(game, Detail::Annotated)
}

fn verify_with(game: &Game, detail: Detail) -> Verdict {
    let variant = VariantName::from_tag(game.tag("Variant"), game.has_die_faces());
    let Some(rule_set) = rules::rule_set(&variant) else {
        let reason = format!("sade-ref does not referee {variant} games (Variant tag)");
        let error = Violation {
            turn: game.turns.first().map_or(1, |t| t.number.number),
            side: Color::White,
            face: None,
            action: 0,
            turn_index: 0,
            reason,
            article: "Variant tag",
            span: game
                .tags
                .iter()
                .find(|t| t.name == "Variant")
                .map_or(game.span, |t| t.span),
        };
        let replay = Replay {
            outcome: Outcome::Invalid(error),
            resolved: Vec::new(),
            final_fen: String::new(),
            turns: 0,
            notes: Vec::new(),
        };
        return judge(game, variant, false, replay);
    };
    let replay = (rule_set.replay)(game, detail);
    let replay = crate::die::audit(game, replay);
    judge(game, variant, rule_set.draws, replay)
}

fn judge(game: &Game, variant: VariantName, draws: bool, mut replay: Replay) -> Verdict {
    // Nothing may follow the end of the game.
    if let Outcome::Finished {
        at,
        termination,
        article,
        ..
    } = &replay.outcome
        && let Some(error) = action_after_end(game, *at, *termination, article)
    {
        replay.outcome = Outcome::Invalid(error);
    }
    let claimed = game.result.or_else(|| {
        game.tag("Result")
            .and_then(|r| GameResult::from_ascii(r.trim().as_bytes()))
    });
    let mut verdict = Verdict {
        variant,
        status: Status::Unfinished,
        winner: None,
        termination: None,
        article: None,
        error: None,
        result: GameResult::Unknown,
        dispute: None,
        ended_at: None,
        final_fen: replay.final_fen.clone(),
        turns: replay.turns,
        notes: replay.notes.clone(),
        replay: Replay::default(),
    };
    let outcome = replay.outcome.clone();
    verdict.replay = replay;
    match outcome {
        Outcome::Invalid(error) => {
            verdict.status = Status::Invalid;
            verdict.error = Some(error);
            return verdict;
        }
        Outcome::Finished {
            winner,
            termination,
            article,
            at,
        } => {
            verdict.status = Status::Finished;
            verdict.winner = winner;
            verdict.termination = Some(termination);
            verdict.article = Some(article);
            verdict.ended_at = Some(at);
            verdict.result = result_of(winner);
        }
        Outcome::Unfinished => match claimed {
            Some(GameResult::WhiteWins | GameResult::BlackWins) => {
                let winner = Color::from_white(claimed == Some(GameResult::WhiteWins));
                verdict.status = Status::Finished;
                verdict.winner = Some(winner);
                verdict.termination = Some(Termination::Resignation);
                verdict.article = Some("result token");
                verdict.result = result_of(Some(winner));
            }
            Some(GameResult::Draw) if draws => {
                verdict.status = Status::Finished;
                verdict.termination = Some(Termination::Agreement);
                verdict.article = Some("result token");
                verdict.result = GameResult::Draw;
            }
            Some(GameResult::Draw) => {
                verdict.status = Status::Invalid;
                let last = game.turns.len().saturating_sub(1);
                verdict.error = Some(Violation {
                    turn: game.turns.last().map_or(1, |t| t.number.number),
                    side: game.turns.last().map_or(Color::White, |t| {
                        Color::from_white(t.number.side == crate::record::Side::White)
                    }),
                    face: game.turns.last().and_then(|t| t.face.map(|f| f.value)),
                    action: 0,
                    turn_index: last,
                    reason: format!(
                        "a draw is impossible in {} (the result is 1/2-1/2)",
                        verdict.variant
                    ),
                    article: "Art. 17",
                    span: game.span,
                });
                return verdict;
            }
            _ => {}
        },
    }
    verdict.dispute = dispute(game, claimed, verdict.result);
    verdict
}

fn result_of(winner: Option<Color>) -> GameResult {
    match winner {
        Some(Color::White) => GameResult::WhiteWins,
        Some(Color::Black) => GameResult::BlackWins,
        None => GameResult::Draw,
    }
}

/// The Result tag and the result token must both say what the referee says.
fn dispute(game: &Game, token: Option<GameResult>, referee: GameResult) -> Option<String> {
    let mut reasons = Vec::new();
    if let Some(token) = game.result.or(token)
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

/// An action written after the action that ended the game.
fn action_after_end(
    game: &Game,
    at: ActionRef,
    termination: Termination,
    article: &str,
) -> Option<Violation> {
    let later = game
        .turns
        .iter()
        .enumerate()
        .skip(at.turn_index)
        .find_map(|(i, turn)| {
            let skip = if i == at.turn_index { at.action } else { 0 };
            turn.actions()
                .enumerate()
                .nth(skip)
                .map(|(j, action)| (i, j + 1, turn, action))
        })?;
    let (turn_index, action, turn, written) = later;
    let ended = &game.turns[at.turn_index];
    Some(Violation {
        turn: turn.number.number,
        side: Color::from_white(turn.number.side == crate::record::Side::White),
        face: turn.face.map(|f| f.value),
        action,
        turn_index,
        reason: format!(
            "the game already ended in turn {} by {} ({article}); `{}` may not follow",
            ended.number,
            termination.title(),
            written
        ),
        article: "R13",
        span: written.span,
    })
}

fn display<S: serde::Serializer, T: std::fmt::Display>(value: &T, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(value)
}
