//! A puzzle in words: its theme, the Article or rule it turns on, and why its answer is the
//! one, all read from the referee's verdict on each answer of the turn.

use super::answers::{Analysis, Answer, Consequence};
use super::puzzle::gains;
use super::question::Question;
use super::theme::Theme;
use crate::record::Face;
use crate::rules::names::color_name;
use crate::rules::{Article, Termination};

/// What the file says of a puzzle beside its answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explained {
    pub theme: Theme,
    /// The Article or rule the puzzle turns on (`Art. 9.2`, `M4`).
    pub article: Article,
    /// The referee's verdict on the answer and on the other ways, in one or two sentences.
    pub text: String,
}

/// The theme, its Article and the explanation of `answer`, the one answer of `analysis` that
/// meets `question`.
pub fn explain(analysis: &Analysis, question: Question, answer: &Answer) -> Explained {
    match question {
        Question::WinNow | Question::MateInOneTurn => {
            let (theme, article) = winning_theme(analysis, answer);
            let text = why_it_wins(analysis, answer, theme);
            Explained {
                theme,
                article,
                text,
            }
        }
        Question::Defend => explain_defence(analysis, answer),
        Question::MateInTwoTurns => explain_mate_in_two(analysis, answer),
        Question::WinMaterial | Question::DefendMaterial => {
            explain_material(analysis, question, answer)
        }
        Question::Survive => explain_survival(analysis, answer),
    }
}

/// A defence explained: every other way leaves the opponent a turn that mates (M3).
fn explain_defence(analysis: &Analysis, answer: &Answer) -> Explained {
    let player = color_name(analysis.player);
    let others = analysis.answers.len() - 1;
    let ways = if others == 1 { "way" } else { "ways" };
    let opponent = color_name(!analysis.player);
    let text = format!(
        "{player} must play {}: after each of the {others} other {ways} to play the turn, \
         {opponent} has a turn that mates (M3).",
        answer.text
    );
    Explained {
        theme: Theme::Defend,
        article: Article::M3,
        text,
    }
}

/// A mate in two turns explained: the reply (or each reply) leaves a mate at the next turn (M3),
/// and every other way has a reply that escapes.
fn explain_mate_in_two(analysis: &Analysis, answer: &Answer) -> Explained {
    let player = color_name(analysis.player);
    let others = analysis.answers.len() - 1;
    let opponent = color_name(!analysis.player);
    let text = match &analysis.line {
        Some(line) if line.replies == 1 => format!(
            "{player} plays {}: {opponent}'s only reply, {}, leaves the mate {} (M3); \
             after each of the {others} other ways to play the turn, {opponent} has a \
             reply that escapes.",
            answer.text,
            reply_words(&line.reply),
            line.mate
        ),
        Some(line) => format!(
            "{player} plays {}: each of {opponent}'s {} replies leaves a mate at the next \
             turn (M3), as {} meets {}; after each of the {others} other ways to play the \
             turn, {opponent} has a reply that escapes.",
            answer.text,
            line.replies,
            line.mate,
            reply_words(&line.reply)
        ),
        None => format!(
            "{player} plays {}, and mates at the next turn (M3).",
            answer.text
        ),
    };
    Explained {
        theme: Theme::MateInTwoTurns,
        article: Article::M3,
        text,
    }
}

/// A win of material, or a defence of it (`question`), explained: what the engine's search makes
/// of the answer and of the best other way (M1).
fn explain_material(analysis: &Analysis, question: Question, answer: &Answer) -> Explained {
    let player = color_name(analysis.player);
    let others = analysis.answers.len() - 1;
    let (lead, theme) = match question {
        Question::WinMaterial => ("wins material with", Theme::WinMaterial),
        _ => ("must play", Theme::DefendMaterial),
    };
    let text = match &analysis.search {
        Some(search) => format!(
            "{player} {lead} {}: searched through every reply and the captures after it, \
             the turn {} on the position before it; the best of the {others} other ways \
             to play the turn, {}, {} (M1).",
            answer.text,
            gains(search.score - search.before),
            search.next,
            gains(search.next_score - search.before),
        ),
        None => format!("{player} {lead} {} (M1).", answer.text),
    };
    Explained {
        theme,
        article: Article::M1,
        text,
    }
}

