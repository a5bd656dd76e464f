//! The lessons' data (`data/lessons.json`, embedded): per game, texts, a
//! diagram and exercises; the interface words of the lesson pages and the
//! analysis board; the rules pages' worked examples. Read by the lesson
//! pages (`learn`), the rules pages, the analysis board and the classes'
//! progress, none of which needs another's handlers for it.

use crate::diagram::{self, Marks};
use crate::explain::explanation;
use crate::html::{html, Markup};
use crate::i18n::Lang;
use mancala_rules::{ruleset, Game, Pit};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::sync::LazyLock;

/// A text in the three languages.
#[derive(Clone, Debug, Deserialize)]
pub struct Texts {
    pub en: String,
    pub vi: String,
    pub nl: String,
}

impl Texts {
    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::En => &self.en,
            Lang::Vi => &self.vi,
            Lang::Nl => &self.nl,
        }
    }
}

/// What an exercise asks of the move played. Checked on the move's own
/// report, so the data never names the answer.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Goal {
    /// The last seed sown (of the last lap) lands in this pit.
    LastIn(String),
    /// The mover's store grows by at least this many seeds.
    CaptureAtLeast(u32),
    /// Afterwards the opponent has seeds in their row.
    Feeds,
    /// The move takes every seed of the opponent's row (and keeps them).
    GrandSlam,
    /// The move ends the game, won by the mover.
    Wins,
    /// The move does not end the game lost.
    NotLost,
    /// At least this many relays (Anywoli: laps after the first).
    Relays(u32),
    /// A four is taken in the middle of the sowing, before its last seed.
    FourOnTheWay,
    /// The mover moves again.
    ExtraTurn,
    /// The move keeps the best result of the position (win, draw or loss
    /// for the mover), proven by the solver within [`PROOF_NODES`].
    KeepsResult,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Diagram {
    pub position: String,
    /// A move shown played from the position, with its explanation.
    #[serde(rename = "move")]
    pub pit: Option<String>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Exercise {
    pub position: String,
    pub goal: Goal,
    pub prompt: Texts,
    /// What a wrong answer gives away, in strategic terms (shown with the
    /// solver's verdict on a wrong move of a `keeps_result` exercise).
    #[serde(default)]
    pub why: Option<Texts>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Lesson {
    pub id: String,
    /// The rulesets it is for, in which every position and goal holds.
    pub rulesets: Vec<String>,
    pub title: Texts,
    pub text: Vec<Texts>,
    pub diagram: Diagram,
    pub exercises: Vec<Exercise>,
}

#[derive(Debug, Deserialize)]
pub struct Lessons {
    pub lessons: Vec<Lesson>,
    /// Interface words of these pages and of the analysis board.
    pub words: std::collections::BTreeMap<String, Texts>,
    /// The rules pages' worked examples that get a diagram.
    pub examples: Vec<Example>,
}

/// A worked example of a rules page: the item of the page (for `ruleset`)
/// whose English text starts with `starts` gets the diagram of `move`
/// played from `position`, before and after.
#[derive(Debug, Deserialize)]
pub struct Example {
    pub ruleset: String,
    pub starts: String,
    pub position: String,
    #[serde(rename = "move")]
    pub pit: String,
}

/// The diagram of a rules page's item, if it is a worked example: the
/// board before and after the move, with the move's explanation.
pub fn example_diagram(lang: Lang, ruleset_id: &str, english: &str) -> Option<Markup> {
    let text = english.strip_prefix("- ").unwrap_or(english);
    let example =
        LESSONS.examples.iter().find(|e| e.ruleset == ruleset_id && text.starts_with(&e.starts))?;
    let ruleset = ruleset(ruleset_id).ok()?;
    let rules = ruleset.rules;
    let pos = rules.parse_position(&example.position).ok()?;
    let pit = Pit::parse(&example.pit, &rules).ok()?;
    let report = Game::from_position(rules, pos).play_reported(pit).ok()?;
    let from = Marks { from: Some(pit), ..Marks::default() };
    let sown = Marks::of_events(&report.events);
    Some(html! {
        figure.example-diagram {
            (diagram::html(lang, &rules, &pos, &from, report.mover))
            (diagram::html(lang, &rules, &report.after, &sown, report.mover))
            figcaption { (explanation(lang, ruleset, &report)) }
        }
    })
}

/// The lessons, read once from the data file embedded in the binary (a
/// test reads every lesson, so a broken file cannot ship).
pub static LESSONS: LazyLock<Lessons> = LazyLock::new(|| {
    serde_json::from_str(include_str!("../data/lessons.json"))
        .unwrap_or_else(|e| panic!("data/lessons.json: {e}"))
});

pub(crate) fn word(lang: Lang, key: &str) -> &'static str {
    LESSONS.words.get(key).map_or("", |t| t.get(lang))
}

/// The lessons of a ruleset, in order.
pub fn lessons_of(ruleset_id: &str) -> impl Iterator<Item = &'static Lesson> + '_ {
    LESSONS.lessons.iter().filter(move |l| l.rulesets.iter().any(|r| r == ruleset_id))
}

pub fn lesson(ruleset_id: &str, id: &str) -> Option<&'static Lesson> {
    lessons_of(ruleset_id).find(|l| l.id == id)
}

/// The lessons an account has done: every exercise of a lesson answered
/// right (a lesson without exercises: read), counted once a game.
pub fn lessons_done(answers: &[(String, String, i64)]) -> u32 {
    let answered: HashSet<(&str, &str, i64)> =
        answers.iter().map(|(r, l, e)| (r.as_str(), l.as_str(), *e)).collect();
    let mut done = 0;
    for lesson in &LESSONS.lessons {
        for ruleset in &lesson.rulesets {
            let n = lesson.exercises.len() as i64;
            let complete = if n == 0 {
                answered.contains(&(ruleset.as_str(), lesson.id.as_str(), 0))
            } else {
                (1..=n).all(|e| answered.contains(&(ruleset.as_str(), lesson.id.as_str(), e)))
            };
            done += u32::from(complete);
        }
    }
    done
}
