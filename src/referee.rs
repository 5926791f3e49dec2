//! The referee: replays a record under its game's rules and gives a [`Verdict`].
//!
//! The rule set (chosen by the `Variant` tag, see [`rules::rule_set`]) says whether every
//! action was legal and whether a rule ended the game. The referee adds what is the same for
//! every game: what follows the end of the game is void (R21), a result that no rule explains is
//! a declared end (S3), and a result that differs from the referee's is a dispute (R13).

use serde::Serialize;
use shakmaty::Color;

use crate::record::{Face, Game, GameResult, MoveNumber, Side, Span, UnknownVariant, Variant};
use crate::rules::{
    self, ActionRef, Article, CountedTurn, Detail, FaultCode, Outcome, Replay, Termination,
    Violation,
};

/// What the referee decided about one game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// The game the record was judged as (`Sade`, `Standard`, ...), or the `Variant` tag's name
    /// of a game sade-ref has no rules for.
    #[serde(serialize_with = "variant_name")]
    pub variant: Result<Variant, UnknownVariant>,
    pub status: Status,
    #[serde(serialize_with = "rules::opt_color_name")]
    pub winner: Option<Color>,
    pub termination: Option<Termination>,
    /// The Article, ruling or law behind the termination.
    pub article: Option<Article>,
    /// The first illegal action, when the status is `invalid`: its turn, side and action as the
    /// rules count the turns (R13).
    pub error: Option<Violation>,
    /// Where that action stands in the record: the record turn and the action's place in it.
    /// The same as the error's `turn_index` and `action` except where a record turn holds
    /// several turns (Marseillais moves written without numbers, M1).
    #[serde(skip)]
    pub error_at: Option<ActionRef>,
    /// The result as the referee sees it.
    pub result: GameResult,
    /// Why the record's Result tag or result token differs from the referee's result.
    pub dispute: Option<String>,
    /// Where the game ended (finished games by a rule on the board).
    pub ended_at: Option<Locator>,
    /// What the record holds after the end of the game: not judged (R21).
    pub void: Option<Void>,
    /// The position after the last legal action.
    pub final_fen: String,
    /// Turns replayed.
    pub turns: usize,
    /// What the referee read leniently, and where labels and the count differ (R18).
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

/// A place in a game, in an arbiter's words: the turn as counted, whose it was, the face, the
/// action (0: the turn as a whole), or the start position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Locator {
    /// Index of the turn in the record (0-based); `None` in the start position.
    pub turn_index: Option<usize>,
    /// The turn as counted: `12...`.
    #[serde(serialize_with = "opt_display")]
    pub turn: Option<MoveNumber>,
    /// The player whose turn it is (never the colour of the piece moved, R13).
    #[serde(serialize_with = "rules::opt_color_name")]
    pub side: Option<Color>,
    pub face: Option<Face>,
    /// 1-based action in the turn named by `turn`; 0 for the turn as a whole (its roll).
    pub action: usize,
    /// The game ended before the first turn (R17).
    pub start_position: bool,
    /// The action's 1-based place in the record turn `turn_index` (0: the turn as a whole): the
    /// same as `action` except where a record turn holds several turns (Marseillais moves
    /// written without numbers, M1).
    #[serde(skip)]
    pub record_action: usize,
}

/// The actions written after the end of the game, which are not judged (R21).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Void {
    /// How many actions.
    pub actions: usize,
    /// How many turns hold them or follow the end.
    pub turns: usize,
    /// The first of them.
    pub from: Locator,
}

impl Verdict {
    /// The game's name as the record's `Variant` tag says it: `Marseillais Classical`, or a
    /// game sade-ref has no rules for (`Crazyhouse`).
    pub fn variant_name(&self) -> &str {
        variant_text(&self.variant)
    }
}

/// Replays a game and judges it.
pub fn verify(game: &Game) -> Verdict {
    verify_with(game, Detail::Verdict, None)
}

/// [`verify`], with the FEN after every action in `replay.resolved` (for `convert --annotate`).
pub fn verify_annotated(game: &Game) -> Verdict {
    verify_with(game, Detail::Annotated, None)
}

/// [`verify`] of a growing record (`serve`): Sade turns judged before come from `memo` while
/// written as they were ([`rules::sade::Memo`]); the verdict is [`verify`]'s. The other games
/// (no search) are replayed whole.
pub fn verify_memo(game: &Game, memo: &mut rules::sade::Memo) -> Verdict {
    verify_with(game, Detail::Verdict, Some(memo))
}

fn verify_with(game: &Game, detail: Detail, memo: Option<&mut rules::sade::Memo>) -> Verdict {
    let known = match game.variant() {
        Ok(known) => known,
        Err(unknown) => return unknown_variant(game, unknown),
    };
    let rule_set = rules::rule_set(known);
    let replay = match memo {
        Some(memo) if known == Variant::Sade => rules::sade::replay_with(game, detail, Some(memo)),
        _ => (rule_set.replay)(game, detail),
    };
    let replay = crate::die::audit(game, replay);
    judge(game, Ok(known), rule_set.draws, replay)
}

