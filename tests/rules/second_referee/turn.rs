//! One Sade turn as a tree of legal action sequences, straight from the rulings.
//!
//! A [`Node`] is the position after some actions of the turn and what is left to do. Its
//! [`Node::children`] are every action a player may write next (from shakmaty's legal moves,
//! by brute force), each with what it does ([`Effect`]). A node's [`Node::state`] says whether
//! the turn is complete, can go on, or cannot go on (the game ends there).

use shakmaty::{Bitboard, Color, Move, Role, Square};

use super::position::{Act, Pos};

/// How a game ended: winner and termination (kebab-case, as `Termination::name`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct End {
    pub winner: Color,
    pub termination: &'static str,
}

/// What an action does.
#[derive(Clone, Debug)]
pub enum Effect {
    /// The turn goes on (or is complete) at this node.
    Next(Node),
    /// The action ended the game.
    End(End),
}

#[derive(Clone, Debug)]
pub enum Stage {
    /// Faces 1–3: `left` moves by different pieces of the side due (`own`: the roller's, else
    /// the opponent's, never his king), chosen at the roll and fixed for the turn (R4); `moved`
    /// holds where the moved pieces stand; face 1 is not a series.
    Series {
        own: bool,
        left: u8,
        moved: Bitboard,
        series: bool,
    },
    /// Face 4, before the removal.
    Sacrifice,
    /// One regular move: after the removal (face 4), or instead of the exposure (face 6).
    Regular,
    /// Face 6: the adjacent pieces that have not moved yet; the king's square.
    Exposure {
        unmoved: Bitboard,
        king: Square,
    },
    /// Face 5, before the resurrection.
    Resurrect,
    /// Face 5 with nothing to resurrect: a `--` may still be written.
    NothingToReturn,
    Done,
}

#[derive(Clone, Debug)]
pub struct Node {
    pub pos: Pos,
    pub roller: Color,
    pub stage: Stage,
}

/// Where a node stands.
#[derive(Clone, Debug)]
pub enum State {
    /// The prescription is fulfilled (face 5 with nothing to return included).
    Complete,
    /// It can go on: these are the actions that may be written next.
    Open(Vec<(Act, Effect)>),
    /// It cannot go on: the game ends here.
    Over(End),
}

fn end(winner: Color, termination: &'static str) -> End {
    End {
        winner,
        termination,
    }
}

fn adjacent(sq: Square) -> Bitboard {
    shakmaty::attacks::king_attacks(sq)
}

impl Node {
    /// The node right after the roll.
    pub fn roll(pos: &Pos, roller: Color, face: u8) -> Node {
        let at = |stage| Node {
            pos: pos.clone(),
            roller,
            stage,
        };
        match face {
            1..=3 => {
                let series = |own| Stage::Series {
                    own,
                    left: face,
                    moved: Bitboard::EMPTY,
                    series: face > 1,
                };
                // R4: the pieces due are chosen here, once, by a count: the opponent's when at
                // least `face` of them can move now, else the roller's own. Whether the series
                // can then be completed is no part of the choice (`state` says so, later).
                let theirs = at(series(false));
                if theirs.movable_pieces() >= usize::from(face) {
                    theirs
                } else {
                    at(series(true))
                }
            }
            4 => at(Stage::Sacrifice),
            5 => at(Stage::Resurrect),
            _ => {
                let king = pos.board.king_of(roller).expect("a king");
                let unmoved = adjacent(king) & pos.board.by_color(roller) & !pos.board.kings();
                let exposure = at(Stage::Exposure { unmoved, king });
                if exposure.real_children().next().is_some() {
                    exposure
                } else {
                    at(Stage::Regular)
                }
            }
        }
    }

    /// R4's count, at a series node: how many different pieces of the side the node plays
    /// have a move that may be written now. `children` leaves out what does not count: the
    /// opponent's king, castling, a move that leaves its owner's king in check, a check that
    /// does not mate (illegal on face 1; `forbidden-check`, dropped by `real_children`, on
    /// faces 2–3). A mating move counts, and so does a move after which a player is naked. A
    /// piece that could move only after another has moved is not counted: this is the position
    /// of the node, before any move.
    pub fn movable_pieces(&self) -> usize {
        let mut from = Bitboard::EMPTY;
        for (act, _) in self.real_children() {
            if let Act::Move(m) = act {
                from |= Bitboard::from(m.from().expect("a board move"));
            }
        }
        from.count()
    }

