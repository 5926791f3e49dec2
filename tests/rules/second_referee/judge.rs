//! The second referee's verdict on a whole Sade record (R13–R21).

use sade_ref::record::{Action, ActionKind, Game, GameResult, SanMove};
use shakmaty::{CastlingMode, Color, Move};

use super::position::{Act, Pos};
use super::turn::{Effect, End, Node, State};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Finished,
    Unfinished,
    Invalid,
}

/// What the second referee found, and the rulings that decided it (for sorting disagreements).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    pub status: Status,
    pub winner: Option<Color>,
    pub termination: Option<&'static str>,
    /// (turn index, action) of the first illegal action.
    pub error: Option<(usize, usize)>,
    /// Rulings that applied where the first referee may read otherwise: `R21` (void actions
    /// after the end), `R16` (an incomplete last turn), `R15` (a bare die face), `R17`.
    pub applied: Vec<&'static str>,
    /// Why, in words (for the report).
    pub why: String,
    /// Where a rule ended the game: turn index and the number of actions of that turn that
    /// count (what follows is void, R21).
    pub ended_at: Option<(usize, usize)>,
}

impl Judgement {
    fn invalid(at: (usize, usize), why: String) -> Judgement {
        Judgement {
            status: Status::Invalid,
            winner: None,
            termination: None,
            error: Some(at),
            applied: Vec::new(),
            why,
            ended_at: None,
        }
    }
}

/// The written action, matched against the actions that may be written at a node.
fn matches(written: &Action, act: &Act, node: &Node) -> bool {
    match (&written.kind, act) {
        (ActionKind::Nothing {}, Act::Pass) => true,
        (ActionKind::San(san), Act::Move(m)) => san_matches(san, *m),
        (ActionKind::Uci(uci), Act::Move(m)) => {
            let u = m.to_uci(CastlingMode::Standard);
            u.to_string() == uci.to_string()
        }
        (ActionKind::Sacrifice { role, square }, Act::Remove(sq)) => {
            square == sq
                && role.is_none_or(|r| node.pos.board.piece_at(*sq).is_some_and(|p| p.role == r))
        }
        (ActionKind::Resurrection { role, square }, Act::Return(r, sq)) => {
            role == r && square == sq
        }
        _ => false,
    }
}

fn san_matches(san: &SanMove, m: Move) -> bool {
    match *san {
        SanMove::Castle(side) => m.castling_side() == Some(side),
        SanMove::Normal {
            role,
            file,
            rank,
            to,
            promotion,
            ..
        } => {
            !m.is_castle()
                && m.role() == role
                && m.to() == to
                && m.promotion() == promotion
                && file.is_none_or(|f| m.from().is_some_and(|s| s.file() == f))
                && rank.is_none_or(|r| m.from().is_some_and(|s| s.rank() == r))
        }
    }
}

/// How one written turn went.
enum TurnResult {
    /// Complete: the next roller plays from here.
    Complete(Pos),
    /// The game ended after `counted` actions; `void`: actions were written after the end.
    Over {
        end: End,
        counted: usize,
        void: bool,
    },
    Invalid {
        action: usize,
        why: String,
    },
    /// The last turn stopped while it could go on (R16).
    Incomplete,
}

fn judge_turn(pos: &Pos, roller: Color, face: u8, actions: &[&Action], last: bool) -> TurnResult {
    let mut node = Node::roll(pos, roller, face);
    let mut i = 0;
    loop {
        match node.state() {
            State::Over(end) => {
                // R4: a face 1–3 roll whose pieces due cannot complete the series is lost there
                // (R15, R16) and what is written after it is void (R21), with one exception:
                // a move of the side not due is invalid at that action ("even then the other
                // side's pieces are never used instead").
                if i == 0
                    && let Some(written) = actions.first()
                    && plays_the_side_not_due(written, &node)
                {
                    return TurnResult::Invalid {
                        action: 1,
                        why: format!(
                            "`{written}` plays the side not due on face {face} (R4), though \
                             the pieces due cannot complete the series"
                        ),
                    };
                }
                return TurnResult::Over {
                    end,
                    counted: i,
                    void: i < actions.len(),
                };
            }
            State::Complete => {
                if i < actions.len() {
                    return TurnResult::Invalid {
                        action: i + 1,
                        why: format!("`{}` after the face {face} was fulfilled", actions[i]),
                    };
                }
                return TurnResult::Complete(node.pos);
            }
            State::Open(children) => {
                let Some(written) = actions.get(i) else {
                    if node.may_stop() {
                        return TurnResult::Complete(node.pos.pass());
                    }
                    // R15, R16: stopped where it could go on.
                    if last {
                        return TurnResult::Incomplete;
                    }
                    return TurnResult::Invalid {
                        action: 0,
                        why: format!("face {face}: the turn stops where it could go on"),
                    };
                };
                let found: Vec<_> = children
                    .into_iter()
                    .filter(|(act, _)| matches(written, act, &node))
                    .collect();
                if found.len() != 1 {
                    return TurnResult::Invalid {
                        action: i + 1,
                        why: format!(
                            "`{written}` is {} of the {} legal actions (face {face})",
                            if found.is_empty() { "none" } else { "several" },
                            node_children_count(&node)
                        ),
                    };
                }
                let (_, effect) = found.into_iter().next().expect("one");
                i += 1;
                match effect {
                    Effect::End(end) => {
                        return TurnResult::Over {
                            end,
                            counted: i,
                            void: i < actions.len(),
                        };
                    }
                    Effect::Next(next) => node = next,
                }
            }
        }
    }
}