/// The verdict on a record whose `Variant` tag names a game sade-ref has no rules for.
fn unknown_variant(game: &Game, unknown: UnknownVariant) -> Verdict {
    let variant = &unknown.name;
    {
        let reason = format!(
            "sade-ref does not referee {variant} games; the Variant tag may name Sade (\"Marquis \
             de Sade\", \"de Sade\"), Marseillais, Marseillais Classical, Standard (\"Chess\") or \
             Chess960"
        );
        let error = Violation {
            code: FaultCode::UnknownVariant,
            turn: game.turns.first().map_or(1, |t| t.number.number),
            label: None,
            side: Color::White,
            face: None,
            action: 0,
            turn_index: 0,
            reason,
            article: Article::VariantTag,
            span: tag_span(game, "Variant").unwrap_or(game.span),
        };
        judge(game, Err(unknown), false, Replay::invalid(error))
    }
}

fn tag_span(game: &Game, name: &str) -> Option<Span> {
    game.tags.iter().find(|t| t.name == name).map(|t| t.span)
}

/// The turns as the referee counts them, from the start position's move number and side.
fn counted(game: &Game, index: usize) -> MoveNumber {
    let (side, number) = game.tag("FEN").map_or((Side::White, 1), |fen| {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let side = if fields.get(1) == Some(&"b") {
            Side::Black
        } else {
            Side::White
        };
        let number = fields
            .get(5)
            .and_then(|n| n.parse().ok())
            .unwrap_or(1)
            .max(1);
        (side, number)
    });
    let first = MoveNumber { number, side };
    let full = u32::try_from(index / 2).unwrap_or(u32::MAX);
    let mut label = MoveNumber {
        number: first.number.saturating_add(full),
        side: first.side,
    };
    if index % 2 == 1 {
        label = label.next();
    }
    label
}

impl Locator {
    /// The place of `at` in `game` (`None`: the start position), named by the turns the rules
    /// counted where the replay says where they begin (`Replay::counted`, R13).
    pub fn of(
        game: &Game,
        variant: Option<Variant>,
        at: Option<ActionRef>,
        counted_turns: &[CountedTurn],
    ) -> Locator {
        let Some(at) = at else {
            return Locator {
                turn_index: None,
                turn: None,
                side: None,
                face: None,
                action: 0,
                start_position: true,
                record_action: 0,
            };
        };
        let written = game.turns.get(at.turn_index);
        let (turn, action) = match CountedTurn::holding(counted_turns, at) {
            Some((start, action)) => (Some(start.label), action),
            // Marseillais groups the replay did not reach are labelled turns (M8), and moves
            // written without numbers begin at the start position's turn (M1); elsewhere one
            // record turn is one turn.
            None if variant.is_some_and(Variant::is_marseillais) => {
                let label = written.map(|t| {
                    if t.unnumbered {
                        counted(game, at.turn_index)
                    } else {
                        t.number
                    }
                });
                (label, at.action)
            }
            None => (Some(counted(game, at.turn_index)), at.action),
        };
        Locator {
            turn_index: Some(at.turn_index),
            turn,
            side: turn.map(|t| Color::from_white(t.side == Side::White)),
            face: written.and_then(|t| t.face.map(|f| f.value)),
            action,
            start_position: false,
            record_action: at.action,
        }
    }
}

fn judge(
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
        Outcome::Invalid(mut error) => {
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
                    error.side = Color::from_white(start.label.side == Side::White);
                }
            }
            // The turn as counted (R13, R18), where the rule set left it to the referee.
            if error.label.is_none() && !game.turns.is_empty() {
                let label = Locator::of(game, known, Some(at), &[]).turn;
                error.label = label;
                if let Some(label) = label {
                    error.turn = label.number;
                    error.side = Color::from_white(label.side == Side::White);
                }
            }
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
        Outcome::Unfinished => match claimed {
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
                let error = draw_impossible(game, variant_text(&verdict.variant), token.is_some());
                verdict.error_at = Some(ActionRef {
                    turn_index: error.turn_index,
                    action: error.action,
                });
                verdict.error = Some(error);
                return verdict;
            }
            _ => {}
        },
    }
    verdict.dispute = dispute(game, verdict.result);
    verdict
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
        side: label.map_or(Color::White, |l| Color::from_white(l.side == Side::White)),
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

/// The game's name as its `Variant` tag says it.
#[allow(clippy::ref_option)]
fn variant_name<S: serde::Serializer>(
    value: &Result<Variant, UnknownVariant>,
    s: S,
) -> Result<S::Ok, S::Error> {
    s.serialize_str(variant_text(value))
}

/// The game's name as its `Variant` tag says it: `Marseillais Classical`, `Crazyhouse`.
fn variant_text(variant: &Result<Variant, UnknownVariant>) -> &str {
    match variant {
        Ok(known) => known.tag(),
        Err(unknown) => &unknown.name,
    }
}

#[allow(clippy::ref_option)]
fn opt_display<S: serde::Serializer, T: std::fmt::Display>(
    value: &Option<T>,
    s: S,
) -> Result<S::Ok, S::Error> {
    match value {
        Some(value) => s.collect_str(value),
        None => s.serialize_none(),
    }
}
