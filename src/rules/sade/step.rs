//! A step: one action of a turn, as the rules see it (the record writes it as an action).

use shakmaty::{Move, Role, Square};

/// One action of a fulfilment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// A move of a piece of either colour (whose piece: the board says).
    Move(Move),
    /// Face 4: the roller takes his own piece off the board.
    Sacrifice { role: Role, square: Square },
    /// Face 5: the opponent's piece comes back from the pool.
    Resurrection { role: Role, square: Square },
    /// `--`: face 5 with nothing to resurrect.
    Nothing,
}
