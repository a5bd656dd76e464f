//! Interface text in English, Vietnamese and Dutch. Every key has all three
//! (a test checks it, and that no Vietnamese or Dutch text is left equal to
//! the English one, proper names aside). Templates use `{name}` holes.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    En,
    Vi,
    Nl,
}

impl Lang {
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Vi, Lang::Nl];

    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Vi => "vi",
            Lang::Nl => "nl",
        }
    }

    /// The language's own name, as shown in the language switch.
    pub fn own_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Vi => "Tiếng Việt",
            Lang::Nl => "Nederlands",
        }
    }

    pub fn from_code(code: &str) -> Option<Lang> {
        let code = code.trim().to_ascii_lowercase();
        let primary = code.split(['-', '_']).next().unwrap_or("");
        Lang::ALL.into_iter().find(|l| l.code() == primary)
    }

    /// The best language for an `Accept-Language` header (English if none
    /// of ours is named).
    pub fn negotiate(header: &str) -> Lang {
        let mut best: Option<(f32, Lang)> = None;
        for item in header.split(',') {
            let mut parts = item.split(';');
            let tag = parts.next().unwrap_or("").trim();
            let q = parts
                .find_map(|p| p.trim().strip_prefix("q=").and_then(|q| q.parse::<f32>().ok()))
                .unwrap_or(1.0);
            // q=0 means "not this one".
            if let (Some(lang), true) = (Lang::from_code(tag), q > 0.0) {
                if best.is_none_or(|(bq, _)| q > bq) {
                    best = Some((q, lang));
                }
            }
        }
        best.map_or(Lang::En, |(_, l)| l)
    }

    /// The language's place in a `[en, vi, nl]` text.
    pub fn index(self) -> usize {
        self as usize
    }
}

pub mod classes;
pub mod compositions;
pub mod diagram;
pub mod puzzles;
pub mod tournaments;

/// A part of the text table: keys and their texts, `[en, vi, nl]`.
pub type Texts = &'static [(&'static str, [&'static str; 3])];

/// The one text table, in parts by namespace: the interface's common texts
/// and the rules pages' section titles (namespace `""`, read by [`t`]), and
/// each feature's own (read by [`text`] with its namespace), so that a
/// feature's `err.name_taken` can say what its own form needs. A key is
/// unique within its namespace (a test checks it, and that every key has
/// its three languages and every key the code asks for exists).
pub const TABLE: &[(&str, Texts)] = &[
    ("", TEXTS),
    ("", mancala_content::SECTION_TITLES),
    ("classes", classes::TEXTS),
    ("compositions", compositions::TEXTS),
    ("diagram", diagram::TEXTS),
    ("puzzles", puzzles::TEXTS),
    ("tournaments", tournaments::TEXTS),
];

/// [`TABLE`] indexed by namespace and key, built once.
static INDEX: std::sync::LazyLock<
    std::collections::HashMap<(&'static str, &'static str), &'static [&'static str; 3]>,
> = std::sync::LazyLock::new(|| {
    TABLE
        .iter()
        .flat_map(|(space, texts)| texts.iter().map(move |(key, t)| ((*space, *key), t)))
        .collect()
});

/// The text of `key` in namespace `space`, in `lang`; `None` if there is
/// none.
pub fn lookup(lang: Lang, space: &str, key: &str) -> Option<&'static str> {
    INDEX.get(&(space, key)).map(|texts| texts[lang.index()])
}

/// The text of `key` in namespace `space`, in `lang`. A key that is not
/// in the table (a test makes sure the code asks for none) shows as
/// itself, and is logged, rather than as nothing.
pub fn text(lang: Lang, space: &str, key: &str) -> &'static str {
    lookup(lang, space, key).unwrap_or_else(|| missing(space, key))
}

/// A missing key as its own text: logged and kept once (the keys the code
/// asks for are finite), so that it is found, not shown as nothing.
#[cold]
fn missing(space: &str, key: &str) -> &'static str {
    static SHOWN: std::sync::Mutex<std::collections::BTreeSet<&'static str>> =
        std::sync::Mutex::new(std::collections::BTreeSet::new());
    let mut shown = SHOWN.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(known) = shown.get(key) {
        return known;
    }
    tracing::warn!(space, key, "no such text");
    let leaked: &'static str = Box::leak(key.to_string().into_boxed_str());
    shown.insert(leaked);
    leaked
}

/// The text of a common `key` in `lang` (namespace `""`); the rules pages'
/// section titles (`sec.*`) come from [`mancala_content::SECTION_TITLES`],
/// with the pages themselves.
pub fn t(lang: Lang, key: &str) -> &'static str {
    text(lang, "", key)
}

/// A namespace's keys and texts in `lang`, for a page's script.
pub fn entries(lang: Lang, space: &str) -> impl Iterator<Item = (&'static str, &'static str)> + '_ {
    TABLE
        .iter()
        .filter(move |(s, _)| *s == space)
        .flat_map(|(_, texts)| texts.iter())
        .map(move |(key, t)| (*key, t[lang.index()]))
}

