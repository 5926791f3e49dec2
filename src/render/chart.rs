//! A game's analysis as the page draws it without its script: White's chance along the game
//! (an inline SVG, 0 to 100 %, one point per turn), a dot on each judged turn (inaccuracy
//! yellow, mistake orange, blunder red) that the page's script makes a link to the turn, in
//! Sade a luck bar per roll under it (up green: the roll helped its roller; down red), and each
//! player's summary in words.

use std::fmt::Write as _;

use super::model::GameView;
use super::review::{Judgement, Review};
use super::svg::escape;

/// The chart's measures, in its own units (the page scales it to its width).
const WIDTH: f64 = 520.0;
const LEFT: f64 = 40.0;
const RIGHT: f64 = 10.0;
const TOP: f64 = 10.0;
const CHANCE_HEIGHT: f64 = 130.0;
/// The luck strip's half height, under the chance chart (Sade only).
const LUCK_HALF: f64 = 22.0;
const LUCK_GAP: f64 = 16.0;

/// A dot's colour for each judgement.
pub fn judgement_colour(judgement: Judgement) -> &'static str {
    match judgement {
        Judgement::Inaccuracy => "#e6b800",
        Judgement::Mistake => "#f57c00",
        Judgement::Blunder => "#d50000",
    }
}

/// The key the page's address and script name a turn by: `12w`, `12b`.
pub fn turn_key(view: &GameView, index: usize) -> String {
    view.turns.get(index).map_or_else(String::new, |t| {
        let side = if t.side == shakmaty::Color::White {
            'w'
        } else {
            'b'
        };
        format!("{}{side}", t.label.trim_end_matches('.'))
    })
}

/// The x of the `k`-th point of `count` (point 0: the start).
fn x_of(k: usize, count: usize) -> f64 {
    LEFT + (WIDTH - LEFT - RIGHT) * k as f64 / count.max(1) as f64
}

fn y_of(chance: f64) -> f64 {
    TOP + CHANCE_HEIGHT * (1.0 - chance.clamp(0.0, 1.0))
}

/// The analysis block of one game: its chart and its players' summaries, hidden until the
/// page's script shows the game it belongs to.
pub fn review_block(view: &GameView, review: &Review) -> String {
    let mut out = format!(
        "<section class=\"review\" data-game=\"{}\" hidden>\n<h2>Analysis</h2>\n",
        view.number
    );
    out.push_str(&chart(view, review));
    out.push_str("<p class=\"words\" aria-live=\"polite\"></p>\n");
    out.push_str("<div class=\"players\">\n");
    for player in &review.players {
        let _ = write!(
            out,
            "<div class=\"player\"><h3>{}</h3>",
            escape(&player.name)
        );
        for line in &player.lines {
            let _ = write!(out, "<p>{}</p>", escape(line));
        }
        out.push_str("</div>\n");
    }
    out.push_str("</div>\n");
    for note in &review.notes {
        let _ = writeln!(out, "<p class=\"note\">{}</p>", escape(note));
    }
    let _ = writeln!(
        out,
        "<p class=\"engine\">Analysed by {}.</p>\n</section>",
        escape(&review.engine)
    );
    out
}

