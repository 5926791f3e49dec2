//! What the pictures show, taken from the referee's annotated replay: the board before each
//! turn and after each action, the pools, the die face, each action with the move it resolved
//! to, and the verdict on each turn. The renderers read this and nothing else.

use crate::rules::names::color_name;
use shakmaty::{Board, ByColor, ByRole, Color, Piece, Role, Square};

use crate::record::{ActionKind, Face, Game, Item, SanMove, Variant};
use crate::referee::{Status, Verdict, verify_annotated};
use crate::rules::sade::State;
use crate::rules::{Resolved, standard};

/// The pieces off the board, per colour and kind.
pub type Pools = ByColor<ByRole<u8>>;

/// A board and the pools of captured pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    pub board: Board,
    pub pools: Pools,
}

/// The kinds of piece in a pool, strongest first (the order face 5 returns them in, pawns
/// never): the order every picture lists a pool in.
pub const POOL_ORDER: [Role; 5] = [
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Pawn,
];

impl Snapshot {
    /// The board as 64 characters, a1 first: the piece letter (`P`, `n`, …) or `.`.
    pub fn board_letters(&self) -> String {
        Square::ALL
            .into_iter()
            .map(|sq| self.board.piece_at(sq).map_or('.', |p| p.char()))
            .collect()
    }

    /// One pool, strongest first.
    pub fn pool(&self, color: Color) -> Vec<Piece> {
        let pool = self.pools.get(color);
        POOL_ORDER
            .into_iter()
            .flat_map(|role| std::iter::repeat_n(role.of(color), usize::from(*pool.get(role))))
            .collect()
    }

    /// Both pools as piece letters, White's first, each strongest first: `QNNPbp`.
    pub fn pool_letters(&self) -> String {
        Color::ALL
            .into_iter()
            .flat_map(|color| self.pool(color))
            .map(Piece::char)
            .collect()
    }
}

/// Where an action acts on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A move (castling: the king's move).
    Move { from: Square, to: Square },
    /// A piece taken off the board (face 4).
    Sacrifice { square: Square },
    /// A piece put back on the board (face 5).
    Resurrection { square: Square },
    /// `--`.
    Nothing,
    /// An action the referee did not play: only the square it names is known, if any.
    Unplayed { square: Option<Square> },
}

/// One action of a turn.
#[derive(Clone, Debug)]
pub struct ActionView {
    /// 1-based.
    pub number: usize,
    /// As written (`Nf3+`).
    pub written: String,
    pub shape: Shape,
    /// The piece that moved, was removed or came back (resolved actions).
    pub piece: Option<Piece>,
    /// Whether the piece belongs to the opponent of the player whose turn it is.
    pub opponent_piece: bool,
    pub captured: Option<Role>,
    pub promotion: Option<Role>,
    /// Castling: the rook's move (from, to), as the boards before and after show it.
    pub rook: Option<(Square, Square)>,
    /// En passant: the square of the pawn taken (not the move's destination).
    pub en_passant: Option<Square>,
    /// The move in UCI, for moves.
    pub uci: Option<String>,
    /// The referee's illegal action.
    pub offending: bool,
    /// Written after the end of the game: not judged (R21).
    pub void: bool,
    /// The position after the action (resolved actions).
    pub after: Option<Snapshot>,
}

/// One turn of the record.
#[derive(Clone, Debug)]
pub struct TurnView {
    /// Index in `Game::turns`.
    pub index: usize,
    /// `12.` or `12...`.
    pub label: String,
    pub side: Color,
    pub face: Option<Face>,
    pub before: Snapshot,
    pub actions: Vec<ActionView>,
    /// The referee on this turn: "legal", the illegal action and why, or how the game ended.
    pub verdict: String,
    /// Whether this turn holds the first illegal action (or is at fault as a whole).
    pub invalid: bool,
    /// The players' comments in the turn, each with the number of actions written before it.
    pub comments: Vec<(usize, String)>,
}