    /// The pieces not due on a face 1–3 series (R4: the roller's own when the opponent's are
    /// due, else the opponent's): every move they could make, as their owner could.
    pub fn moves_of_the_side_not_due(&self) -> Vec<Move> {
        match self.stage {
            Stage::Series { own, .. } => {
                self.pos.moves(if own { !self.roller } else { self.roller })
            }
            _ => Vec::new(),
        }
    }

    /// Judges a move by `mover`'s piece: the checks (R1, R3), mates (R2), nakedness (R10).
    fn after_move(&self, mover: Color, m: Move, series: bool, next: Stage) -> Option<Effect> {
        let pos = self.pos.play(mover, m);
        let target = !mover;
        if pos.in_check(target) {
            if pos.mated(target) {
                // R22: a mate that also strips the mated bare is named by the rules' order:
                // 9.2 before 9.3, 9.3 before 10.
                let termination = if target == self.roller {
                    "sacrifice-accomplished"
                } else if pos.naked(target) {
                    "nakedness"
                } else {
                    "libertines-mercy"
                };
                return Some(Effect::End(end(target, termination)));
            }
            // R3: a series ends, lost by the roller; anywhere else the move is illegal.
            return series.then(|| Effect::End(end(!self.roller, "forbidden-check")));
        }
        if let Some(naked) = Color::ALL.into_iter().find(|&c| pos.naked(c)) {
            return Some(Effect::End(end(naked, "nakedness")));
        }
        Some(Effect::Next(Node {
            pos,
            roller: self.roller,
            stage: next,
        }))
    }

    /// Every action that may be written next, with its effect (illegal ones left out).
    pub fn children(&self) -> Vec<(Act, Effect)> {
        let roller = self.roller;
        let pos = &self.pos;
        let mut out = Vec::new();
        match &self.stage {
            Stage::Series {
                own,
                left,
                moved,
                series,
            } => {
                if *left == 0 {
                    return out;
                }
                let mover = if *own { roller } else { !roller };
                for m in pos.moves(mover) {
                    let from = m.from().expect("a board move");
                    if m.is_castle() || moved.contains(from) || (!own && m.role() == Role::King) {
                        continue;
                    }
                    let next = Stage::Series {
                        own: *own,
                        left: left - 1,
                        moved: (*moved & !Bitboard::from(from)) | Bitboard::from(m.to()),
                        series: *series,
                    };
                    if let Some(effect) = self.after_move(mover, m, *series, next) {
                        out.push((Act::Move(m), effect));
                    }
                }
            }
            Stage::Sacrifice => {
                for sq in pos.board.by_color(roller) & !pos.board.kings() {
                    let next = pos.remove(sq);
                    // R19: a removal that leaves the king alone wins, check or not; R22: by
                    // the Sweet Stalemate (9.1, named first) when that king, not in check,
                    // cannot move.
                    let effect = if next.naked(roller) {
                        let stuck = !next.in_check(roller) && next.moves(roller).is_empty();
                        Effect::End(end(
                            roller,
                            if stuck {
                                "sweet-stalemate"
                            } else {
                                "nakedness"
                            },
                        ))
                    } else if next.in_check(roller) || next.in_check(!roller) {
                        // R6, R1: allowed only as checkmate (R2: whose turn decides the name).
                        if next.mated(roller) {
                            Effect::End(end(roller, "sacrifice-accomplished"))
                        } else if next.mated(!roller) {
                            Effect::End(end(!roller, "libertines-mercy"))
                        } else {
                            continue;
                        }
                    } else {
                        Effect::Next(Node {
                            pos: next,
                            roller,
                            stage: Stage::Regular,
                        })
                    };
                    out.push((Act::Remove(sq), effect));
                }
            }
            Stage::Regular => {
                for m in pos.moves(roller) {
                    if let Some(effect) = self.after_move(roller, m, false, Stage::Done) {
                        out.push((Act::Move(m), effect));
                    }
                }
            }
            Stage::Exposure { unmoved, king } => {
                for m in pos.moves(roller) {
                    let from = m.from().expect("a board move");
                    if m.is_castle() || !unmoved.contains(from) || adjacent(*king).contains(m.to())
                    {
                        continue;
                    }
                    let next = Stage::Exposure {
                        unmoved: *unmoved & !Bitboard::from(from),
                        king: *king,
                    };
                    if let Some(effect) = self.after_move(roller, m, true, next) {
                        out.push((Act::Move(m), effect));
                    }
                }
            }
            Stage::Resurrect => {
                if let Some(role) = highest(pos, !roller) {
                    let piece = role.of(!roller);
                    for sq in !pos.board.occupied() {
                        let next = pos.put(piece, sq);
                        if next.in_check(roller) || next.in_check(!roller) {
                            continue;
                        }
                        let node = Node {
                            pos: next,
                            roller,
                            stage: Stage::Done,
                        };
                        out.push((Act::Return(role, sq), Effect::Next(node)));
                    }
                }
            }
            Stage::NothingToReturn => out.push((
                Act::Pass,
                Effect::Next(Node {
                    pos: pos.pass(),
                    roller,
                    stage: Stage::Done,
                }),
            )),
            Stage::Done => {}
        }
        out
    }

