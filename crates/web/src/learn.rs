//! Lessons: per game, a short text, a board diagram and exercises, all
//! from one data file (`data/lessons.json`), none of it code per lesson.
//! An exercise is a position and a goal ("capture at least 6", "feed
//! North"); the move a learner plays is played by the rules library and the
//! goal checked on what it did, with the move's explanation as feedback.
//! Nothing in the data names the right answer: a strategy exercise's goal,
//! "keep the result", is checked by the solver, which proves what every
//! move of the position keeps (win, draw or loss), and a wrong answer says
//! what it gives away.
//!
//! Pages: `/learn` (the games), `/learn/GAME` (its lessons, a stable index a
//! teacher can link), `/learn/GAME/LESSON` (one lesson; an answer is a
//! plain form, `?exercise=N&move=PIT`, so it works without a script). API:
//! `POST /api/learn/GAME/LESSON/N` with `{"move": "c"}`.

use crate::diagram::{self, Marks};
use crate::explain::{self, explanation, side_word};
use crate::html::{html, Markup};
use crate::i18n::Lang;
use crate::lessons::word;
pub use crate::lessons::{
    example_diagram, lesson, lessons_of, Diagram, Example, Exercise, Goal, Lesson, Lessons, Texts,
    LESSONS,
};
use crate::pages::{Page, PageLang};
use crate::Shared;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use mancala_puzzles::{keeping, Need, Prover};
use mancala_rules::{
    ruleset, Event, Game, Illegal, MoveReport, Pit, Position, Ruleset, Side, Wdl, RULESETS,
};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex, OnceLock};

/// The most positions the solver searches for one move of a strategy
/// exercise: a node budget, not a time limit, so a proof succeeds or fails
/// the same way on every machine (the tests prove every exercise with it).
pub const PROOF_NODES: u64 = 2_000_000;

/// What the solver proved of a move of a `keeps_result` exercise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Proof {
    /// The best result the position holds for the mover.
    pub best: Wdl,
    /// The result the move played keeps.
    pub got: Wdl,
}

/// An answer checked.
#[derive(Clone, Debug)]
pub enum Verdict {
    /// The move cannot be played here (with the library's reason).
    Illegal(Illegal),
    /// Played: whether it meets the goal, and what it did; for a
    /// `keeps_result` exercise, what the solver proved.
    Played { right: bool, report: MoveReport, proof: Option<Proof> },
    /// The solver could not prove the position within its budget (a bug in
    /// the data: the tests prove every exercise).
    Unproven,
}

