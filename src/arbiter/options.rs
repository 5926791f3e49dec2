//! What a player could have done: every legal fulfilment of a die face (Sade), every legal move
//! (Standard), every legal full turn (Marseillais), from the referee's own search.
//!
//! ```
//! use sade_ref::arbiter::options::{Limits, Query, answer};
//! use sade_ref::record::Game;
//! use sade_ref::rules::sade::State;
//!
//! let state = State::from_game(&Game::default()).unwrap();
//! let found = answer(&Query::Sade { state, face: 1 }, Limits::default()).unwrap();
//! assert_eq!(found.count, 20);
//! assert_eq!(found.mode.unwrap().pieces, "opponent");
//! ```
//!
//! The JSON form (`options --format json`) is a public contract: `spec/options.schema.json`,
//! explained in `spec/OPTIONS.md`. A game that is already over is an answer too: no option, and
//! a [`NoneAnswer`] that says how it ended and by which Article.

use std::fmt::Write as _;
use std::ops::ControlFlow;

use serde::Serialize;
use shakmaty::san::SanPlus;
use shakmaty::{Chess, Color, Position, Role};

use crate::record::Side;
use crate::rules::marseillais::{self, TurnStart};
use crate::rules::sade::{self, End, State, Step};
use crate::rules::{Article, Termination, standard};

use super::locate::color_name;

/// The version of the JSON answer (`"version"`); it changes when a key changes meaning or goes
/// away.
pub const VERSION: u32 = 1;

/// A position and what is asked of the player in it.
#[derive(Clone, Debug)]
pub enum Query {
    /// The roller of `state` has rolled `face`.
    Sade { state: State, face: u8 },
    /// The side to move in `pos`.
    Standard(Chess),
    /// The side to move at the start of a Marseillais turn.
    Marseillais(TurnStart),
    /// A record whose game ended before the turn asked about.
    Over(Over),
}

/// A game that ended before the turn asked about: nothing can be played in it.
#[derive(Clone, Debug)]
pub struct Over {
    /// The game, as the answer names it (`Sade`, `Standard`, `Marseillais`).
    pub variant: &'static str,
    /// The position after the last legal action.
    pub fen: String,
    /// The player whose turn was asked about.
    pub side: Color,
    /// `None` for a draw.
    pub winner: Option<Color>,
    pub termination: Termination,
    pub article: Article,
    /// Where the game ended: `turn 12.`, `the start position`.
    pub at: String,
}

/// How much of the list to keep.
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits {
    /// Keep at most this many options (all are counted).
    pub limit: Option<usize>,
    /// Keep none: the count only.
    pub count_only: bool,
}

/// Every option of a position, counted, and the first ones listed.
#[derive(Clone, Debug, Serialize)]
pub struct Answer {
    /// [`VERSION`].
    pub version: u32,
    /// `Sade`, `Standard` or `Marseillais`.
    pub variant: &'static str,
    /// The position (Sade: with the pocket of captured pieces).
    pub fen: String,
    /// The player whose turn it is (`"white"`, `"black"`, as in the verdict).
    pub side: Side,
    pub face: Option<u8>,
    /// Faces 1–3: whose pieces the series moves, and why.
    pub mode: Option<Mode>,
    /// The options kept (see [`Limits`]), in the search's order.
    pub options: Vec<Line>,
    /// How many options there are.
    pub count: usize,
    /// Sade: the ways to write the turn that lose the game at once (a series that gives a
    /// check that is not mate, Art. 4.1), kept as `options` are; each with its end. They are no
    /// options: an arbiter is shown them to see what a player could not play, and why.
    pub losing: Vec<Line>,
    /// How many such ways there are, listed or not.
    pub losing_count: usize,
    /// When nothing can be done, or only `--`, or the game is already over: what follows, and
    /// the Article.
    pub none: Option<NoneAnswer>,
}

/// Faces 1–3: the opponent's pieces, or the roller's own when the opponent's cannot (Art. 12.1).
#[derive(Clone, Debug, Serialize)]
pub struct Mode {
    /// `"opponent"` or `"own"`; `"neither"` when no series exists at all.
    pub pieces: &'static str,
    /// The colour whose pieces move.
    pub color: Option<Side>,
    /// One line of proof: the number of pieces that have a legal move.
    pub proof: String,
    pub article: &'static str,
}