/// A whole game, ready to draw.
#[derive(Clone, Debug)]
pub struct GameView {
    /// The game's number in its file (1 for the first), as `verify` numbers it.
    pub number: usize,
    pub variant: String,
    /// Whether the game is Marquis de Sade chess (pools, die faces, the opponent's pieces).
    pub sade: bool,
    /// Whether the verdict is invalid or the result disputed: what the arbiter must look at.
    pub at_fault: bool,
    pub tags: Vec<(String, String)>,
    /// One line: who won and how, or the first illegal action.
    pub verdict: String,
    pub start: Snapshot,
    pub turns: Vec<TurnView>,
}

/// Why a game has no view.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ViewError {
    /// The start position cannot be read; `reason`: the verdict's error, if it has one.
    #[error(
        "the start position cannot be read{}",
        reason.as_ref().map_or_else(String::new, |r| format!(": {r}"))
    )]
    Start { reason: Option<String> },
    /// The start position's FEN cannot be drawn (a bug in sade-ref).
    #[error("cannot read {fen}")]
    Unreadable { fen: String },
}

/// The view of a game, from the referee's annotated replay.
///
/// # Errors
/// [`ViewError::Start`] when the start position cannot be read (the verdict says why).
pub fn game_view(game: &Game) -> Result<GameView, ViewError> {
    let verdict = verify_annotated(game);
    let start_fen = start_fen(game, &verdict)?;
    let start = snapshot(&start_fen).ok_or_else(|| ViewError::Unreadable {
        fen: start_fen.clone(),
    })?;
    let mut turns = Vec::new();
    let mut before = start.clone();
    for index in 0..game.turns.len() {
        let view = turn_view(game, &verdict, index, before, &verdict.replay.resolved);
        before = view.1;
        turns.push(view.0);
    }
    Ok(frame(game, &verdict, start, turns))
}

/// The view of turn `index` alone, drawn from `before` (the position before it) with what the
/// referee resolved its actions to (`resolved`, with `fen_after`): the same view as
/// [`game_view`]'s of that turn, without the replay of the turns before it (`serve` draws the
/// turn in progress after every action). The game's other fields are `verdict`'s (which need
/// not be annotated).
pub fn one_turn_view(
    game: &Game,
    verdict: &Verdict,
    index: usize,
    before: Snapshot,
    resolved: &[Resolved],
) -> GameView {
    let (turn, _) = turn_view(game, verdict, index, before.clone(), resolved);
    frame(game, verdict, before, vec![turn])
}

/// A game's view with these turns (`start`: the position they are drawn from).
pub fn frame(game: &Game, verdict: &Verdict, start: Snapshot, turns: Vec<TurnView>) -> GameView {
    GameView {
        number: 1,
        variant: verdict.variant_name().to_owned(),
        sade: verdict.variant == Ok(Variant::Sade),
        at_fault: verdict.status == Status::Invalid || verdict.dispute.is_some(),
        tags: game
            .tags
            .iter()
            .map(|t| (t.name.clone(), t.value.clone()))
            .collect(),
        verdict: summary(game, verdict),
        start,
        turns,
    }
}

/// Turn `index`'s view from the position `before` it, and the position after it.
fn turn_view(
    game: &Game,
    verdict: &Verdict,
    index: usize,
    before: Snapshot,
    resolved: &[Resolved],
) -> (TurnView, Snapshot) {
    let turn = &game.turns[index];
    let error = verdict.error.as_ref();
    let side = Color::from(turn.number.side);
    let mut actions = Vec::new();
    let mut now = before.clone();
    for (i, action) in turn.actions().enumerate() {
        let number = i + 1;
        let resolved = resolved
            .iter()
            .find(|r| r.turn_index == index && r.action == number);
        let offending = verdict
            .error_at
            .is_some_and(|at| at.turn_index == index && at.action == number);
        let void = verdict.void.is_some_and(|v| {
            v.from
                .turn_index
                .is_some_and(|t| (t, v.from.record_action.max(1)) <= (index, number))
        });
        let view = match resolved {
            Some(r) => {
                let after = snapshot(&r.fen_after);
                let view = resolved_view(number, action.to_string(), r, side, &now, after);
                if let Some(after) = &view.after {
                    now = after.clone();
                }
                // A move the board allowed can still be the illegal action (M3: a first
                // move with no second one while a full turn exists).
                ActionView {
                    offending,
                    void,
                    ..view
                }
            }
            None => ActionView {
                number,
                written: action.to_string(),
                shape: Shape::Unplayed {
                    square: named_square(&action.kind),
                },
                piece: None,
                opponent_piece: false,
                captured: None,
                promotion: None,
                rook: None,
                en_passant: None,
                uci: None,
                offending,
                void,
                after: None,
            },
        };
        actions.push(view);
    }
    let view = TurnView {
        index,
        label: turn.number.to_string(),
        side,
        face: turn.face.map(|f| f.value),
        before,
        actions,
        verdict: turn_verdict(game, verdict, index),
        invalid: error.is_some_and(|e| e.turn_index == index),
        comments: comments(turn),
    };
    (view, now)
}