/// A game's name in `lang`: the ruleset's own, which is a proper name,
/// except where the name says something in English ("Anywoli (by lot)"):
/// then its `game.ID` text.
pub fn game_name(lang: Lang, ruleset: &mancala_rules::Ruleset) -> &'static str {
    lookup(lang, "", &format!("game.{}", ruleset.id)).unwrap_or(ruleset.name)
}

/// A variant's name on its game's page (a tab): its `variant.ID` text
/// where it is a word, else the page's own (a town's name).
pub fn variant_name(lang: Lang, id: &str, name: &'static str) -> &'static str {
    lookup(lang, "", &format!("variant.{id}")).unwrap_or(name)
}

/// Every key and its texts, `[en, vi, nl]`: the table
/// `src/i18n/common.tsv`, made into this constant by `build.rs`.
pub const TEXTS: &[(&str, [&str; 3])] = include!(concat!(env!("OUT_DIR"), "/texts/common.rs"));

/// Texts allowed to be the same as the English in another language:
/// proper names, notation, and words the languages share ("Menu" is Dutch
/// too).
pub const SAME_EVERYWHERE: &[&str] = &["nav.menu"];

/// The interface texts for the browser, as a JSON object for one language.
pub fn bundle(lang: Lang) -> serde_json::Value {
    let map: serde_json::Map<String, serde_json::Value> = TEXTS
        .iter()
        .map(|(k, v)| (k.to_string(), serde_json::Value::from(v[lang.index()])))
        .collect();
    serde_json::Value::Object(map)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn every_key_is_once_in_its_namespace_with_its_three_languages() {
        let mut seen = BTreeSet::new();
        for (space, texts) in TABLE {
            for (key, t) in texts.iter() {
                assert!(seen.insert((*space, *key)), "{space:?} {key} is in the table twice");
                assert!(t.iter().all(|t| !t.trim().is_empty()), "{space:?} {key} lacks a language");
            }
        }
        assert_eq!(INDEX.len(), seen.len());
    }

    /// Every key the code names as a literal, read from the sources: the
    /// common lookups (`t(lang, "...")`) and each feature's (`pt`, `ct`,
    /// the class and tournament pages' `text`, the diagram's `word`).
    #[test]
    fn every_key_the_code_asks_for_is_in_the_table() {
        let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut files = Vec::new();
        let mut dirs = vec![src.clone()];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    dirs.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    files.push(path);
                }
            }
        }
        let lookups: &[(&str, &str, Option<&str>)] = &[
            ("t(", "", None),
            ("pt(", "puzzles", None),
            ("ct(", "compositions", None),
            ("text(", "classes", Some("classes/pages.rs")),
            ("text(", "tournaments", Some("tournaments/pages.rs")),
            ("word(", "diagram", Some("diagram.rs")),
        ];
        // A file named here that has moved would make its keys unchecked.
        for (_, _, only) in lookups {
            if let Some(only) = only {
                assert!(src.join(only).is_file(), "src/{only} is gone: name its new place here");
            }
        }
        let mut asked = 0;
        for file in &files {
            let code = std::fs::read_to_string(file).unwrap();
            let name = file.strip_prefix(&src).unwrap().to_string_lossy().replace('\\', "/");
            if name == "i18n/mod.rs" {
                continue; // the lookups themselves
            }
            for (call, space, only) in lookups {
                if only.is_some_and(|o| o != name) {
                    continue;
                }
                for (at, _) in code.match_indices(call) {
                    // A call of this name, not the tail of another name.
                    let before = code[..at].chars().next_back();
                    if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                        continue;
                    }
                    // `crate::i18n::text(lang, "classes", key)`: the
                    // feature's own lookup, not a key.
                    if !space.is_empty() && before == Some(':') {
                        continue;
                    }
                    let line = &code[code[..at].rfind('\n').map_or(0, |n| n + 1)..at];
                    if line.trim_start().starts_with("//") {
                        continue;
                    }
                    let args = &code[at + call.len()..];
                    let Some(rest) = args.split_once(',').map(|(_, r)| r.trim_start()) else {
                        continue;
                    };
                    let Some(literal) = rest.strip_prefix('"') else { continue };
                    let key = &literal[..literal.find('"').unwrap()];
                    asked += 1;
                    assert!(
                        lookup(Lang::En, space, key).is_some(),
                        "{name} asks for {space:?} {key}, which the table lacks"
                    );
                }
            }
        }
        assert!(asked > 150, "only {asked} keys found: the scan is broken");
    }

    #[test]
    fn a_missing_key_shows_as_itself() {
        assert_eq!(text(Lang::Vi, "puzzles", "no.such.key"), "no.such.key");
        assert_eq!(t(Lang::En, "res.draw"), "Draw");
        assert_eq!(text(Lang::En, "tournaments", "res.draw"), "drawn");
        assert_eq!(text(Lang::En, "classes", "res.draw"), "draw");
    }
}