/// One option: the actions to write, in SDN, and the end of the game it leads to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Line {
    pub actions: Vec<String>,
    pub ends: Option<Ends>,
}

/// An end of the game an option leads to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Ends {
    /// `None` for a draw.
    pub winner: Option<Side>,
    pub termination: &'static str,
    pub article: &'static str,
}

/// What follows when the player can do nothing (or only write `--`), or when the game is
/// already over.
#[derive(Clone, Debug, Serialize)]
pub struct NoneAnswer {
    pub consequence: String,
    pub article: &'static str,
    /// The end of the game it is, or was; `None` when the game goes on (face 5: the turn
    /// passes).
    pub ends: Option<Ends>,
}

/// `Side::White` for White: the casing of the verdict's JSON (`"white"`).
pub fn side(color: Color) -> Side {
    color.fold_wb(Side::White, Side::Black)
}

/// "White" or "Black".
pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "White",
        Side::Black => "Black",
    }
}

impl Line {
    /// `e6 d6 Nf6` or `-Nb8 {ends: Black wins, nakedness}`.
    pub fn text(&self) -> String {
        let mut text = self.actions.join(" ");
        if let Some(ends) = &self.ends {
            let _ = write!(text, " {{ends: {}}}", ends.text());
        }
        text
    }
}

impl Ends {
    /// `White wins, nakedness` or `draw, stalemate`.
    pub fn text(&self) -> String {
        match self.winner {
            Some(winner) => format!("{} wins, {}", side_name(winner), self.termination),
            None => format!("draw, {}", self.termination),
        }
    }
}

/// Collects the options up to the limits, counting them all.
struct Collector {
    limits: Limits,
    lines: Vec<Line>,
    count: usize,
}

impl Collector {
    fn new(limits: Limits) -> Collector {
        Collector {
            limits,
            lines: Vec::new(),
            count: 0,
        }
    }

    /// Whether the next option is kept (it is counted either way).
    fn wants(&mut self) -> bool {
        self.count += 1;
        !self.limits.count_only && self.limits.limit.is_none_or(|k| self.lines.len() < k)
    }
}

/// Every option of `query`.
///
/// # Errors
/// A message when the referee cannot analyse the position (a face that is not 1–6, a position
/// shakmaty refuses).
pub fn answer(query: &Query, limits: Limits) -> Result<Answer, String> {
    match query {
        Query::Sade { state, face } => sade_answer(state, *face, limits),
        Query::Standard(pos) => Ok(standard_answer(pos, limits)),
        Query::Marseillais(start) => Ok(marseillais_answer(start, limits)),
        Query::Over(over) => Ok(over_answer(over)),
    }
}

/// An answer with no option: the game is over, or nothing can be done.
fn no_option(variant: &'static str, fen: String, side: Color, none: NoneAnswer) -> Answer {
    Answer {
        version: VERSION,
        variant,
        fen,
        side: self::side(side),
        face: None,
        mode: None,
        options: Vec::new(),
        count: 0,
        losing: Vec::new(),
        losing_count: 0,
        none: Some(none),
    }
}

fn over_answer(over: &Over) -> Answer {
    let how = match over.winner {
        Some(winner) => format!("{} won by {}", color_name(winner), over.termination.title()),
        None => format!("it was drawn by {}", over.termination.title()),
    };
    no_option(
        over.variant,
        over.fen.clone(),
        over.side,
        NoneAnswer {
            consequence: format!(
                "the game is already over: {how}, in {}; no turn follows",
                over.at
            ),
            article: over.article.cite(),
            ends: Some(Ends {
                winner: over.winner.map(side),
                termination: over.termination.name(),
                article: over.article.cite(),
            }),
        },
    )
}

fn sade_ends(end: End) -> Ends {
    Ends {
        winner: Some(side(end.winner)),
        termination: end.termination.name(),
        article: end.article.cite(),
    }
}

