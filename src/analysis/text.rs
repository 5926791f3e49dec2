//! An analysis in words, a line a turn, then each player's summary.

use std::fmt::Write;

use super::model::{Analysis, Player, TurnAnalysis};

/// The analysis as text: `12... 3: Nf6 Bb4 Qd2  48% → 41%  best Nc6 (47%)  mistake  luck −0.04`.
pub fn to_text(analysis: &Analysis) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} · {} · {} · result {}",
        analysis.variant, analysis.engine.name, analysis.engine.budget, analysis.result
    );
    for t in &analysis.turns {
        out.push_str(&line(t));
        out.push('\n');
    }
    for note in &analysis.notes {
        let _ = writeln!(out, "note: {note}");
    }
    let _ = writeln!(out, "White: {}", summary(&analysis.players.white));
    let _ = writeln!(out, "Black: {}", summary(&analysis.players.black));
    out.push('\n');
    out
}

/// A chance as a whole percentage: `41%`.
pub(super) fn percent(x: f64) -> String {
    format!("{:.0}%", 100.0 * x)
}

fn line(t: &TurnAnalysis) -> String {
    let number = if t.side == "white" {
        format!("{}.", t.turn)
    } else {
        format!("{}...", t.turn)
    };
    let face = t.face.map_or(String::new(), |f| format!("{f}: "));
    let played = if t.played.is_empty() {
        "--".to_owned()
    } else {
        t.played.join(" ")
    };
    let mut s = format!(
        "{number} {face}{played}  {} → {}",
        percent(t.before),
        percent(t.after)
    );
    if t.forced {
        s.push_str("  forced");
    } else if let Some(best) = t.best.first()
        && best.actions != t.played
    {
        let _ = write!(
            s,
            "  best {} ({})",
            best.actions.join(" "),
            percent(best.chance)
        );
    }
    if let Some(j) = t.judgement {
        let _ = write!(s, "  {}", j.name());
    }
    if let Some(luck) = t.luck {
        let _ = write!(s, "  luck {luck:+.2}");
    }
    s
}

fn summary(p: &Player) -> String {
    let mut s = match p.accuracy {
        Some(a) => format!("accuracy {a:.0}"),
        None => "accuracy –".to_owned(),
    };
    let _ = write!(
        s,
        ", {} inaccuracies, {} mistakes, {} blunders",
        p.inaccuracies, p.mistakes, p.blunders
    );
    if let Some(luck) = p.luck {
        let _ = write!(s, ", luck {luck:+.2}");
    }
    if let (Some(result), Some(adjusted)) = (p.result, p.luck_adjusted) {
        let _ = write!(s, ", result {result} (luck-adjusted {adjusted:+.2})");
    }
    s
}
