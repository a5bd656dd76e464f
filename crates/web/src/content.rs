//! The rules pages, in our own words, in English, Vietnamese and Dutch
//! (`[en, vi, nl]` for every paragraph). A paragraph starting with `- ` is a
//! list item; words in backticks are notation.

/// One section of a page: a title key of [`crate::i18n`] and its paragraphs.
pub struct Section {
    pub title: &'static str,
    pub items: &'static [[&'static str; 3]],
}

/// A game's page: shared sections, then one set per variant (shown as tabs
/// when there are several), then the house rules.
pub struct GamePage {
    /// The page's URL id.
    pub id: &'static str,
    pub name: &'static str,
    /// Ruleset ids and their names, the first being the default.
    pub variants: &'static [(&'static str, &'static str)],
    pub place: [&'static str; 3],
    pub character: [&'static str; 3],
    pub sections: &'static [Section],
    /// One list per variant, in the order of `variants`.
    pub variant_sections: &'static [&'static [Section]],
    pub house: &'static [Section],
}

pub const PAGES: &[GamePage] = &[];