/// The proven result of each legal move of `pos` for the player to move,
/// or `None` where the budget ran out. Proven once per ruleset and
/// position, then kept (the exercises are few and fixed); a second asker
/// of a position being proven waits for that proof.
pub fn proven_results(ruleset: &Ruleset, pos: &Position) -> Option<Arc<Vec<(Pit, Wdl)>>> {
    type Proofs = HashMap<(&'static str, String), Arc<OnceLock<Option<Arc<Vec<(Pit, Wdl)>>>>>>;
    static PROOFS: LazyLock<Mutex<Proofs>> = LazyLock::new(Mutex::default);
    let key = (ruleset.id, pos.to_setup().to_string());
    let cell = {
        let mut proofs = PROOFS.lock().unwrap_or_else(|e| e.into_inner());
        Arc::clone(proofs.entry(key).or_default())
    };
    cell.get_or_init(|| {
        let game = Game::from_position(ruleset.rules, *pos);
        let mut prover = Prover::new(ruleset.rules, None, PROOF_NODES);
        let values = prover.move_values(&game, Need::Result)?;
        let keep = keeping(&values, Need::Result);
        let best = values.iter().map(|&(_, s)| s.result()).max()?;
        Some(Arc::new(
            values
                .iter()
                .map(|&(p, s)| (p, if keep.contains(&p) { best } else { s.result() }))
                .collect(),
        ))
    })
    .clone()
}

/// Plays `pit` in `pos` and checks the goal on what it did. A
/// `keeps_result` goal runs the solver: call it off the async runtime
/// (see [`check_blocking`]).
pub fn check(ruleset: &Ruleset, pos: &Position, goal: &Goal, pit: Pit) -> Verdict {
    let rules = ruleset.rules;
    let mut game = Game::from_position(rules, *pos);
    let report = match game.play_reported(pit) {
        Ok(report) => report,
        Err(e) => return Verdict::Illegal(e.reason),
    };
    if *goal == Goal::KeepsResult {
        let Some(results) = proven_results(ruleset, pos) else { return Verdict::Unproven };
        let best = results.iter().map(|&(_, r)| r).max();
        let got = results.iter().find(|&&(p, _)| p == pit).map(|&(_, r)| r);
        let (Some(best), Some(got)) = (best, got) else { return Verdict::Unproven };
        return Verdict::Played { right: got == best, report, proof: Some(Proof { best, got }) };
    }
    let mover = report.mover;
    let after = &report.after;
    let gained = after.captured()[mover] as u32 - report.before.captured()[mover] as u32;
    let won = after.outcome().is_some_and(|_| rules.winner_of(after) == Some(mover));
    let right = match goal {
        Goal::LastIn(letter) => {
            let last = report.events.iter().rev().find_map(|e| match *e {
                Event::Drop { pit } => Some(pit),
                _ => None,
            });
            last.is_some_and(|p| p.letter(&rules).to_string() == *letter)
        }
        Goal::CaptureAtLeast(n) => gained >= *n,
        Goal::Feeds => after.row_seeds(!mover) > 0,
        Goal::GrandSlam => report.events.iter().any(|e| matches!(e, Event::GrandSlam { .. })),
        Goal::Wins => won,
        Goal::NotLost => !(after.is_over() && rules.winner_of(after) == Some(!mover)),
        Goal::Relays(n) => {
            report.events.iter().filter(|e| matches!(e, Event::Relay { .. })).count() as u32 >= *n
        }
        Goal::FourOnTheWay => {
            let last_drop = report.events.iter().rposition(|e| matches!(e, Event::Drop { .. }));
            report.events.iter().enumerate().any(|(i, e)| {
                matches!(e, Event::Capture { seeds: 4, .. }) && last_drop.is_some_and(|l| i < l)
            })
        }
        Goal::ExtraTurn => report.events.iter().any(|e| matches!(e, Event::ExtraTurn { .. })),
        Goal::KeepsResult => unreachable!("checked above"),
    };
    Verdict::Played { right, report, proof: None }
}

/// [`check`] for a handler: a goal the solver checks runs on a blocking
/// thread, so a proof never holds up the async runtime.
pub async fn check_blocking(
    ruleset: &'static Ruleset,
    pos: Position,
    goal: &Goal,
    pit: Pit,
) -> Verdict {
    if *goal != Goal::KeepsResult {
        return check(ruleset, &pos, goal, pit);
    }
    let goal = goal.clone();
    tokio::task::spawn_blocking(move || check(ruleset, &pos, &goal, pit))
        .await
        .unwrap_or(Verdict::Unproven)
}

/// What the solver's proof says of a move, in one language: the result it
/// keeps, or the one it gives away ("this move turns a win into a draw").
pub fn proof_text(lang: Lang, proof: Proof) -> &'static str {
    let (best, got) = (result_name(proof.best), result_name(proof.got));
    if proof.got >= proof.best {
        word(lang, &format!("learn.keeps.{best}"))
    } else {
        word(lang, &format!("learn.loses.{best}-{got}"))
    }
}

/// The pits a learner may try: every non-empty pit of the mover's row.
pub fn answers(ruleset: &Ruleset, pos: &Position) -> Vec<Pit> {
    let rules = ruleset.rules;
    let n = rules.pits_per_row;
    let first = if pos.to_move() == Side::South { 0 } else { n };
    (first..first + n).map(Pit).filter(|&p| pos.seeds(p) > 0).collect()
}

/// The exercise's position (the data is checked by a test; a bad one here
/// is a bug).
pub fn position_of(ruleset: &Ruleset, text: &str) -> Result<Position, String> {
    ruleset.rules.parse_position(text).map_err(|e| e.to_string())
}

pub(crate) async fn index(PageLang { lang, remember }: PageLang) -> Page {
    let body = html! {
        h1 { (word(lang, "learn.title")) }
        p.lead { (word(lang, "learn.intro")) }
        ul.lesson-games {
            @for r in RULESETS {
                @let count = lessons_of(r.id).count().to_string();
                li {
                    a href={ "/learn/" (r.id) } { (crate::i18n::game_name(lang, &r)) }
                    " "
                    span.note { "(" (word(lang, "learn.count").replace("{n}", &count)) ")" }
                }
            }
        }
        (crate::pages::teachers_link(lang))
    };
    Page::new(lang, remember, word(lang, "learn.title"), body)
}