fn sade_answer(state: &State, face: u8, limits: Limits) -> Result<Answer, String> {
    let roller = state.roller();
    if state.is_naked(roller) && state.is_naked(!roller) {
        return Err(
            "both players have the king alone: not a position a game can reach (R17)".to_owned(),
        );
    }
    if let Some(naked) = [roller, !roller].into_iter().find(|&c| state.is_naked(c)) {
        // R17: a player with the king alone has already won (Art. 9.3); no roll is played.
        let mut answer = no_option(
            "Sade",
            state.fen(),
            roller,
            NoneAnswer {
                consequence: format!(
                    "{} has the king alone: {} has already won by Nakedness, before any roll",
                    color_name(naked),
                    color_name(naked)
                ),
                article: Article::Art9_3.cite(),
                ends: Some(Ends {
                    winner: Some(side(naked)),
                    termination: Termination::Nakedness.name(),
                    article: Article::Art9_3.cite(),
                }),
            },
        );
        answer.face = Some(face);
        return Ok(answer);
    }
    let mut collector = Collector::new(limits);
    let mut by = None;
    let mut nothing = None;
    let _complete = sade::visit_fulfilments(state, face, |f| {
        by = Some(f.by);
        if collector.count == 0 && f.steps == [Step::Nothing] {
            nothing = Some(f.end);
        }
        if collector.wants() {
            collector.lines.push(Line {
                actions: f.actions(state).iter().map(ToString::to_string).collect(),
                ends: f.end.map(sade_ends),
            });
        }
        ControlFlow::Continue(())
    })
    .map_err(|e| e.reason)?;
    // What loses at once (a forbidden check): shown apart, never counted as an option.
    let mut losing = Collector::new(limits);
    let _complete = sade::visit_losses(state, face, |f| {
        if losing.wants() {
            losing.lines.push(Line {
                actions: f.actions(state).iter().map(ToString::to_string).collect(),
                ends: f.end.map(sade_ends),
            });
        }
        ControlFlow::Continue(())
    })
    .map_err(|e| e.reason)?;
    let mode = (1..=3)
        .contains(&face)
        .then(|| series_mode(state, face, by))
        .transpose()?;
    let none = if collector.count == 0 {
        Some(NoneAnswer {
            consequence: format!(
                "{} cannot fulfil face {face}: Poverty of the Flesh, {} loses (`--`)",
                color_name(roller),
                color_name(roller)
            ),
            article: "Art. 5",
            ends: Some(Ends {
                winner: Some(side(!roller)),
                termination: Termination::PovertyOfTheFlesh.name(),
                article: "Art. 5",
            }),
        })
    } else if collector.count == 1
        && let Some(end) = nothing
    {
        Some(nothing_answer(state, face, end))
    } else {
        None
    };
    Ok(Answer {
        version: VERSION,
        variant: "Sade",
        fen: state.fen(),
        side: side(roller),
        face: Some(face),
        mode,
        options: collector.lines,
        count: collector.count,
        losing: losing.lines,
        losing_count: losing.count,
        none,
    })
}

/// The only option is `--`: face 5 with nothing to return, face 6 with no move at all.
fn nothing_answer(state: &State, face: u8, end: Option<End>) -> NoneAnswer {
    let roller = state.roller();
    if let Some(end) = end {
        return NoneAnswer {
            consequence: format!(
                "no piece can leave the king's side and no regular move exists: {}, {} wins",
                end.termination.title(),
                color_name(end.winner)
            ),
            article: end.article.cite(),
            ends: Some(sade_ends(end)),
        };
    }
    let pool = state.pocket().get(!roller);
    let due = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight]
        .into_iter()
        .find(|&role| *pool.get(role) > 0);
    let why = match due {
        None => format!(
            "{}'s pool holds no queen, rook, bishop or knight",
            color_name(!roller)
        ),
        Some(role) => format!(
            "no empty square where {}'s {} gives no check",
            color_name(!roller),
            role_name(role)
        ),
    };
    NoneAnswer {
        consequence: format!("nothing to resurrect on face {face} ({why}): the turn passes"),
        article: "Art. 7",
        ends: None,
    }
}

fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

/// How many pieces of `color` (its king aside when `no_king`) have a legal move other than
/// castling.
fn movable_pieces(state: &State, color: Color, no_king: bool) -> Result<usize, String> {
    let pos = state.position(color).map_err(|e| e.reason)?;
    let mut from: Vec<_> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| !(m.is_castle() || (no_king && m.role() == Role::King)))
        .filter_map(|m| m.from())
        .collect();
    from.sort();
    from.dedup();
    Ok(from.len())
}

