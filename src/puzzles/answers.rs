//! A turn's answers as an analysis holds them ([`Analysis`]): each [`Answer`], what its
//! actions do ([`Shape`]) and how it ends the turn ([`Consequence`]); the ways grouped into
//! answers as the referee's walk meets them.

use std::collections::BTreeMap;
use std::ops::ControlFlow;

use shakmaty::Color;

use super::mates::Line;
use super::puzzle::Search;
use super::question::Question;
use crate::record::Face;
use crate::rules::{Article, Termination};

/// How an answer ends the turn, for the player who plays it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Consequence {
    /// The game ends this turn and the player wins.
    Wins,
    /// The game ends this turn and the player loses.
    Loses,
    /// The game goes on (or is drawn).
    GoesOn,
    /// The game goes on, and the opponent's next turn can win it (Marseillais: a turn that
    /// mates). Only a defence's analysis ([`analyse_defence`]) looks a turn ahead; elsewhere
    /// such an answer is [`Consequence::GoesOn`].
    ///
    /// [`analyse_defence`]: crate::puzzles::analyse_defence
    LosesNext,
    /// The game goes on, and every reply of the opponent's leaves the player a turn that mates
    /// (Marseillais). Only a mate in two turns' analysis ([`analyse_mate_in_two`]) looks so far;
    /// elsewhere such an answer is [`Consequence::GoesOn`].
    ///
    /// [`analyse_mate_in_two`]: crate::puzzles::analyse_mate_in_two
    MatesNext,
    /// The game goes on, and by the engine's search the turn wins at least a minor piece net,
    /// and more than any other turn by as much (Marseillais). Only a win of material's analysis
    /// ([`analyse_material`]) searches; elsewhere such an answer is [`Consequence::GoesOn`].
    ///
    /// [`analyse_material`]: crate::puzzles::analyse_material
    WinsMaterial,
    /// The game goes on, and by the engine's search the turn loses no piece, where every other
    /// turn loses at least one more (Marseillais). Only a material analysis
    /// ([`analyse_material`]) searches; elsewhere such an answer is [`Consequence::GoesOn`].
    ///
    /// [`analyse_material`]: crate::puzzles::analyse_material
    Holds,
}

impl Consequence {
    /// How a turn that ends the game with `winner` (none: a draw) ends it for `player`.
    pub fn of_end(winner: Option<Color>, player: Color) -> Consequence {
        match winner {
            Some(w) if w == player => Consequence::Wins,
            Some(_) => Consequence::Loses,
            None => Consequence::GoesOn,
        }
    }

    /// How the answer that meets `question` ends the turn: it wins (win now, mate in one
    /// turn), or the game goes on (survive: it does not lose this turn; defend: nor at the
    /// opponent's next), or every reply leaves a mate (mate in two turns).
    pub fn wanted_by(question: Question) -> Consequence {
        match question {
            Question::WinNow | Question::MateInOneTurn => Consequence::Wins,
            Question::Survive | Question::Defend => Consequence::GoesOn,
            Question::MateInTwoTurns => Consequence::MatesNext,
            Question::WinMaterial => Consequence::WinsMaterial,
            Question::DefendMaterial => Consequence::Holds,
        }
    }
}

/// One answer: the ways that play the same actions and reach the same end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The first way found, as SDN actions separated by spaces.
    pub text: String,
    /// Every way of this answer (its orders), as [`Answer::text`].
    pub orders: Vec<String>,
    pub outcome: Consequence,
    /// How the game ends, when it does: the termination and its Article.
    pub end: Option<(Termination, Article)>,
    /// What the answer's actions do that a theme may turn on.
    pub shape: Shape,
}

/// What an answer's actions do, as far as a theme turns on it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shape {
    /// How many actions the answer plays.
    pub actions: usize,
    /// Marseillais: the turn castles.
    pub castles: bool,
    /// Marseillais: the turn takes en passant.
    pub en_passant: bool,
    /// Marseillais, a winning turn of two moves: its second move, played first, would give
    /// check and so end the turn at once (M2).
    pub second_checks_first: bool,
}

/// Every answer of a turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The player to act: the roller (Sade), the player to move (Marseillais).
    pub player: Color,
    pub face: Option<Face>,
    /// The answers, in the order the referee's walk first meets them.
    pub answers: Vec<Answer>,
    /// How many ways (orders counted apart) the walks met.
    pub ways: usize,
    /// A mate in two turns' analysis with one answer that mates next: the play after it.
    pub line: Option<Line>,
    /// A win of material's analysis: the engine's scores of the best answer and the next.
    pub search: Option<Search>,
}

impl Analysis {
    /// The answers that meet `question`: those that win (win now, mate in one turn; a
    /// Marseillais win is a mate), or those that do not lose (survive).
    pub fn solving(&self, question: Question) -> Vec<&Answer> {
        let wanted = Consequence::wanted_by(question);
        self.answers
            .iter()
            .filter(|a| a.outcome == wanted)
            .collect()
    }

    /// How many answers end with `outcome`.
    pub fn count(&self, outcome: Consequence) -> usize {
        self.answers.iter().filter(|a| a.outcome == outcome).count()
    }
}

/// Groups ways into answers by a key (the sorted actions, the position reached, the end).
#[derive(Default)]
pub(super) struct Grouper {
    pub(super) index: BTreeMap<String, usize>,
    pub(super) answers: Vec<Answer>,
    pub(super) ways: usize,
}

impl Grouper {
    /// Adds a way; `Break` when there are more than `most` answers.
    pub(super) fn add(
        &mut self,
        key: String,
        text: String,
        outcome: Consequence,
        end: Option<(Termination, Article)>,
        shape: Shape,
        most: usize,
    ) -> ControlFlow<()> {
        self.ways += 1;
        match self.index.get(&key) {
            Some(&at) => self.answers[at].orders.push(text),
            None => {
                self.index.insert(key, self.answers.len());
                self.answers.push(Answer {
                    orders: vec![text.clone()],
                    text,
                    outcome,
                    end,
                    shape,
                });
            }
        }
        if self.answers.len() > most {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}