pub(crate) async fn game_index(
    Path(game): Path<String>,
    PageLang { lang, remember }: PageLang,
) -> Page {
    let Ok(ruleset) = ruleset(&game) else { return crate::pages::not_found(lang, remember) };
    let body = html! {
        p { a href="/learn" { (word(lang, "learn.title")) } }
        h1 { (word(lang, "learn.title")) ": " (crate::i18n::game_name(lang, ruleset)) }
        ol.lessons {
            @for l in lessons_of(ruleset.id) {
                @let count = l.exercises.len().to_string();
                li {
                    a href={ "/learn/" (ruleset.id) "/" (l.id) } { (l.title.get(lang)) }
                    " "
                    span.note { "(" (word(lang, "learn.exercises").replace("{n}", &count)) ")" }
                }
            }
        }
        p {
            a href={ "/games/" (ruleset.id) } { (word(lang, "learn.rules")) }
            " · "
            a href={ "/analysis?game=" (ruleset.id) } { (word(lang, "analysis.title")) }
        }
    };
    let name = crate::i18n::game_name(lang, ruleset);
    Page::new(lang, remember, &format!("{}: {}", word(lang, "learn.title"), name), body)
}

#[derive(Deserialize, Default)]
pub struct AnswerQuery {
    exercise: Option<usize>,
    #[serde(rename = "move")]
    pit: Option<String>,
}

/// The feedback on an answer, as HTML.
fn feedback_html(
    lang: Lang,
    ruleset: &Ruleset,
    exercise: &Exercise,
    verdict: &Verdict,
    letter: &str,
) -> Markup {
    match verdict {
        Verdict::Unproven => html! { p.verdict.wrong { (word(lang, "learn.unproven")) } },
        Verdict::Illegal(reason) => {
            let why =
                word(lang, &format!("illegal.{}", illegal_key(*reason))).replace("{pit}", letter);
            html! { p.verdict.wrong { strong { (word(lang, "learn.wrong")) } " " (why) } }
        }
        Verdict::Played { right, report, proof } => {
            let marks = Marks::of_events(&report.events);
            let class = if *right { "verdict right" } else { "verdict wrong" };
            let said = word(lang, if *right { "learn.right" } else { "learn.wrong" });
            html! {
                p class=(class) { strong { (said) } " " (explanation(lang, ruleset, report)) }
                @if let Some(proof) = proof {
                    p.proof {
                        (proof_text(lang, *proof))
                        @if let (false, Some(why)) = (*right, &exercise.why) {
                            " " span.why { (why.get(lang)) }
                        }
                    }
                }
                (diagram::html(lang, &ruleset.rules, &report.after, &marks, report.mover))
            }
        }
    }
}

fn illegal_key(reason: Illegal) -> &'static str {
    match reason {
        Illegal::GameOver => "over",
        Illegal::NotYourPit => "not-yours",
        Illegal::EmptyPit => "empty",
        Illegal::MustFeed => "must-feed",
        Illegal::Endless => "endless",
    }
}

/// Keeps, for a signed-in player, an exercise answered right (0: a lesson
/// without exercises read), so that their lessons done are known on every
/// device and to their teacher. A guest's progress is not kept; a store
/// that fails here costs the player nothing but the record.
async fn record_answer(
    state: &Shared,
    headers: &HeaderMap,
    ruleset: &'static str,
    lesson: &str,
    exercise: usize,
) {
    let Ok(Some(player)) = crate::api::signed_in_player(state, headers).await else { return };
    let lesson = lesson.to_string();
    let at = state.time.now_secs();
    let stored = crate::api::blocking(state, move |s| {
        s.record_answer(&player.id, ruleset, &lesson, exercise as i64, at)
    })
    .await;
    if let Err(e) = stored {
        tracing::warn!("an answer was not recorded: {e}");
    }
}

pub(crate) async fn lesson_page(
    State(state): State<Shared>,
    Path((game, id)): Path<(String, String)>,
    Query(q): Query<AnswerQuery>,
    headers: HeaderMap,
    PageLang { lang, remember }: PageLang,
) -> Page {
    let Ok(ruleset) = ruleset(&game) else { return crate::pages::not_found(lang, remember) };
    let Some(lesson) = lesson(ruleset.id, &id) else {
        return crate::pages::not_found(lang, remember);
    };
    let page = LessonPage { lang, ruleset, lesson };
    // The exercises first: checking an answer may wait on the solver and
    // records a right one.
    let mut exercises = Vec::new();
    for (n, exercise) in lesson.exercises.iter().enumerate() {
        let number = n + 1;
        let Ok(pos) = position_of(ruleset, &exercise.position) else { continue };
        let feedback = match (q.exercise, q.pit.as_deref()) {
            (Some(asked), Some(letter)) if asked == number => {
                let (feedback, right) = page.feedback(exercise, pos, letter).await;
                if right {
                    record_answer(&state, &headers, ruleset.id, &lesson.id, number).await;
                }
                Some(feedback)
            }
            _ => None,
        };
        exercises.push(page.exercise(exercise, number, &pos, feedback));
    }
    if lesson.exercises.is_empty() {
        record_answer(&state, &headers, ruleset.id, &lesson.id, 0).await;
    }
    let title = format!("{} · {}", lesson.title.get(lang), crate::i18n::game_name(lang, ruleset));
    Page::new(lang, remember, &title, page.body(exercises))
}