fn start_fen(game: &Game, verdict: &Verdict) -> Result<String, ViewError> {
    let fault = || ViewError::Start {
        reason: verdict.error.as_ref().map(|e| e.reason.clone()),
    };
    if verdict.variant == Ok(crate::record::Variant::Sade) {
        State::from_game(game).map(|s| s.fen()).map_err(|_| fault())
    } else {
        standard::start_position(game)
            .map(|s| standard::fen(&s.pos))
            .map_err(|_| fault())
    }
}

/// The comments of a turn, each with the number of actions written before it.
fn comments(turn: &crate::record::Turn) -> Vec<(usize, String)> {
    let mut actions = 0;
    let mut found = Vec::new();
    for item in &turn.items {
        match item {
            Item::Action(_) => actions += 1,
            Item::Comment(c) if !c.text.trim().is_empty() => {
                found.push((actions, c.text.trim().to_owned()));
            }
            _ => {}
        }
    }
    found
}

/// Castling: the rook of the king's colour that left a square and the one that reached one.
fn rook_move(r: &Resolved, before: &Board, after: &Board) -> Option<(Square, Square)> {
    if r.role != Role::King || r.from.is_none() {
        return None;
    }
    let rooks = |board: &Board| board.by_role(Role::Rook) & board.by_color(r.color);
    let (was, is) = (rooks(before), rooks(after));
    let from = (was & !is).first()?;
    let to = (is & !was).first()?;
    Some((from, to))
}

/// En passant: a pawn that takes a pawn on an empty square took the one beside its origin.
fn en_passant_victim(r: &Resolved, before: &Board) -> Option<Square> {
    let (from, to) = (r.from?, r.to?);
    let diagonal = from.file() != to.file();
    (r.role == Role::Pawn && r.captured == Some(Role::Pawn) && diagonal)
        .then(|| Square::from_coords(to.file(), from.rank()))
        .filter(|_| before.piece_at(to).is_none())
}

fn resolved_view(
    number: usize,
    written: String,
    r: &Resolved,
    side: Color,
    before: &Snapshot,
    after: Option<Snapshot>,
) -> ActionView {
    let shape = match (r.from, r.to) {
        (Some(from), Some(to)) => Shape::Move { from, to },
        (Some(square), None) => Shape::Sacrifice { square },
        (None, Some(square)) => Shape::Resurrection { square },
        (None, None) => Shape::Nothing,
    };
    let acts = !matches!(shape, Shape::Nothing);
    ActionView {
        number,
        written,
        shape,
        piece: acts.then_some(Piece {
            color: r.color,
            role: r.role,
        }),
        opponent_piece: acts && r.color != side,
        captured: r.captured,
        promotion: r.promotion,
        rook: after
            .as_ref()
            .and_then(|a| rook_move(r, &before.board, &a.board)),
        en_passant: en_passant_victim(r, &before.board),
        uci: r.uci.map(|u| u.to_string()),
        offending: false,
        void: false,
        after,
    }
}

/// The square a written action names (its destination, or the square it acts on).
fn named_square(kind: &ActionKind) -> Option<Square> {
    match kind {
        ActionKind::San(SanMove::Normal { to, .. }) => Some(*to),
        ActionKind::Uci(uci) => Some(uci.to),
        ActionKind::Sacrifice { square, .. } | ActionKind::Resurrection { square, .. } => {
            Some(*square)
        }
        ActionKind::San(SanMove::Castle(_)) | ActionKind::Nothing {} => None,
    }
}