/// Faces 1–3: the mode the search used, with the piece count as proof.
fn series_mode(state: &State, face: u8, by: Option<Color>) -> Result<Mode, String> {
    let roller = state.roller();
    let them = !roller;
    let theirs = movable_pieces(state, them, true)?;
    let has = |n: usize| if n == 1 { "has" } else { "have" };
    let enemy_proof = format!(
        "{theirs} of {}'s pieces other than the king {} a legal move, face {face} asks for {face}",
        color_name(them),
        has(theirs)
    );
    let enemy_failed = if theirs < usize::from(face) {
        enemy_proof.clone()
    } else {
        format!("{enemy_proof}, but no series of {face} different ones avoids a forbidden check")
    };
    Ok(match by {
        Some(color) if color == them => Mode {
            pieces: "opponent",
            color: Some(side(them)),
            proof: enemy_proof,
            article: "Art. 12.1",
        },
        Some(_) => Mode {
            pieces: "own",
            color: Some(side(roller)),
            proof: format!("{}'s pieces cannot: {enemy_failed}", color_name(them)),
            article: "Art. 12.1",
        },
        None => {
            let own = movable_pieces(state, roller, false)?;
            Mode {
                pieces: "neither",
                color: None,
                proof: format!(
                    "{enemy_failed}; {own} of {}'s own pieces {} a legal move, and no series of \
                     {face} exists with them either",
                    color_name(roller),
                    has(own)
                ),
                article: "Art. 12.3",
            }
        }
    })
}

/// The end a Standard position is at: mate, stalemate, a dead position (FIDE 5.1.1, 5.2.1,
/// 5.2.2). `mover` is the player who made the last move.
fn standard_end(after: &Chess, mover: Color) -> Option<Ends> {
    let ends = |winner: Option<Color>, termination: Termination, article: Article| Ends {
        winner: winner.map(side),
        termination: termination.name(),
        article: article.cite(),
    };
    if after.is_checkmate() {
        Some(ends(
            Some(mover),
            Termination::Checkmate,
            Article::Fide5_1_1,
        ))
    } else if after.is_stalemate() {
        Some(ends(None, Termination::Stalemate, Article::Fide5_2_1))
    } else if after.is_insufficient_material() {
        Some(ends(
            None,
            Termination::InsufficientMaterial,
            Article::Fide5_2_2,
        ))
    } else {
        None
    }
}

fn standard_answer(pos: &Chess, limits: Limits) -> Answer {
    let mover = pos.turn();
    if let Some(end) = standard_end(pos, !mover) {
        let consequence = match end.termination {
            "checkmate" => format!(
                "{} is checkmated: {} wins",
                color_name(mover),
                color_name(!mover)
            ),
            "stalemate" => format!("{} is stalemated: the game is drawn", color_name(mover)),
            _ => {
                "neither player can checkmate: the game is drawn (insufficient material)".to_owned()
            }
        };
        return no_option(
            "Standard",
            standard::fen(pos),
            mover,
            NoneAnswer {
                consequence,
                article: end.article,
                ends: Some(end),
            },
        );
    }
    let mut collector = Collector::new(limits);
    for m in standard::legal_moves(pos) {
        if collector.wants() {
            let mut after = pos.clone();
            after.play_unchecked(m);
            collector.lines.push(Line {
                actions: vec![SanPlus::from_move(pos.clone(), m).to_string()],
                ends: standard_end(&after, mover),
            });
        }
    }
    Answer {
        version: VERSION,
        variant: "Standard",
        fen: standard::fen(pos),
        side: side(mover),
        face: None,
        mode: None,
        options: collector.lines,
        count: collector.count,
        losing: Vec::new(),
        losing_count: 0,
        none: None,
    }
}