/// A survival explained: every other way loses this turn, counted by the Article it loses by;
/// the Article most of them lose by is the puzzle's.
fn explain_survival(analysis: &Analysis, answer: &Answer) -> Explained {
    let player = color_name(analysis.player);
    let others = analysis.answers.len() - 1;
    let rolled = rolled(analysis);
    // The Article: the one under which most of the other answers lose (the first
    // met, of equal counts).
    let mut counts: Vec<(Termination, Article, usize)> = Vec::new();
    for (t, a) in analysis
        .answers
        .iter()
        .filter(|a| a.outcome == Consequence::Loses)
        .filter_map(|a| a.end)
    {
        match counts.iter_mut().find(|(_, k, _)| *k == a) {
            Some((_, _, n)) => *n += 1,
            None => counts.push((t, a, 1)),
        }
    }
    let article = counts
        .iter()
        .rev()
        .max_by_key(|(_, _, n)| *n)
        .map_or(Article::Art5, |(_, a, _)| *a);
    let how = counts
        .iter()
        .map(|(t, a, n)| format!("{n} by {} ({})", t.title(), a.cite()))
        .collect::<Vec<_>>()
        .join(", ");
    let ways = if others == 1 { "way" } else { "ways" };
    let text = format!(
        "{player}{rolled} must play {}: each of the {others} other {ways} loses this turn ({how}).",
        answer.text
    );
    // Where most other ways start a series that cannot be completed, the puzzle is the
    // order or the pieces that complete it: Poverty of the Flesh is its theme. On face
    // 6 the one way is the order of the exposure (Art. 8).
    let theme = match (article, analysis.face) {
        (Article::Art13_2, _) => Theme::PovertyOfTheFlesh,
        (_, Some(Face::Six)) => Theme::Exposure,
        _ => Theme::Survive,
    };
    Explained {
        theme,
        article,
        text,
    }
}

/// The theme of a winning answer: the victory when it is one of the rarer ones, else the face
/// (Sade); the rule the mating turn turns on (Marseillais).
fn winning_theme(analysis: &Analysis, answer: &Answer) -> (Theme, Article) {
    let (termination, article) = answer.end.unwrap_or((Termination::Checkmate, Article::M3));
    let Some(face) = analysis.face else {
        let shape = answer.shape;
        return if shape.castles {
            (Theme::Castling, Article::M5)
        } else if shape.en_passant {
            (Theme::EnPassant, Article::M4)
        } else if shape.second_checks_first {
            (Theme::CheckEndsTheTurn, Article::M2)
        } else {
            (Theme::MateInOneTurn, article)
        };
    };
    match termination {
        Termination::Nakedness => (Theme::Nakedness, article),
        Termination::SweetStalemate => (Theme::SweetStalemate, article),
        Termination::LibertinesMercy => (Theme::LibertinesMercy, article),
        Termination::PovertyOfTheFlesh => (Theme::PovertyOfTheFlesh, article),
        _ => match face {
            Face::Four => (Theme::Sacrifice, Article::Art6),
            Face::Five => (Theme::Resurrection, Article::Art7),
            Face::Six => (Theme::Exposure, Article::Art8),
            Face::One | Face::Two | Face::Three => (Theme::SacrificeAccomplished, article),
        },
    }
}

