//! Tables as data, made into Rust here. A malformed line stops the build
//! with the file, the line and what is wrong.
//!
//! - The interface texts: each namespace's table is a tab-separated file,
//!   `src/i18n/NAMESPACE.tsv` (a key, then its English, Vietnamese and
//!   Dutch text), made into the `&[(key, [en, vi, nl])]` constant its module
//!   includes (not four fields, an empty text, a key twice are refused).
//! - The routes: `src/routes`, a method, a path and a handler a line under
//!   `[api]` or `[pages]`, made into the two routers `src/routes.rs`
//!   includes (an unknown method, a path not starting with `/`, an API path
//!   outside `/api/`, a method and path twice, a path in both sections are
//!   refused).

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::Path;

const NAMESPACES: &[&str] =
    &["common", "classes", "compositions", "diagram", "puzzles", "tournaments"];

/// The methods a route may answer (a GET route answers HEAD too).
const METHODS: &[&str] = &["GET", "POST", "PUT", "PATCH", "DELETE"];

/// The route table's sections, each made into the router function of its
/// name; every path of the first is under `/api/`.
const SECTIONS: [&str; 2] = ["api", "pages"];

fn main() {
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).to_owned();
    std::fs::create_dir_all(out.join("texts")).expect("OUT_DIR/texts");
    for space in NAMESPACES {
        let code = generate(&format!("src/i18n/{space}.tsv"), table);
        std::fs::write(out.join(format!("texts/{space}.rs")), code).expect("OUT_DIR/texts/*.rs");
    }
    std::fs::write(out.join("routes.rs"), generate("src/routes", routers))
        .expect("OUT_DIR/routes.rs");
}

/// The Rust that `make` writes from the file at `path`, which cargo is told
/// to watch; a line `make` finds wrong stops the build.
fn generate(path: &str, make: fn(&str) -> Result<String, (usize, String)>) -> String {
    println!("cargo::rerun-if-changed={path}");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    make(&text).unwrap_or_else(|(line, what)| panic!("{path}:{line}: {what}"))
}

/// The Rust expression of one table, or the line (from 1) that is wrong.
fn table(text: &str) -> Result<String, (usize, String)> {
    let mut code = String::from("&[\n");
    let mut keys = BTreeSet::new();
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

/// One path of a router: the path, and its methods (lower case, as axum's
/// functions are named) with their handlers, in the table's order.
type Route<'a> = (&'a str, Vec<(String, &'a str)>);

/// The Rust of the route table, a function a section returning its router,
/// or the line (from 1) that is wrong.
fn routers(text: &str) -> Result<String, (usize, String)> {
    let mut sections: [Vec<Route>; 2] = Default::default();
    let mut seen = BTreeSet::new();
    let mut section = None;
    for (n, line) in text.lines().enumerate() {
        let n = n + 1;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            let Some(s) = SECTIONS.iter().position(|s| *s == name) else {
                return Err((n, format!("unknown section `[{name}]`: one of [api] and [pages]")));
            };
            section = Some(s);
            continue;
        }
        let Some(s) = section else {
            return Err((n, "a route before the first section ([api] or [pages])".into()));
        };
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [method, path, handler] = fields[..] else {
            return Err((n, format!("{} fields; a line is METHOD PATH HANDLER", fields.len())));
        };
        if !METHODS.contains(&method) {
            return Err((n, format!("unknown method `{method}`: one of {}", METHODS.join(", "))));
        }
        if !path.starts_with('/') {
            return Err((n, format!("the path `{path}` does not start with `/`")));
        }
        if SECTIONS[s] == "api" && !path.starts_with("/api/") {
            return Err((n, format!("the API route `{path}` is not under `/api/`")));
        }
        let identifier = |s: &str| {
            s.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        };
        if !handler.split("::").all(identifier) {
            return Err((
                n,
                format!("the handler `{handler}` is not a path like `module::function`"),
            ));
        }
        if !seen.insert((method, path)) {
            return Err((n, format!("`{method} {path}` is in the table twice")));
        }
        // The two routers are merged, and axum refuses a path in both.
        if sections[1 - s].iter().any(|(p, _)| *p == path) {
            return Err((n, format!("the path `{path}` is in both [api] and [pages]")));
        }
        let routes = &mut sections[s];
        let route = match routes.iter().position(|(p, _)| *p == path) {
            Some(i) => &mut routes[i],
            None => {
                routes.push((path, Vec::new()));
                routes.last_mut().expect("just pushed")
            }
        };
        route.1.push((method.to_lowercase(), handler));
    }
    let mut code = String::new();
    for (name, routes) in SECTIONS.iter().zip(sections) {
        let _ = writeln!(code, "/// The `[{name}]` routes of `src/routes`.");
        let _ = writeln!(code, "pub(crate) fn {name}() -> axum::Router<crate::Shared> {{");
        code.push_str("    axum::Router::new()\n");
        for (path, methods) in routes {
            let _ = write!(code, "        .route({path:?}, axum::routing::MethodRouter::new()");
            for (method, handler) in methods {
                let _ = write!(code, ".{method}(crate::{handler})");
            }
            code.push_str(")\n");
        }
        code.push_str("}\n");
    }
    Ok(code)
}