fn marseillais_answer(start: &TurnStart, limits: Limits) -> Answer {
    let mover = start.pos.turn();
    let mut collector = Collector::new(limits);
    let _complete = marseillais::visit_full_turns(start, |turn| {
        if collector.wants() {
            collector.lines.push(Line {
                actions: turn.san.clone(),
                ends: turn.end.map(|end| Ends {
                    winner: end.winner.map(side),
                    termination: end.termination.name(),
                    article: end.article.cite(),
                }),
            });
        }
        ControlFlow::Continue(())
    });
    let none = (collector.count == 0).then(|| {
        let (consequence, winner, termination) = if start.pos.is_check() {
            (
                format!(
                    "{} is checkmated: {} wins",
                    color_name(mover),
                    color_name(!mover)
                ),
                Some(side(!mover)),
                Termination::Checkmate,
            )
        } else {
            (
                format!(
                    "{} has no full turn: stalemate, the game is drawn",
                    color_name(mover)
                ),
                None,
                Termination::Stalemate,
            )
        };
        NoneAnswer {
            consequence,
            article: Article::M3.cite(),
            ends: Some(Ends {
                winner,
                termination: termination.name(),
                article: Article::M3.cite(),
            }),
        }
    });
    Answer {
        version: VERSION,
        variant: "Marseillais",
        fen: standard::fen(&start.pos),
        side: side(mover),
        face: None,
        mode: None,
        options: collector.lines,
        count: collector.count,
        losing: Vec::new(),
        losing_count: 0,
        none,
    }
}

/// The answer as text: the position, the mode, one option a line, the count, and what follows
/// when there is nothing to do but `--`, or nothing at all.
pub fn text(answer: &Answer) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{} position: {}", answer.variant, answer.fen);
    let what = match answer.variant {
        "Sade" => "fulfilment",
        "Marseillais" => "full turn",
        _ => "legal move",
    };
    let side = side_name(answer.side);
    match answer.face {
        Some(face) => {
            let _ = writeln!(out, "{side} rolled {face}");
        }
        None => {
            let _ = writeln!(out, "{side} to play");
        }
    }
    if let Some(mode) = &answer.mode {
        let whose = match (mode.pieces, mode.color.map(side_name)) {
            ("opponent", Some(color)) => format!("the opponent's pieces ({color}'s)"),
            ("own", Some(color)) => {
                format!("own pieces ({color}'s), because the opponent's cannot")
            }
            _ => "neither the opponent's pieces nor own pieces".to_owned(),
        };
        let _ = writeln!(out, "mode: {whose} ({})", mode.article);
        let _ = writeln!(out, "proof: {}", mode.proof);
    }
    for line in &answer.options {
        let _ = writeln!(out, "{}", line.text());
    }
    let plural = if answer.count == 1 { "" } else { "s" };
    let shown = if answer.options.len() < answer.count && !answer.options.is_empty() {
        format!(" ({} listed)", answer.options.len())
    } else {
        String::new()
    };
    match &answer.none {
        // The one option is `--`: say what it means on the count's line.
        Some(none) if answer.count == 1 => {
            let _ = writeln!(
                out,
                "1 {what}, `--`: {} ({})",
                none.consequence, none.article
            );
        }
        Some(none) => {
            let _ = writeln!(out, "{} {what}{plural}", answer.count);
            let _ = writeln!(out, "none: {} ({})", none.consequence, none.article);
        }
        None => {
            let _ = writeln!(out, "{} {what}{plural}{shown}", answer.count);
        }
    }
    for line in &answer.losing {
        let why = line.ends.as_ref().map_or(String::new(), |ends| {
            let winner = ends
                .winner
                .map_or("a draw".to_owned(), |w| format!("{} wins", side_name(w)));
            format!(
                " ({}, {}: {winner})",
                ends.termination.replace('-', " "),
                ends.article
            )
        });
        let _ = writeln!(out, "loses: {}{why}", line.actions.join(" "));
    }
    if answer.losing_count > 0 {
        let (plural, listed) = (
            if answer.losing_count == 1 { "" } else { "s" },
            if answer.losing.len() < answer.losing_count && !answer.losing.is_empty() {
                format!(" ({} listed)", answer.losing.len())
            } else {
                String::new()
            },
        );
        let _ = writeln!(
            out,
            "{} losing way{plural} to write it{listed}: not fulfilments, the roller loses at once",
            answer.losing_count
        );
    }
    out
}