/// A lesson's page in one language, built one section at a time.
struct LessonPage {
    lang: Lang,
    ruleset: &'static Ruleset,
    lesson: &'static Lesson,
}

impl LessonPage {
    /// The feedback on the answer `letter` to an exercise set at `pos`, and
    /// whether the answer is right.
    async fn feedback(&self, exercise: &Exercise, pos: Position, letter: &str) -> (Markup, bool) {
        let lang = self.lang;
        let Ok(pit) = Pit::parse(letter, &self.ruleset.rules) else {
            return (html! { p.verdict.wrong { (word(lang, "learn.bad-pit")) } }, false);
        };
        let verdict = check_blocking(self.ruleset, pos, &exercise.goal, pit).await;
        let right = matches!(verdict, Verdict::Played { right: true, .. });
        (feedback_html(lang, self.ruleset, exercise, &verdict, letter), right)
    }

    /// Exercise `number`: its prompt, diagram and answer buttons, and the
    /// feedback on an answer given.
    fn exercise(
        &self,
        exercise: &Exercise,
        number: usize,
        pos: &Position,
        feedback: Option<Markup>,
    ) -> Markup {
        let (lang, ruleset, rules) = (self.lang, self.ruleset, &self.ruleset.rules);
        html! {
            section.exercise #{ "ex-" (number) } {
                h2 { (word(lang, "learn.exercise").replace("{n}", &number.to_string())) }
                p.prompt { (exercise.prompt.get(lang)) }
                (diagram::html(lang, rules, pos, &Marks::default(), pos.to_move()))
                form method="get" action={ "/learn/" (ruleset.id) "/" (self.lesson.id) "#ex-" (number) }
                    class="answers" {
                    input type="hidden" name="exercise" value=(number);
                    input type="hidden" name="lang" value=(lang.code());
                    p {
                        (word(lang, "learn.play").replace("{side}", side_word(lang, pos.to_move())))
                        " "
                        @for pit in answers(ruleset, pos) {
                            @let letter = pit.letter(rules);
                            button.button.answer name="move" value=(letter) { (letter) }
                            " "
                        }
                    }
                }
                div.feedback role="status" {
                    @if let Some(feedback) = feedback { (feedback) }
                }
            }
        }
    }

    /// The whole page: the way back, the text, the diagram, the exercises
    /// and the next lesson.
    fn body(&self, exercises: Vec<Markup>) -> Markup {
        let (lang, ruleset, lesson) = (self.lang, self.ruleset, self.lesson);
        let others: Vec<&Lesson> = lessons_of(ruleset.id).collect();
        let next = others.iter().position(|l| l.id == lesson.id).and_then(|i| others.get(i + 1));
        html! {
            p {
                a href={ "/learn/" (ruleset.id) } {
                    (word(lang, "learn.title")) ": " (crate::i18n::game_name(lang, ruleset))
                }
            }
            h1 { (lesson.title.get(lang)) }
            @for paragraph in &lesson.text {
                p { (paragraph.get(lang)) }
            }
            (self.diagram())
            @for exercise in exercises {
                (exercise)
            }
            @if let Some(next) = next {
                p {
                    a.button href={ "/learn/" (ruleset.id) "/" (next.id) } {
                        (word(lang, "learn.next")) ": " (next.title.get(lang))
                    }
                }
            }
        }
    }

    /// The lesson's diagram, and where it shows a move, the move's
    /// explanation and the board after it.
    fn diagram(&self) -> Markup {
        let (lang, ruleset, rules) = (self.lang, self.ruleset, self.ruleset.rules);
        let shown = &self.lesson.diagram;
        html! {
            @if let Ok(pos) = position_of(ruleset, &shown.position) {
                figure.lesson-diagram {
                    (diagram::html(lang, &rules, &pos, &Marks::default(), pos.to_move()))
                    @let played = shown.pit.as_deref().map(|l| Pit::parse(l, &rules));
                    @if let Some(Ok(pit)) = played {
                        @if let Ok(report) = Game::from_position(rules, pos).play_reported(pit) {
                            figcaption { (explanation(lang, ruleset, &report)) }
                            (diagram::html(
                                lang,
                                &rules,
                                &report.after,
                                &Marks::of_events(&report.events),
                                report.mover
                            ))
                        }
                    }
                }
            }
        }
    }
}

