//! One turn: the die face, then the actions it prescribes, one at a time.
//!
//! A turn in progress is a [`Progress`]: the state reached, the face, and what the face still
//! asks for (a [`Phase`]). From it, [`Progress::options`] lists the candidate actions,
//! [`Progress::resolve`] turns a written action into one (or says why it cannot be), and
//! [`Progress::apply`] judges it on the board (R1, R2, R3, R10) and moves on. The replay
//! ([`play_turn`]) and the search (`search.rs`) share these three, so they cannot disagree.

use crate::rules::Article;
use crate::rules::Detail;
use shakmaty::san::San;
use shakmaty::uci::UciMove as ShakUci;
use shakmaty::{Bitboard, Chess, Color, Move, Position};

use super::state::{self, Refused, State};
use super::{End, Step, face_4, face_5, face_6, faces_1_3, search};
use crate::record::{ActionKind, SanMove, Span, Turn, UciMove};
use crate::rules::resolve::{capture_mark_flipped, resolve_uci, to_shakmaty};
use crate::rules::{Resolved, Termination};

/// An action the rules do not allow here, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Illegal {
    pub reason: String,
    pub article: Article,
}

impl Illegal {
    /// The Article stands beside the reason: a citation that ends the reason (`… (R14)`,
    /// `… (Art. 6, Art. 8.7)`) is taken off it.
    pub fn new(reason: impl Into<String>, article: Article) -> Illegal {
        Illegal {
            reason: crate::rules::strip_citation(reason.into()),
            article,
        }
    }
}

/// Why an action cannot be taken: the rules forbid it, or the position cannot be analysed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Fault {
    Illegal(Illegal),
    Refused(Refused),
}

impl From<Illegal> for Fault {
    fn from(illegal: Illegal) -> Fault {
        Fault::Illegal(illegal)
    }
}

impl From<Refused> for Fault {
    fn from(refused: Refused) -> Fault {
        Fault::Refused(refused)
    }
}

/// What the face still asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Phase {
    /// Faces 1–3: moves by different pieces of one colour.
    Series(faces_1_3::Series),
    /// Face 4: the sacrifice.
    Removal,
    /// Face 4 after the sacrifice, face 6 when no piece can leave the king: a regular move.
    Regular,
    /// Face 5.
    Resurrection,
    /// Face 6: the pieces next to the king leave it.
    Exposure(face_6::Exposure),
    /// Face 6 with no legal move at all, not even the fallback one: the record says `--` and
    /// the roller wins by stalemate (R7).
    Stalemate,
}

/// A turn in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Progress {
    pub state: State,
    pub face: u8,
    pub phase: Phase,
    /// Actions accepted so far in this turn.
    pub done: usize,
}

/// Where an accepted action leads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Next {
    /// The face asks for more.
    Continue(Progress),
    /// The face is fulfilled; the state is the one reached (the roller still to move).
    Done(State),
    /// The game is over.
    End(End, State),
}

/// The turn right after the roll of `face`.
///
/// # Errors
/// [`Refused`] when a position cannot be analysed, or `face` is not 1–6.
pub(crate) fn begin(state: &State, face: u8) -> Result<Progress, Refused> {
    let phase = match face {
        1..=3 => Phase::Series(faces_1_3::begin(state, face)?),
        4 => Phase::Removal,
        5 => Phase::Resurrection,
        6 => face_6::begin(state)?,
        _ => {
            return Err(Refused {
                reason: format!("a die has no face {face}"),
            });
        }
    };
    Ok(Progress {
        state: state.clone(),
        face,
        phase,
        done: 0,
    })
}

impl Progress {
    pub fn roller(&self) -> Color {
        self.state.roller()
    }

    /// Whose pieces the face moves: the series' colour on faces 1–3, the roller's otherwise.
    pub fn by(&self) -> Color {
        match &self.phase {
            Phase::Series(series) => series.by,
            _ => self.roller(),
        }
    }

