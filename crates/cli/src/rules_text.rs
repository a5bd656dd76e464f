//! `mancala rules ID --lang L`: a game's rules page of the web site, from the
//! same text (the `mancala-content` crate), as plain text.

use mancala_content::{find_page, section_title, Section, LANGS};
use std::fmt::Write as _;

/// Lines are wrapped to this many characters where the words allow.
const WIDTH: usize = 78;

/// The rules of ruleset `id` in language `lang` (an index of [`LANGS`]): the
/// page's shared sections, then those of this ruleset's variant only, then
/// the house rules and the history. `None` for an id without a page.
pub(crate) fn plain(id: &str, lang: usize) -> Option<String> {
    let (page, variant) = find_page(id)?;
    if page.variants.get(variant)?.0 != id || lang >= LANGS.len() {
        return None;
    }
    let mut out = String::new();
    // Titled with the ruleset's own name, as its English page is.
    let name = mancala_rules::ruleset(id).map_or(page.name, |r| r.name);
    let _ = writeln!(out, "# {name}\n");
    wrap(&mut out, page.character[lang], "", "");
    out.push('\n');
    wrap(&mut out, page.place[lang], "", "");
    out.push('\n');
    let variant_sections = page.variant_sections.get(variant).copied().unwrap_or(&[]);
    for sections in [page.sections, variant_sections, page.house, page.history] {
        sections_text(&mut out, sections, lang);
    }
    Some(out.trim_end().to_string() + "\n")
}

fn sections_text(out: &mut String, sections: &[Section], lang: usize) {
    for section in sections {
        let title = section_title(section.title, lang).unwrap_or(section.title);
        let _ = writeln!(out, "## {title}\n");
        let mut in_list = false;
        for item in section.items {
            let text = item[lang];
            match text.strip_prefix("- ") {
                Some(rest) => {
                    wrap(out, rest, "- ", "  ");
                    in_list = true;
                }
                None => {
                    if in_list {
                        out.push('\n');
                    }
                    wrap(out, text, "", "");
                    out.push('\n');
                    in_list = false;
                }
            }
        }
        if in_list {
            out.push('\n');
        }
    }
}

/// Appends `text` as lines of at most [`WIDTH`] characters (a longer word
/// gets a line of its own), the first line starting with `first`, the others
/// with `rest`.
fn wrap(out: &mut String, text: &str, first: &str, rest: &str) {
    let mut line = String::from(first);
    let mut len = first.chars().count();
    let mut empty = true;
    for word in text.split_whitespace() {
        let n = word.chars().count();
        if !empty && len + 1 + n > WIDTH {
            out.push_str(&line);
            out.push('\n');
            line = String::from(rest);
            len = rest.chars().count();
            empty = true;
        }
        if !empty {
            line.push(' ');
            len += 1;
        }
        line.push_str(word);
        len += n;
        empty = false;
    }
    out.push_str(&line);
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_at_the_width_and_keeps_every_word() {
        let text = "word ".repeat(40);
        let mut out = String::new();
        wrap(&mut out, &text, "- ", "  ");
        assert!(out.lines().all(|l| l.chars().count() <= WIDTH), "{out}");
        assert!(out.starts_with("- word"));
        assert!(out.lines().skip(1).all(|l| l.starts_with("  word")), "{out}");
        assert_eq!(out.split_whitespace().filter(|w| *w == "word").count(), 40);
    }

    #[test]
    fn unknown_ids_and_languages_have_no_text() {
        assert_eq!(plain("no-such-game", 0), None);
        assert_eq!(plain("barbados-warri", 0), None, "a page id is not a ruleset");
        assert_eq!(plain("wahree", LANGS.len()), None);
    }
}