/// Why the winning `answer` wins, in one sentence a player reads after the attempt: the rule it
/// turns on, in the rule's own words.
fn why_it_wins(analysis: &Analysis, answer: &Answer, theme: Theme) -> String {
    let player = color_name(analysis.player);
    let line = &answer.text;
    match theme {
        Theme::CheckEndsTheTurn => match line.split_once(' ') {
            Some((first, second)) => format!(
                "{second} mates after {first}; played first, it would give check and end the \
                 turn at once (M2)."
            ),
            None => format!("{player} mates in one turn with {line} (M2)."),
        },
        Theme::Castling => {
            format!(
                "{player} mates in one turn with {line}: castling is one of the turn's moves (M5)."
            )
        }
        Theme::EnPassant => format!(
            "{player} mates in one turn with {line}: taking en passant is one of the turn's moves \
             (M4)."
        ),
        Theme::MateInOneTurn => {
            format!("{player} mates in one turn with {line}; no other turn mates (M3).")
        }
        _ => {
            let rolled = rolled(analysis);
            let how = answer.end.map_or_else(String::new, |(_, article)| {
                format!(" — {} ({})", lowercase_the(article.title()), article.cite())
            });
            // A stalemate a player does not see at once: a move that would give a check short
            // of mate is no move (R1, R7).
            let stalemate = if theme == Theme::SweetStalemate {
                ": not in check, and no move left that the rules allow (a move that would give a \
                 check short of mate is none)"
            } else {
                ""
            };
            format!("{player}{rolled} wins this turn with {line}{how}{stalemate}.")
        }
    }
}

/// A reply in a mate in two turns' explanation: a reply of one move is a check, which ended the
/// turn (M2; a one-move turn that ends the game otherwise would have escaped the mate), and the
/// explanation says so, as the moves carry no check signs.
fn reply_words(reply: &str) -> String {
    if reply.contains(' ') {
        reply.to_owned()
    } else {
        format!("{reply} (a check, which ends the turn at one move, M2)")
    }
}

/// " rolls 4 and" after the player's name (Sade), or nothing (Marseillais).
fn rolled(analysis: &Analysis) -> String {
    analysis
        .face
        .map_or_else(String::new, |f| format!(" rolls {f} and"))
}

/// A rule's title inside a sentence: "The Sweet Stalemate" as "the Sweet Stalemate".
fn lowercase_the(title: &str) -> String {
    match title.strip_prefix("The ") {
        Some(rest) => format!("the {rest}"),
        None => title.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use shakmaty::Color;

    use super::super::answers::Shape;
    use super::*;

    fn answer(text: &str, end: Option<(Termination, Article)>) -> Answer {
        Answer {
            text: text.to_owned(),
            orders: vec![text.to_owned()],
            outcome: if end.is_some() {
                Consequence::Loses
            } else {
                Consequence::GoesOn
            },
            end,
            shape: Shape::default(),
        }
    }

    fn survival(poor: usize, checks: usize) -> Explained {
        let mut answers = vec![answer("dxc7 h6 b7", None)];
        let poverty = (Termination::PovertyOfTheFlesh, Article::Art13_2);
        let check = (Termination::ForbiddenCheck, Article::Art4_1);
        answers.extend((0..poor).map(|i| answer(&format!("poor{i}"), Some(poverty))));
        answers.extend((0..checks).map(|i| answer(&format!("check{i}"), Some(check))));
        let analysis = Analysis {
            player: Color::Black,
            face: Some(Face::Three),
            ways: answers.len(),
            answers,
            line: None,
            search: None,
        };
        explain(&analysis, Question::Survive, &analysis.answers[0].clone())
    }

    #[test]
    fn a_survival_where_most_ways_are_left_stuck_turns_on_the_poverty_of_the_flesh() {
        let explained = survival(3, 2);
        assert_eq!(explained.theme, Theme::PovertyOfTheFlesh);
        assert_eq!(explained.article, Article::Art13_2);
        assert_eq!(
            explained.text,
            "Black rolls 3 and must play dxc7 h6 b7: each of the 5 other ways loses this turn \
             (3 by Poverty of the Flesh (Art. 13.2), 2 by a forbidden check (Art. 4.1))."
        );
        // Most lose by a check: the theme is to survive it (Art. 4.1).
        let explained = survival(2, 5);
        assert_eq!(explained.theme, Theme::Survive);
        assert_eq!(explained.article, Article::Art4_1);
    }
}