    /// The candidate actions: those the face allows, before the board judges them (a candidate
    /// may still give a forbidden check).
    pub fn options(&self) -> Result<Vec<Step>, Refused> {
        match &self.phase {
            Phase::Series(series) => faces_1_3::options(self, series),
            Phase::Removal => Ok(face_4::removals(&self.state)),
            Phase::Regular => face_4::regular_moves(&self.state),
            Phase::Resurrection => face_5::options(&self.state),
            Phase::Exposure(exposure) => face_6::options(&self.state, exposure),
            Phase::Stalemate => Ok(vec![Step::Nothing]),
        }
    }

    /// The candidate a written action names.
    pub fn resolve(&self, kind: &ActionKind) -> Result<Step, Fault> {
        if let ActionKind::Nothing {} = kind {
            return Ok(Step::Nothing);
        }
        match &self.phase {
            Phase::Series(series) => faces_1_3::resolve(self, series, kind),
            Phase::Removal => face_4::resolve_removal(self, kind),
            Phase::Regular => face_4::resolve_regular(self, kind),
            Phase::Resurrection => face_5::resolve(self, kind),
            Phase::Exposure(exposure) => face_6::resolve(self, exposure, kind),
            Phase::Stalemate => Err(face_6::stalemate_claim(self).into()),
        }
    }

    /// Plays a candidate and judges the board after it. `Step::Nothing` is the claim `--`.
    pub fn apply(&self, step: Step) -> Result<Next, Fault> {
        if step == Step::Nothing {
            return self.nothing();
        }
        match &self.phase {
            Phase::Series(series) => faces_1_3::apply(self, series, step),
            Phase::Removal => face_4::apply_removal(self, step),
            Phase::Regular => face_4::apply_regular(self, step),
            Phase::Resurrection => face_5::apply(self, step),
            Phase::Exposure(exposure) => face_6::apply(self, exposure, step),
            Phase::Stalemate => Err(face_6::stalemate_claim(self).into()),
        }
    }

    /// `--`: the claim that the face cannot be fulfilled (R14).
    fn nothing(&self) -> Result<Next, Fault> {
        match &self.phase {
            Phase::Series(series) => faces_1_3::nothing(self, series),
            Phase::Removal => face_4::nothing_to_remove(self),
            Phase::Resurrection => face_5::nothing(self),
            Phase::Stalemate => Ok(Next::End(
                End {
                    winner: self.roller(),
                    termination: Termination::SweetStalemate,
                    article: Article::Art9_1,
                },
                self.state.after_nothing(),
            )),
            Phase::Regular | Phase::Exposure(_) => {
                let example = search::first(self)?
                    .map(|steps| steps_san(&self.state, &steps))
                    .unwrap_or_default();
                Err(Illegal::new(
                    format!(
                        "`--` claims that nothing can be done, but {} can still play, e.g. \
                         {example} (R14)",
                        state::color_name(self.roller())
                    ),
                    Article::R14,
                )
                .into())
            }
        }
    }

    /// Why the turn may not stop here.
    pub fn unfinished(&self) -> Result<Illegal, Refused> {
        match &self.phase {
            Phase::Series(series) => faces_1_3::unfinished(self, series),
            Phase::Removal => Ok(Illegal::new(
                "face 4 asks for a sacrifice, then a regular move (Art. 6)",
                Article::Art6,
            )),
            Phase::Regular if self.face == 4 => Ok(Illegal::new(
                "after the sacrifice a regular move must follow (Art. 6)",
                Article::Art6,
            )),
            Phase::Regular => Ok(Illegal::new(
                "no piece can leave the king's side, so a regular move is due (Art. 8.7)",
                Article::Art8_7,
            )),
            Phase::Resurrection => Ok(Illegal::new(
                "face 5 asks for a resurrection, or `--` when there is nothing to resurrect \
                 (Art. 7)",
                Article::Art7,
            )),
            Phase::Exposure(exposure) => face_6::unfinished(self, exposure),
            Phase::Stalemate => Ok(face_6::stalemate_claim(self)),
        }
    }

    /// The same turn, one action further.
    pub fn next(&self, state: State, phase: Phase) -> Progress {
        Progress {
            state,
            face: self.face,
            phase,
            done: self.done + 1,
        }
    }
}

/// The game-ending verdict for a mate: the mated player wins (R2).
/// R1: `what` (a move, a removal) checks a king without mating it.
pub(crate) fn non_mating_check(what: &str, checked: Color) -> Fault {
    Illegal::new(
        format!(
            "{what} gives check to {} king that is not mate (R1)",
            state::possessive(checked)
        ),
        Article::R1,
    )
    .into()
}

