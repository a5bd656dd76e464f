//! The interface texts: each namespace's table is a tab-separated file,
//! `src/i18n/NAMESPACE.tsv` (a key, then its English, Vietnamese and Dutch
//! text), made here into the `&[(key, [en, vi, nl])]` constant its module
//! includes. A malformed line (not four fields, an empty text, a key twice)
//! stops the build with the file, the line and what is wrong.

use std::fmt::Write as _;
use std::path::Path;

const NAMESPACES: &[&str] =
    &["common", "classes", "compositions", "diagram", "puzzles", "tournaments"];

fn main() {
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("texts");
    std::fs::create_dir_all(&out).expect("OUT_DIR/texts");
    for space in NAMESPACES {
        let path = format!("src/i18n/{space}.tsv");
        println!("cargo::rerun-if-changed={path}");
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let code = match table(&text) {
            Ok(code) => code,
            Err((line, what)) => panic!("{path}:{line}: {what}"),
        };
        std::fs::write(out.join(format!("{space}.rs")), code).expect("OUT_DIR/texts/*.rs");
    }
}

/// The Rust expression of one table, or the line (from 1) that is wrong.
fn table(text: &str) -> Result<String, (usize, String)> {
    let mut code = String::from("&[\n");
    let mut keys = std::collections::BTreeSet::new();
    let mut header = false;
    for (n, line) in text.lines().enumerate() {
        let n = n + 1;
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        if !header {
            if fields != ["key", "en", "vi", "nl"] {
                return Err((
                    n,
                    "the first line (after comments) must be `key\ten\tvi\tnl`".into(),
                ));
            }
            header = true;
            continue;
        }
        let [key, en, vi, nl] = fields[..] else {
            return Err((
                n,
                format!("{} fields; a line is a key and three texts, tab-separated", fields.len()),
            ));
        };
        if key.is_empty() || key.contains(char::is_whitespace) {
            return Err((n, format!("the key {key:?} is empty or has spaces")));
        }
        if [en, vi, nl].iter().any(|t| t.trim().is_empty()) {
            return Err((n, format!("`{key}` lacks a text: every key has all three languages")));
        }
        if !keys.insert(key) {
            return Err((n, format!("`{key}` is in the table twice")));
        }
        let _ = writeln!(code, "    ({key:?}, [{en:?}, {vi:?}, {nl:?}]),");
    }
    code.push(']');
    Ok(code)
}