/// A written move that is a move of the side not due (R4) and of no piece due.
fn plays_the_side_not_due(written: &Action, node: &Node) -> bool {
    let due = node.children();
    node.moves_of_the_side_not_due()
        .into_iter()
        .any(|m| matches(written, &Act::Move(m), node))
        && !due.iter().any(|(act, _)| matches(written, act, node))
}

fn node_children_count(node: &Node) -> usize {
    node.children().len()
}

/// Judges a Sade record.
pub fn judge(game: &Game) -> Judgement {
    let (mut pos, mut roller) = match Pos::start(game.tag("FEN")) {
        Ok(start) => start,
        Err(why) => return Judgement::invalid((0, 0), format!("FEN: {why}")),
    };
    let mut verdict = Judgement {
        status: Status::Unfinished,
        winner: None,
        termination: None,
        error: None,
        applied: Vec::new(),
        why: String::new(),
        ended_at: None,
    };
    // R17: a player already naked in the start position.
    match Color::ALL.map(|c| pos.naked(c)) {
        [true, true] => return Judgement::invalid((0, 0), "both players naked".into()),
        [white, black] if white || black => {
            verdict.applied.push("R17");
            return finished(verdict, Color::from_white(white), "nakedness", game);
        }
        _ => {}
    }
    for (index, turn) in game.turns.iter().enumerate() {
        let Some(face) = turn.face else {
            return Judgement::invalid((index, 0), "a turn without a die face".into());
        };
        let actions: Vec<&Action> = turn.actions().collect();
        let last = index + 1 == game.turns.len();
        if actions.is_empty() {
            verdict.applied.push("R15");
        }
        match judge_turn(&pos, roller, face.value.get(), &actions, last) {
            TurnResult::Complete(next) => pos = next,
            TurnResult::Over { end, counted, void } => {
                verdict.ended_at = Some((index, counted));
                if void || !last {
                    verdict.applied.push("R21");
                }
                verdict.why = format!("turn {index}: {}", end.termination);
                return finished(verdict, end.winner, end.termination, game);
            }
            TurnResult::Invalid { action, why } => {
                let mut v = Judgement::invalid((index, action), format!("turn {index}: {why}"));
                v.applied = verdict.applied;
                return v;
            }
            TurnResult::Incomplete => {
                verdict.applied.push("R16");
            }
        }
        roller = !roller;
    }
    // No rule ended the game: the result token (or tag) may declare an end (S3, R12).
    let claimed = game.result.or_else(|| {
        game.tag("Result")
            .and_then(|r| GameResult::from_ascii(r.trim().as_bytes()))
    });
    // S3: the Termination tag names how a declared end came about (PGN's values), else it is a
    // resignation.
    let declared = match game
        .tag("Termination")
        .map(|t| t.trim().to_ascii_lowercase())
        .as_deref()
    {
        Some("time forfeit") => "time-forfeit",
        Some("abandoned") => "abandoned",
        Some("adjudication") => "adjudication",
        Some("rules infraction") => "rules-infraction",
        Some("death") => "death",
        Some("emergency") => "emergency",
        _ => "resignation",
    };
    match claimed {
        Some(GameResult::WhiteWins) => finished(verdict, Color::White, declared, game),
        Some(GameResult::BlackWins) => finished(verdict, Color::Black, declared, game),
        Some(GameResult::Draw) => {
            let mut v = Judgement::invalid(
                (game.turns.len().saturating_sub(1), 0),
                "1/2-1/2 in Sade (R12)".into(),
            );
            v.applied = verdict.applied;
            v
        }
        _ => verdict,
    }
}

fn finished(
    mut verdict: Judgement,
    winner: Color,
    termination: &'static str,
    _: &Game,
) -> Judgement {
    verdict.status = Status::Finished;
    verdict.winner = Some(winner);
    verdict.termination = Some(termination);
    verdict
}