/// R1: `what` leaves both kings in check.
pub(crate) fn both_kings_in_check(what: &str) -> Fault {
    Illegal::new(
        format!("{what} leaves both kings in check (R1)"),
        Article::R1,
    )
    .into()
}

pub(crate) fn mate_end(mated: Color, roller: Color) -> End {
    if mated == roller {
        End {
            winner: mated,
            termination: Termination::SacrificeAccomplished,
            article: Article::Art9_2,
        }
    } else {
        End {
            winner: mated,
            termination: Termination::LibertinesMercy,
            article: Article::Art10,
        }
    }
}

/// The player left with the king alone wins (Art. 9.3, R10).
pub(crate) fn naked_end(naked: Color) -> End {
    End {
        winner: naked,
        termination: Termination::Nakedness,
        article: Article::Art9_3,
    }
}

/// A non-mating check inside a series: the roller loses (Art. 4.1, R3).
pub(crate) fn forbidden_check_end(roller: Color) -> End {
    End {
        winner: !roller,
        termination: Termination::ForbiddenCheck,
        article: Article::Art4_1,
    }
}

/// A written move that no allowed candidate matches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Unresolved {
    /// No legal move of this colour matches.
    NoMatch,
    /// Several allowed moves match.
    Ambiguous,
    /// The only matching moves are not allowed here.
    NotAllowed(Illegal),
}

/// The legal move of `color` that a written move names, among those `allowed` accepts. SAN is
/// matched exactly first, then with the capture mark ignored; a SAN that names several legal
/// moves of which only one is allowed (a piece that already moved) resolves to that one.
pub(crate) fn resolve_move(
    state: &State,
    color: Color,
    kind: &ActionKind,
    allowed: impl Fn(Move) -> Result<(), Illegal>,
) -> Result<Result<Move, Unresolved>, Refused> {
    let pos = state.position(color)?;
    let candidates = matching(&pos, kind);
    Ok(match candidates.as_slice() {
        [] => Err(Unresolved::NoMatch),
        [m] => allowed(*m).map(|()| *m).map_err(Unresolved::NotAllowed),
        _ => {
            let mut first_error = None;
            let mut fine = Vec::new();
            for m in &candidates {
                match allowed(*m) {
                    Ok(()) => fine.push(*m),
                    Err(e) => {
                        first_error.get_or_insert(e);
                    }
                }
            }
            match (fine.as_slice(), first_error) {
                ([m], _) => Ok(*m),
                ([], Some(e)) => Err(Unresolved::NotAllowed(e)),
                _ => Err(Unresolved::Ambiguous),
            }
        }
    })
}

fn matching(pos: &Chess, kind: &ActionKind) -> Vec<Move> {
    match kind {
        ActionKind::San(san) => {
            let legal = pos.legal_moves();
            let strict = to_shakmaty(*san);
            let found: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|m| strict.matches(*m))
                .collect();
            if !found.is_empty() {
                return found;
            }
            match capture_mark_flipped(*san) {
                Some(flipped) => legal
                    .iter()
                    .copied()
                    .filter(|m| flipped.matches(*m))
                    .collect(),
                None => Vec::new(),
            }
        }
        ActionKind::Uci(uci) => resolve_uci(pos, *uci).ok().into_iter().collect(),
        _ => Vec::new(),
    }
}

/// The standard message for a move the face's colour cannot make.
pub(crate) fn unresolved_illegal(
    state: &State,
    color: Color,
    kind: &ActionKind,
    unresolved: Unresolved,
) -> Illegal {
    match unresolved {
        Unresolved::NotAllowed(illegal) => illegal,
        Unresolved::Ambiguous => Illegal::new(
            format!(
                "{kind} could be more than one move of {} pieces; the piece's file or rank must \
                 be named (SAN)",
                state::possessive(color)
            ),
            Article::San,
        ),
        Unresolved::NoMatch => no_match(state, color, kind),
    }
}