#[derive(Deserialize)]
pub struct AnswerBody {
    #[serde(rename = "move")]
    pit: String,
}

/// The answer to an exercise: whether it is right, and the move's
/// explanation in every language.
#[derive(Serialize)]
struct Checked {
    right: bool,
    legal: bool,
    /// The position after the move (notation), when it was legal.
    position: Option<String>,
    explanation: serde_json::Value,
    /// A `keeps_result` exercise: the results the solver proved (`best`,
    /// the position's; `played`, the move's: "win", "draw" or "loss"), and
    /// in every language what the move keeps or gives away (`text`) and,
    /// for a wrong move, the exercise's word on why (`why`).
    #[serde(skip_serializing_if = "Option::is_none")]
    proof: Option<serde_json::Value>,
}

fn result_name(r: Wdl) -> &'static str {
    match r {
        Wdl::Win => "win",
        Wdl::Draw => "draw",
        Wdl::Loss => "loss",
    }
}

fn texts_json(text: impl Fn(Lang) -> String) -> serde_json::Value {
    serde_json::json!({"en": text(Lang::En), "vi": text(Lang::Vi), "nl": text(Lang::Nl)})
}

pub(crate) async fn answer(
    State(state): State<Shared>,
    headers: HeaderMap,
    Path((game, id, number)): Path<(String, String, String)>,
    crate::api::JsonBody(body): crate::api::JsonBody<AnswerBody>,
) -> Response {
    let not_found =
        |what: String| crate::api::error(StatusCode::NOT_FOUND, "not_found", what).into_response();
    let Ok(ruleset) = ruleset(&game) else { return not_found(format!("no game '{game}'")) };
    let Some(lesson) = lesson(ruleset.id, &id) else {
        return not_found(format!("no lesson '{id}' for {}", ruleset.id));
    };
    let n = number.parse::<usize>().unwrap_or(0);
    let exercise = n.checked_sub(1).and_then(|i| lesson.exercises.get(i));
    let Some(exercise) = exercise else {
        return not_found(format!(
            "no exercise '{number}' in this lesson: it has exercises 1 to {}",
            lesson.exercises.len()
        ));
    };
    let rules = ruleset.rules;
    let pit = match Pit::parse(&body.pit, &rules) {
        Ok(pit) => pit,
        Err(e) => {
            return crate::api::error(StatusCode::BAD_REQUEST, "bad_move", e.to_string())
                .into_response()
        }
    };
    let pos = match position_of(ruleset, &exercise.position) {
        Ok(pos) => pos,
        Err(e) => return crate::api::internal(e).into_response(),
    };
    let checked = match check_blocking(ruleset, pos, &exercise.goal, pit).await {
        Verdict::Unproven => {
            return crate::api::internal("the solver could not prove this exercise").into_response()
        }
        Verdict::Illegal(reason) => {
            let text = |lang| {
                word(lang, &format!("illegal.{}", illegal_key(reason))).replace("{pit}", &body.pit)
            };
            Checked {
                right: false,
                legal: false,
                position: None,
                explanation: texts_json(text),
                proof: None,
            }
        }
        Verdict::Played { right, report, proof } => {
            if right {
                record_answer(&state, &headers, ruleset.id, &lesson.id, n).await;
            }
            Checked {
                right,
                legal: true,
                position: Some(report.after.to_setup().to_string()),
                explanation: explain::explanations(ruleset, &report),
                proof: proof.map(|proof| {
                    let why = exercise.why.as_ref().filter(|_| !right);
                    serde_json::json!({
                        "best": result_name(proof.best),
                        "played": result_name(proof.got),
                        "text": texts_json(|lang| proof_text(lang, proof).to_string()),
                        "why": why.map(|w| texts_json(|lang| w.get(lang).to_string())),
                    })
                }),
            }
        }
    };
    Json(checked).into_response()
}

/// Every word of these pages has its three languages (for the tests).
pub fn words() -> impl Iterator<Item = (&'static str, &'static Texts)> {
    LESSONS.words.iter().map(|(k, v)| (k.as_str(), v))
}