    /// Children that fulfil the prescription or end the game by it (not a forbidden check).
    fn real_children(&self) -> impl Iterator<Item = (Act, Effect)> {
        self.children().into_iter().filter(|(_, e)| {
            !matches!(
                e,
                Effect::End(End {
                    termination: "forbidden-check",
                    ..
                })
            )
        })
    }

    /// Whether the prescription can be fulfilled from here (a mate or nakedness on the way
    /// fulfils it early). On faces 1–3, with the pieces due only: this is R4's continuation,
    /// not the choice of the pieces (that is `movable_pieces`, at the roll).
    pub fn completes(&self) -> bool {
        match &self.stage {
            Stage::Series { left: 0, .. } | Stage::Done | Stage::NothingToReturn => true,
            Stage::Series { .. } => self.real_children().any(|(_, e)| match e {
                Effect::End(_) => true,
                Effect::Next(n) => n.completes(),
            }),
            Stage::Exposure { .. } => true,
            Stage::Sacrifice | Stage::Regular | Stage::Resurrect => {
                self.real_children().next().is_some()
            }
        }
    }

    /// Where the node stands: complete, open (with the actions that may follow) or over.
    pub fn state(&self) -> State {
        let roller = self.roller;
        match &self.stage {
            Stage::Done | Stage::Series { left: 0, .. } => State::Complete,
            Stage::Series { .. } => {
                if self.completes() {
                    State::Open(self.children())
                } else {
                    // R4, R16, Art. 13.2: a series that cannot be finished with the pieces due
                    // is lost here, at the roll (no complete series from the start) or after
                    // the order chosen; the other side's pieces are never used instead.
                    State::Over(end(!roller, "poverty-of-the-flesh"))
                }
            }
            Stage::Sacrifice => {
                let children = self.children();
                if children.is_empty() {
                    State::Over(end(!roller, "poverty-of-the-flesh"))
                } else {
                    State::Open(children)
                }
            }
            Stage::Regular => {
                let children = self.children();
                if children.is_empty() {
                    // R7: no legal move, the king not in check.
                    State::Over(end(roller, "sweet-stalemate"))
                } else {
                    State::Open(children)
                }
            }
            Stage::Exposure { .. } => {
                if self.real_children().next().is_none() {
                    State::Complete
                } else {
                    State::Open(self.children())
                }
            }
            Stage::Resurrect => {
                let children = self.children();
                if children.is_empty() {
                    let node = Node {
                        pos: self.pos.clone(),
                        roller,
                        stage: Stage::NothingToReturn,
                    };
                    State::Open(node.children())
                } else {
                    State::Open(children)
                }
            }
            Stage::NothingToReturn => State::Open(self.children()),
        }
    }

    /// A node with nothing left to do but an optional `--` (face 5 with nothing to return).
    pub fn may_stop(&self) -> bool {
        match &self.stage {
            Stage::NothingToReturn => true,
            Stage::Resurrect => highest_placeable(self).is_none(),
            _ => false,
        }
    }
}

fn highest(pos: &Pos, color: Color) -> Option<Role> {
    [Role::Queen, Role::Rook, Role::Bishop, Role::Knight]
        .into_iter()
        .find(|&r| pos.pool[color][r] > 0)
}

fn highest_placeable(node: &Node) -> Option<Role> {
    node.children().first().and_then(|(a, _)| match a {
        Act::Return(role, _) => Some(*role),
        _ => None,
    })
}