/// Why no legal move matches: a lost castling right, a late en passant, or just illegal.
fn no_match(state: &State, color: Color, kind: &ActionKind) -> Illegal {
    if let ActionKind::San(SanMove::Castle(side)) = kind {
        let has_right = state
            .position(color)
            .is_ok_and(|pos| pos.castles().has(color, *side));
        if !has_right {
            return Illegal::new(
                format!(
                    "{} may no longer castle {}: the king or that rook has moved or left the \
                     board (R11)",
                    state::color_name(color),
                    if *side == shakmaty::CastlingSide::KingSide {
                        "king-side"
                    } else {
                        "queen-side"
                    }
                ),
                Article::R11,
            );
        }
    }
    if late_en_passant(state, color, kind) {
        return Illegal::new(
            format!(
                "{kind} would take en passant, but only the very next action after the pawn's \
                 double step may (R11)"
            ),
            Article::R11,
        );
    }
    Illegal::new(
        format!(
            "{kind} is not a legal move of {} pieces here (R1)",
            state::possessive(color)
        ),
        Article::R1,
    )
}

/// Whether a written pawn capture goes to an empty square behind an enemy pawn on its fifth
/// rank: an en passant capture whose moment has passed.
fn late_en_passant(state: &State, color: Color, kind: &ActionKind) -> bool {
    let to = match kind {
        ActionKind::San(SanMove::Normal {
            role: shakmaty::Role::Pawn,
            capture: true,
            to,
            ..
        }) => *to,
        ActionKind::Uci(uci)
            if uci.from.file() != uci.to.file()
                && state.board().piece_at(uci.from) == Some(shakmaty::Role::Pawn.of(color)) =>
        {
            uci.to
        }
        _ => return false,
    };
    let board = state.board();
    let (rank, behind) = match color {
        Color::White => (shakmaty::Rank::Sixth, to.offset(-8)),
        Color::Black => (shakmaty::Rank::Third, to.offset(8)),
    };
    to.rank() == rank
        && board.piece_at(to).is_none()
        && behind.and_then(|sq| board.piece_at(sq)) == Some(shakmaty::Role::Pawn.of(!color))
}

/// The SAN of a move of whoever's piece it is, in `state`.
pub(crate) fn san(state: &State, m: Move) -> String {
    let color = m
        .from()
        .and_then(|sq| state.board().color_at(sq))
        .unwrap_or(state.roller());
    match state.position(color) {
        Ok(pos) => San::from_move(&pos, m).to_string(),
        Err(_) => m.to_uci(state.castling_mode()).to_string(),
    }
}

/// A list of steps as a move list: "Nc6 a6 h5".
pub(crate) fn steps_san(state: &State, steps: &[Step]) -> String {
    let mut state = state.clone();
    let mut words = Vec::new();
    for step in steps {
        let (word, next) = step_word(&state, *step);
        words.push(word);
        state = next;
    }
    words.join(" ")
}

fn step_word(state: &State, step: Step) -> (String, State) {
    match step {
        Step::Move(m) => {
            let color = m
                .from()
                .and_then(|sq| state.board().color_at(sq))
                .unwrap_or(state.roller());
            match state.position(color) {
                Ok(pos) => (
                    San::from_move(&pos, m).to_string(),
                    state.after_move(&pos, m),
                ),
                Err(_) => (m.to_uci(state.castling_mode()).to_string(), state.clone()),
            }
        }
        Step::Sacrifice { role, square } => (
            format!("-{}{square}", role.upper_char()),
            state.after_removal(square),
        ),
        Step::Resurrection { role, square } => (
            format!("{}@{square}", role.upper_char()),
            state.after_placement(role.of(!state.roller()), square),
        ),
        Step::Nothing => ("--".to_owned(), state.after_nothing()),
    }
}