/// The chart: White's chance, the judged turns' dots, the luck strip in Sade.
fn chart(view: &GameView, review: &Review) -> String {
    let count = review.turns.len();
    let sade = review.turns.iter().any(|t| t.luck.is_some());
    let height = TOP
        + CHANCE_HEIGHT
        + if sade {
            LUCK_GAP + 2.0 * LUCK_HALF + 6.0
        } else {
            20.0
        };
    let mut svg = format!(
        "<svg class=\"chart\" viewBox=\"0 0 {WIDTH} {height}\" role=\"img\" \
         aria-label=\"White's chance along the game\">\n"
    );
    let bottom = TOP + CHANCE_HEIGHT;
    let _ = writeln!(
        svg,
        "<rect x=\"{LEFT}\" y=\"{TOP}\" width=\"{w}\" height=\"{CHANCE_HEIGHT}\" fill=\"#fff\" \
         stroke=\"#ccc\"/>",
        w = WIDTH - LEFT - RIGHT
    );
    for (chance, text) in [(1.0, "100%"), (0.5, "50%"), (0.0, "0%")] {
        let y = y_of(chance);
        let _ = writeln!(
            svg,
            "<line x1=\"{LEFT}\" y1=\"{y}\" x2=\"{x2}\" y2=\"{y}\" stroke=\"#ddd\"/>\
             <text x=\"{tx}\" y=\"{ty}\" font-size=\"11\" text-anchor=\"end\" fill=\"#666\">{text}</text>",
            x2 = WIDTH - RIGHT,
            tx = LEFT - 4.0,
            ty = y + 4.0
        );
    }
    // Each turn's band: a click anywhere in it goes to the turn (the script wires it).
    let band = (WIDTH - LEFT - RIGHT) / count.max(1) as f64;
    for (k, t) in review.turns.iter().enumerate() {
        let _ = writeln!(
            svg,
            "<rect class=\"band\" data-turn=\"{key}\" x=\"{x:.1}\" y=\"{TOP}\" width=\"{band:.1}\" \
             height=\"{h}\" fill=\"transparent\"/>",
            key = turn_key(view, t.index),
            x = x_of(k + 1, count) - band / 2.0,
            h = height - TOP
        );
    }
    let _ = writeln!(
        svg,
        "<line id=\"chart-now-{g}\" class=\"now\" x1=\"0\" y1=\"{TOP}\" x2=\"0\" y2=\"{bottom}\" \
         stroke=\"#1565c0\" stroke-width=\"2\" visibility=\"hidden\"/>",
        g = view.number
    );
    let mut points = Vec::with_capacity(count + 1);
    if let Some(first) = review.turns.first() {
        points.push(format!(
            "{:.1},{:.1}",
            x_of(0, count),
            y_of(first.white_before)
        ));
    }
    for (k, t) in review.turns.iter().enumerate() {
        points.push(format!(
            "{:.1},{:.1}",
            x_of(k + 1, count),
            y_of(t.white_after)
        ));
    }
    let _ = writeln!(
        svg,
        "<polyline class=\"chance\" points=\"{}\" fill=\"none\" stroke=\"#333\" stroke-width=\"2\" \
         stroke-linejoin=\"round\"/>",
        points.join(" ")
    );
    if sade {
        luck_strip(&mut svg, view, review, bottom + LUCK_GAP + LUCK_HALF, band);
    }
    for (k, t) in review.turns.iter().enumerate() {
        let Some(judgement) = t.judgement else {
            continue;
        };
        let _ = writeln!(
            svg,
            "<circle class=\"dot {name}\" data-turn=\"{key}\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"6\" \
             fill=\"{colour}\" stroke=\"#fff\" stroke-width=\"2\"><title>{words}</title></circle>",
            name = judgement.name(),
            key = turn_key(view, t.index),
            x = x_of(k + 1, count),
            y = y_of(t.white_after),
            colour = judgement_colour(judgement),
            words = escape(&t.words),
        );
    }
    svg.push_str("</svg>\n");
    svg
}

/// One bar a roll around the line `middle`: up and green when the roll helped its roller, down
/// and red when it hurt; its height the luck (a full half height: a swing of 50 %).
fn luck_strip(svg: &mut String, view: &GameView, review: &Review, middle: f64, band: f64) {
    let count = review.turns.len();
    let _ = writeln!(
        svg,
        "<text x=\"{x}\" y=\"{y}\" font-size=\"11\" text-anchor=\"end\" fill=\"#666\">luck</text>\
         <line x1=\"{LEFT}\" y1=\"{middle}\" x2=\"{x2}\" y2=\"{middle}\" stroke=\"#bbb\"/>",
        x = LEFT - 4.0,
        y = middle + 4.0,
        x2 = WIDTH - RIGHT
    );
    let width = (band * 0.7).clamp(1.0, 14.0);
    for (k, t) in review.turns.iter().enumerate() {
        let Some(luck) = t.luck else {
            continue;
        };
        let size = (luck.abs() * 2.0).min(1.0) * LUCK_HALF;
        let (y, colour) = if luck >= 0.0 {
            (middle - size, "#2e7d32")
        } else {
            (middle, "#c62828")
        };
        let _ = writeln!(
            svg,
            "<rect class=\"luck\" data-turn=\"{key}\" x=\"{x:.1}\" y=\"{y:.1}\" width=\"{width:.1}\" \
             height=\"{size:.1}\" fill=\"{colour}\"/>",
            key = turn_key(view, t.index),
            x = x_of(k + 1, count) - width / 2.0,
        );
    }
}