/// A board and pools from a FEN (Sade: with the pocket after the placement; otherwise the
/// pools are the standard army minus what stands on the board).
pub fn snapshot(fen: &str) -> Option<Snapshot> {
    let placement = fen.split_whitespace().next()?;
    let (board_text, pocket) = match placement.split_once('[') {
        Some((board, rest)) => (board, Some(rest.trim_end_matches(']'))),
        None => (placement, None),
    };
    let board: Board = board_text.parse().ok()?;
    let mut pools = Pools::default();
    match pocket {
        Some(letters) => {
            for c in letters.chars() {
                let piece = Piece::from_char(c)?;
                *pools.get_mut(piece.color).get_mut(piece.role) += 1;
            }
        }
        None => {
            let army: [(Role, usize); 3] = [(Role::Pawn, 8), (Role::Knight, 2), (Role::Bishop, 2)];
            let army = army.into_iter().chain([(Role::Rook, 2), (Role::Queen, 1)]);
            for (role, count) in army {
                for color in Color::ALL {
                    let on_board = (board.by_role(role) & board.by_color(color)).count();
                    *pools.get_mut(color).get_mut(role) =
                        u8::try_from(count.saturating_sub(on_board)).unwrap_or(0);
                }
            }
        }
    }
    Some(Snapshot { board, pools })
}

/// The verdict in one line.
pub fn summary(game: &Game, verdict: &Verdict) -> String {
    let mut line = match verdict.status {
        Status::Finished => {
            let how = verdict.termination.map_or("?", |t| t.title());
            let article = verdict.article.map_or("?", |a| a.cite());
            let at = verdict
                .ended_at
                .and_then(|at| at.turn)
                .map(|turn| format!(", turn {turn}"))
                .unwrap_or_default();
            match verdict.winner {
                Some(w) => format!("{} wins by {how} ({article}){at}", color_name(w)),
                None => format!("drawn by {how} ({article}){at}"),
            }
        }
        Status::Unfinished => format!("unfinished after {} turns", verdict.turns),
        Status::Invalid => match &verdict.error {
            Some(e) => {
                // The turn as the rules counted it (R13), which the action's place refers to.
                let turn = e.label.map_or_else(
                    || {
                        game.turns
                            .get(e.turn_index)
                            .map_or(e.turn.to_string(), |t| t.number.to_string())
                    },
                    |label| label.to_string(),
                );
                let action = if e.action == 0 {
                    "the turn".to_owned()
                } else {
                    format!("action {}", e.action)
                };
                format!(
                    "invalid at turn {turn}, {action}: {}",
                    cite(&e.reason, e.article.cite())
                )
            }
            None => "invalid".to_owned(),
        },
    };
    if let Some(dispute) = &verdict.dispute {
        line.push_str(&format!("; disputed: {dispute}"));
    }
    line
}

/// The reason with its Article, unless the reason cites it already.
fn cite(reason: &str, article: &str) -> String {
    if reason.contains(article) {
        reason.to_owned()
    } else {
        format!("{reason} ({article})")
    }
}

/// The referee on one turn.
fn turn_verdict(game: &Game, verdict: &Verdict, index: usize) -> String {
    if let Some(e) = &verdict.error {
        if e.turn_index == index {
            let action = if e.action == 0 {
                "the turn as a whole".to_owned()
            } else if verdict.error_at.is_some_and(|at| at.action != e.action) {
                // One record turn holding several turns (M1): name the one counted.
                let turn = e.label.map_or(e.turn.to_string(), |l| l.to_string());
                format!("turn {turn}, action {}", e.action)
            } else {
                format!("action {}", e.action)
            };
            return format!("invalid, {action}: {}", cite(&e.reason, e.article.cite()));
        }
        if index > e.turn_index {
            return "not judged: the record is invalid before this turn".to_owned();
        }
    }
    if let Some(ended) = verdict.ended_at.and_then(|at| at.turn_index) {
        if ended == index {
            return format!("legal; the game ends here: {}", summary(game, verdict));
        }
        if index > ended {
            return "void: the game ended before this turn (R21)".to_owned();
        }
    }
    "legal".to_owned()
}