/// Steps as written actions (moves in SAN).
pub(crate) fn actions_of(state: &State, steps: &[Step]) -> Vec<ActionKind> {
    let mut state = state.clone();
    let mut actions = Vec::new();
    for step in steps {
        let action = match *step {
            Step::Move(m) => {
                let color = m
                    .from()
                    .and_then(|sq| state.board().color_at(sq))
                    .unwrap_or(state.roller());
                let written = state.position(color).ok().and_then(|pos| {
                    let san = San::from_move(&pos, m);
                    state = state.after_move(&pos, m);
                    match san {
                        San::Normal {
                            role,
                            file,
                            rank,
                            capture,
                            to,
                            promotion,
                        } => Some(ActionKind::San(SanMove::Normal {
                            role,
                            file,
                            rank,
                            capture,
                            to,
                            promotion,
                        })),
                        San::Castle(side) => Some(ActionKind::San(SanMove::Castle(side))),
                        _ => None,
                    }
                });
                written.unwrap_or_else(|| {
                    let uci = m.to_uci(state.castling_mode());
                    match uci {
                        ShakUci::Normal {
                            from,
                            to,
                            promotion,
                        } => ActionKind::Uci(UciMove {
                            from,
                            to,
                            promotion,
                        }),
                        _ => ActionKind::Nothing {},
                    }
                })
            }
            Step::Sacrifice { role, square } => {
                state = state.after_removal(square);
                ActionKind::Sacrifice {
                    role: Some(role),
                    square,
                }
            }
            Step::Resurrection { role, square } => {
                state = state.after_placement(role.of(!state.roller()), square);
                ActionKind::Resurrection { role, square }
            }
            Step::Nothing => {
                state = state.after_nothing();
                ActionKind::Nothing {}
            }
        };
        actions.push(action);
    }
    actions
}

/// A turn played from a state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// After a complete turn or the end of the game: the state with the next player to roll.
    /// After an invalid action or a record that stops inside the turn: the state after the
    /// last accepted action (the roller to act).
    pub state: State,
    /// The accepted actions (`turn_index` 0: the caller knows which turn this is).
    pub resolved: Vec<Resolved>,
    pub outcome: TurnOutcome,
}

/// How a played turn went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TurnOutcome {
    /// The face was fulfilled; the game goes on.
    Complete,
    /// The game ended at `action` (1-based; 0: at the roll, before any action).
    Finished { end: End, action: usize },
    /// The record stops inside its last turn after `action` actions, where the prescription
    /// could have gone on (R16): the game is unfinished there.
    Stopped { action: usize, reason: String },
    /// The first illegal action (1-based; 0: the turn as a whole).
    Invalid {
        action: usize,
        reason: String,
        article: Article,
        /// The action's span (`None`: the turn's).
        span: Option<Span>,
    },
}

/// Where a turn stands in its record: whether another turn follows it (R15, R16).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// Another turn follows: the turn must be complete, a bare face reads as `--`.
    Inner,
    /// The record's last turn: it may stop where the record stops.
    Last,
}

/// Plays one written turn (its die face and actions) from `state`, with the FEN after every
/// action in [`Played::resolved`]. The turn is judged as one that another turn follows.
pub fn play_turn(state: &State, turn: &Turn) -> Played {
    play_turn_with(state, turn, Detail::Annotated)
}

/// [`play_turn`], recording the FEN after each action only for [`Detail::Annotated`].
pub fn play_turn_with(state: &State, turn: &Turn, detail: Detail) -> Played {
    play_turn_at(state, turn, detail, Place::Inner)
}

/// Plays one written turn where it stands in its record ([`Place`]).
///
/// The end of the game is looked for after every action before anything else (R21): a mate,
/// nakedness or a stalemate ends the turn at once, and so does a series that can no longer be
/// completed (Poverty of the Flesh at that moment, R16), even when the record writes more.
pub fn play_turn_at(state: &State, turn: &Turn, detail: Detail, place: Place) -> Played {
    let mut player = TurnPlayer {
        annotate: detail == Detail::Annotated,
        played: Played {
            state: state.clone(),
            resolved: Vec::new(),
            outcome: TurnOutcome::Complete,
        },
    };
    let outcome = player.play(state, turn, place);
    player.played.outcome = outcome;
    player.played
}

struct TurnPlayer {
    annotate: bool,
    played: Played,
}

fn invalid(action: usize, illegal: Illegal, span: Option<Span>) -> TurnOutcome {
    TurnOutcome::Invalid {
        action,
        reason: illegal.reason,
        article: illegal.article,
        span,
    }
}

