//! What each Article, ruling or law the course cites says, in its own words
//! (`course/articles.json`): shown where a lesson or a judgement cites it.

use serde::Deserialize;

use super::lesson::LessonError;
use crate::rules::Article;

/// An Article's own words, and where they come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wording {
    pub article: Article,
    /// Where the words stand: `Article 12.1 (Section IV)`, `Ruling R4`.
    pub source: String,
    pub words: String,
    /// `false` where the words are a paraphrase (a law the project holds no copy of).
    pub quoted: bool,
}

/// The name of the file, beside the games' folders.
pub const ARTICLES_FILE: &str = "articles.json";

/// Reads `articles.json`.
///
/// # Errors
/// A [`LessonError`] named after the file, with the citation at fault.
pub fn wordings_from_json(text: &str) -> Result<Vec<Wording>, LessonError> {
    let error = |message: String| LessonError {
        lesson: "articles".to_owned(),
        message,
    };
    let raw: RawArticles = serde_json::from_str(text)
        .map_err(|e| error(format!("line {}, column {}: {e}", e.line(), e.column())))?;
    let mut out: Vec<Wording> = Vec::new();
    for a in raw.articles {
        let article = Article::from_cite(&a.cite)
            .ok_or_else(|| error(format!("`{}` is not an Article the referee cites", a.cite)))?;
        if out.iter().any(|w| w.article == article) {
            return Err(error(format!("{}: a second wording", a.cite)));
        }
        if a.words.trim().is_empty() || a.source.trim().is_empty() {
            return Err(error(format!("{}: the words and their source", a.cite)));
        }
        out.push(Wording {
            article,
            source: a.source,
            words: a.words,
            quoted: a.quoted,
        });
    }
    Ok(out)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawArticles {
    articles: Vec<RawWording>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawWording {
    cite: String,
    source: String,
    words: String,
    quoted: bool,
}