/// A written action the rules refuse.
fn failed(number: usize, fault: Fault, span: Span) -> TurnOutcome {
    match fault {
        Fault::Illegal(illegal) => invalid(number, illegal, Some(span)),
        Fault::Refused(e) => refused(number, e, Some(span)),
    }
}

fn refused(action: usize, refused: Refused, span: Option<Span>) -> TurnOutcome {
    TurnOutcome::Invalid {
        action,
        reason: format!("the position cannot be analysed: {refused}"),
        article: Article::R1,
        span,
    }
}

impl TurnPlayer {
    fn play(&mut self, state: &State, turn: &Turn, place: Place) -> TurnOutcome {
        let Some(face) = turn.face else {
            return invalid(
                0,
                Illegal::new(
                    "the turn has no die face: every turn begins with a roll",
                    Article::Art2,
                ),
                None,
            );
        };
        let face = face.value;
        if !(1..=6).contains(&face) {
            return invalid(
                0,
                Illegal::new(format!("a die has no face {face}"), Article::Art2),
                None,
            );
        }
        let start = match begin(state, face) {
            Ok(progress) => progress,
            Err(e) => return refused(0, e, None),
        };
        let actions: Vec<&crate::record::Action> = turn.actions().collect();
        if actions.is_empty() {
            return self.bare(start, place);
        }
        let mut progress = Some(start);
        for (index, action) in actions.iter().enumerate() {
            let number = index + 1;
            let Some(current) = progress.take() else {
                return invalid(
                    number,
                    Illegal::new(
                        format!(
                            "face {face} is already fulfilled; `{action}` is one action too many"
                        ),
                        face_article(face),
                    ),
                    Some(action.span),
                );
            };
            // The end comes first (R21): a prescription that can no longer be completed was
            // lost at that moment (R16), unless the action is the `--` that says so.
            if !matches!(action.kind, ActionKind::Nothing {}) {
                match self.poverty(&current, index) {
                    Ok(Some(outcome)) => return outcome,
                    Ok(None) => {}
                    Err(e) => return refused(number, e, Some(action.span)),
                }
            }
            let step = match current.resolve(&action.kind) {
                Ok(step) => step,
                Err(fault) => return failed(number, fault, action.span),
            };
            let next = match current.apply(step) {
                Ok(next) => next,
                Err(fault) => return failed(number, fault, action.span),
            };
            match self.accept(current, number, step, next) {
                Ok(next) => progress = next,
                Err(outcome) => return outcome,
            }
        }
        match progress {
            None => {
                self.played.state.end_turn();
                self.fen_after_last();
                TurnOutcome::Complete
            }
            Some(current) => self.incomplete(&current, actions.len(), place),
        }
    }

    /// Records an accepted action; `Ok(None)` when the face is fulfilled, `Err` when the game
    /// ended with it.
    fn accept(
        &mut self,
        current: Progress,
        number: usize,
        step: Step,
        next: Next,
    ) -> Result<Option<Progress>, TurnOutcome> {
        let after = match &next {
            Next::Continue(p) => &p.state,
            Next::Done(s) | Next::End(_, s) => s,
        };
        self.played.resolved.push(resolved(
            self.annotate,
            &current.state,
            after,
            current.roller(),
            number,
            step,
        ));
        match next {
            Next::Continue(p) => {
                self.played.state = p.state.clone();
                Ok(Some(p))
            }
            Next::Done(s) => {
                self.played.state = s;
                Ok(None)
            }
            Next::End(end, s) => Err(self.finished(end, s, number)),
        }
    }

    fn finished(&mut self, end: End, mut state: State, action: usize) -> TurnOutcome {
        state.end_turn();
        self.played.state = state;
        self.fen_after_last();
        TurnOutcome::Finished { end, action }
    }

    fn fen_after_last(&mut self) {
        if self.annotate
            && let Some(last) = self.played.resolved.last_mut()
        {
            last.fen_after = self.played.state.fen();
        }
    }

    /// Poverty of the Flesh when the prescription in progress can no longer be completed (Art. 5
    /// at the roll, Art. 13.2 inside a series; R16): the game ends after action `done`.
    fn poverty(&mut self, current: &Progress, done: usize) -> Result<Option<TurnOutcome>, Refused> {
        if !matches!(current.phase, Phase::Series(_) | Phase::Removal) {
            return Ok(None);
        }
        if search::first(current)?.is_some() {
            return Ok(None);
        }
        let end = End {
            winner: !current.roller(),
            termination: Termination::PovertyOfTheFlesh,
            article: if done == 0 {
                Article::Art5
            } else {
                Article::Art13_2
            },
        };
        Ok(Some(self.finished(
            end,
            current.state.after_nothing(),
            done,
        )))
    }

    /// A turn whose written actions stop before the face is fulfilled.
    fn incomplete(&mut self, current: &Progress, done: usize, place: Place) -> TurnOutcome {
        match self.poverty(current, done) {
            Ok(Some(outcome)) => return outcome,
            Ok(None) => {}
            Err(e) => return refused(0, e, None),
        }
        match current.unfinished() {
            Ok(illegal) if place == Place::Last => TurnOutcome::Stopped {
                action: done,
                reason: illegal.reason,
            },
            Ok(illegal) => invalid(0, illegal, None),
            Err(e) => refused(0, e, None),
        }
    }

    /// A die face with no action after it (R15): before the last turn it reads as `--` (an
    /// error there is on action 0); as the last turn it is the roll, which ends the game only
    /// when the roll itself decides.
    fn bare(&mut self, start: Progress, place: Place) -> TurnOutcome {
        if place == Place::Inner {
            let next = match start.apply(Step::Nothing) {
                Ok(next) => next,
                Err(Fault::Illegal(illegal)) => return invalid(0, illegal, None),
                Err(Fault::Refused(e)) => return refused(0, e, None),
            };
            return match next {
                Next::End(end, state) => self.finished(end, state, 0),
                Next::Done(mut state) => {
                    state.end_turn();
                    self.played.state = state;
                    TurnOutcome::Complete
                }
                Next::Continue(p) => self.incomplete(&p, 0, place),
            };
        }
        match &start.phase {
            Phase::Stalemate => {
                let end = End {
                    winner: start.roller(),
                    termination: Termination::SweetStalemate,
                    article: Article::Art9_1,
                };
                let state = start.state.after_nothing();
                self.finished(end, state, 0)
            }
            Phase::Resurrection if !face_5::can_return(&start.state) => {
                let mut state = start.state.after_nothing();
                state.end_turn();
                self.played.state = state;
                TurnOutcome::Complete
            }
            _ => self.incomplete(&start, 0, place),
        }
    }
}

/// The Article of a face.
pub(crate) fn face_article(face: u8) -> Article {
    match face {
        1 => Article::Art1,
        2 => Article::Art2,
        3 => Article::Art3,
        4 => Article::Art6,
        5 => Article::Art7,
        _ => Article::Art8,
    }
}

/// What an accepted action did, for `convert --annotate`.
fn resolved(
    annotate: bool,
    before: &State,
    after: &State,
    roller: Color,
    action: usize,
    step: Step,
) -> Resolved {
    let base = Resolved {
        turn_index: 0,
        action,
        color: roller,
        role: shakmaty::Role::King,
        from: None,
        to: None,
        uci: None,
        captured: None,
        promotion: None,
        fen_after: if annotate { after.fen() } else { String::new() },
    };
    match step {
        Step::Move(m) => {
            let color = m
                .from()
                .and_then(|sq| before.board().color_at(sq))
                .unwrap_or(roller);
            let to = match m.castling_side() {
                Some(side) => side.king_to(color),
                None => m.to(),
            };
            Resolved {
                color,
                role: m.role(),
                from: m.from(),
                to: Some(to),
                uci: Some(m.to_uci(before.castling_mode()).to_string()),
                captured: m.capture(),
                promotion: m.promotion(),
                ..base
            }
        }
        Step::Sacrifice { role, square } => Resolved {
            role,
            from: Some(square),
            ..base
        },
        Step::Resurrection { role, square } => Resolved {
            color: !roller,
            role,
            to: Some(square),
            ..base
        },
        // `--`: nobody's piece; the entry names the roller and his king.
        Step::Nothing => base,
    }
}

/// Squares of a bitboard as "e1, g2".
pub(crate) fn squares_text(squares: Bitboard) -> String {
    squares
        .into_iter()
        .map(|sq| sq.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}
