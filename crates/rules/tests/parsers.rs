//! Every parser against arbitrary text and against near-valid text (valid
//! positions and records with a few mutations): it must never panic, every
//! error must say something, valid input must parse, and what parses must
//! write back as text that parses to the same thing.
//!
//! Parsers: `Setup::from_str`, `Rules::parse_position`, `Pit::parse`,
//! `Record::parse`, `ruleset`, `ruleset_version`, `EndReason::parse`,
//! `Side::parse`. Cases per property: `PROPTEST_CASES` if set, otherwise a
//! modest default.

use mancala_rules::*;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use std::str::FromStr;

fn config(default_cases: u32) -> ProptestConfig {
    let cases =
        std::env::var("PROPTEST_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(default_cases);
    ProptestConfig {
        cases,
        failure_persistence: None,
        max_shrink_iters: 256,
        ..ProptestConfig::default()
    }
}

/// The catalogue plus two combinations that no preset uses (a relay board
/// with captures of fours on 2 x 6, and Abapa with the Bridgetown split).
fn all_rules() -> Vec<(&'static str, Rules)> {
    let mut v: Vec<(&str, Rules)> = RULESETS.iter().map(|r| (r.id, r.rules)).collect();
    v.push(("custom: anywoli 2x6", Rules { pits_per_row: 6, ..ANYWOLI }));
    v.push((
        "custom: abapa with split",
        Rules { leftover: Award::Split, starved: Starved::GameEnds(Award::Split), ..ABAPA },
    ));
    v
}

// ---------------------------------------------------------------------------
// Valid inputs, from random play.
// ---------------------------------------------------------------------------

fn random_game(rules: Rules, seed: u64, plies: usize) -> Game {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut game = Game::new(rules);
    for _ in 0..plies {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        game.play(legal.nth(rng.usize(..legal.len())).unwrap()).unwrap();
    }
    game
}

/// A valid position notation for `rules`, from `seed`.
fn valid_position(rules: Rules, seed: u64) -> String {
    let mut rng = fastrand::Rng::with_seed(seed);
    random_game(rules, seed, rng.usize(0..120)).position().to_string()
}

/// A valid record of a preset, from `seed`: sometimes from a set-up
/// position, with a few tags, any kind of ending.
fn valid_record(seed: u64) -> String {
    let mut rng = fastrand::Rng::with_seed(seed);
    let ruleset = RULESETS[rng.usize(..RULESETS.len())];
    let rules = ruleset.rules;
    let mut game = random_game(rules, seed, rng.usize(0..30));
    if rng.bool() {
        let start = rules.parse_position(&game.position().to_string()).unwrap();
        game = Game::from_position(rules, start);
    } else {
        game = Game::new(rules);
    }
    let plies = if rng.u8(..4) == 0 { 1000 } else { rng.usize(0..150) };
    for _ in 0..plies {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        game.play(legal.nth(rng.usize(..legal.len())).unwrap()).unwrap();
    }
    let ending = match rng.u8(..6) {
        0 => Ending::Unfinished,
        1 => Ending::Resignation { loser: Side::South },
        2 => Ending::Time { loser: Side::North },
        3 => Ending::Rules(EndReason::Agreed),
        4 => Ending::Abandoned { loser: Side::South },
        _ => Ending::Unfinished,
    };
    let mut tags = vec![];
    if rng.bool() {
        tags.push(("South".to_string(), "Ann \"the ant\" \\ Ä".to_string()));
        tags.push(("North".to_string(), "Ben".to_string()));
    }
    if rng.bool() {
        tags.push(("Date".to_string(), "2026-11-29".to_string()));
    }
    Record::new(ruleset, &game, tags, ending).to_string()
}

// ---------------------------------------------------------------------------
// Mutations.
// ---------------------------------------------------------------------------

/// Characters that matter to the notations, and some that look like them.
const PALETTE: &[char] = &[
    '0', '1', '2', '3', '4', '9', ',', '/', ' ', '-', '\n', '\r', '\t', '[', ']', '"', '\\', 'S',
    'N', 's', 'n', 'a', 'c', 'f', 'g', 'l', 'm', 'A', 'F', 'G', 'L', '+', '*', 'é', 'ä', '٤', '４',
    '／', 'Ｓ', '\u{0}', '\u{a0}', '\u{2028}', '\u{85}', '\u{feff}', '😀', 'ß', 'K',
];

fn interesting_char() -> impl Strategy<Value = char> {
    prop_oneof![
        4 => proptest::sample::select(PALETTE),
        1 => any::<char>(),
    ]
}

/// One edit of a text: what, where (two positions, taken modulo the length)
/// and with which character.
type Mutation = (u8, usize, usize, char);

fn mutations(max: usize) -> impl Strategy<Value = Vec<Mutation>> {
    proptest::collection::vec((0u8..9, any::<usize>(), any::<usize>(), interesting_char()), 1..=max)
}

fn mutate(text: &str, edits: &[Mutation]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for &(kind, i, j, c) in edits {
        let len = chars.len();
        let at = |k: usize| if len == 0 { 0 } else { k % len };
        match kind {
            // Delete a character.
            0 if len > 0 => {
                chars.remove(at(i));
            }
            // Insert a character.
            1 => chars.insert(if len == 0 { 0 } else { i % (len + 1) }, c),
            // Replace a character.
            2 if len > 0 => chars[at(i)] = c,
            // Duplicate a slice.
            3 if len > 0 => {
                let (a, b) = (at(i).min(at(j)), at(i).max(at(j)));
                let piece: Vec<char> = chars[a..=b].to_vec();
                chars.splice(b + 1..b + 1, piece);
            }
            // Delete a slice.
            4 if len > 0 => {
                let (a, b) = (at(i).min(at(j)), at(i).max(at(j)));
                chars.drain(a..=b);
            }
            // Swap two characters.
            5 if len > 0 => chars.swap(at(i), at(j)),
            // Change a digit into another number.
            6 if len > 0 => {
                if let Some(k) =
                    (0..len).map(|d| (at(i) + d) % len).find(|&k| chars[k].is_ascii_digit())
                {
                    let n = (j % 300).to_string();
                    chars.splice(k..=k, n.chars());
                }
            }
            // Duplicate, drop or swap whole lines (records).
            7 | 8 => {
                let text: String = chars.iter().collect();
                let mut lines: Vec<&str> = text.split('\n').collect();
                let n = lines.len();
                match (kind, j % 3) {
                    (7, 0) => {
                        let l = lines[i % n];
                        lines.insert(j % (n + 1), l);
                    }
                    (7, _) => {
                        lines.remove(i % n);
                    }
                    _ => lines.swap(i % n, j % n),
                }
                chars = lines.join("\n").chars().collect();
            }
            _ => {}
        }
    }
    chars.into_iter().collect()
}

// ---------------------------------------------------------------------------
// Checks shared by the properties.
// ---------------------------------------------------------------------------

/// A position text, against every ruleset.
fn check_position_text(text: &str) -> Result<(), TestCaseError> {
    match Setup::from_str(text) {
        Ok(setup) => {
            // What parses writes back as text that parses to the same thing.
            let again = setup.to_string();
            prop_assert_eq!(Setup::from_str(&again), Ok(setup), "{:?}", text);
        }
        Err(e) => {
            let message = e.to_string();
            prop_assert!(message.starts_with("bad position"), "{:?}: {}", text, message);
            prop_assert!(matches!(e, SetupError::Syntax(_)));
        }
    }
    for (name, rules) in all_rules() {
        match rules.parse_position(text) {
            Ok(pos) => {
                let c = pos.captured();
                prop_assert_eq!(
                    pos.board_seeds() + c.south as u32 + c.north as u32,
                    rules.total_seeds(),
                    "{}: {:?}",
                    name,
                    text
                );
                let legal = rules.legal_moves(&pos);
                prop_assert_eq!(legal.is_empty(), pos.is_over(), "{}: {:?}", name, text);
                let again = pos.to_string();
                let reparsed = rules.parse_position(&again).unwrap();
                prop_assert_eq!(reparsed.to_string(), again, "{}: {:?}", name, text);
                for pit in legal {
                    rules.play(&pos, pit).unwrap();
                }
            }
            Err(e) => {
                let message = e.to_string();
                prop_assert!(
                    message.starts_with("bad position"),
                    "{}: {:?}: {}",
                    name,
                    text,
                    message
                );
                prop_assert!(message.len() > 20, "{}", message);
            }
        }
    }
    Ok(())
}

fn check_pit_text(text: &str) -> Result<(), TestCaseError> {
    for (name, rules) in all_rules() {
        match Pit::parse(text, &rules) {
            Ok(pit) => {
                prop_assert!(pit.index() < rules.pit_count(), "{}: {:?}", name, text);
                prop_assert_eq!(pit.letter(&rules).to_string(), text, "{}", name);
            }
            Err(e) => {
                let message = e.to_string();
                prop_assert!(message.contains("is not a pit"), "{}: {:?}: {}", name, text, message);
            }
        }
    }
    Ok(())
}

fn check_record_text(text: &str) -> Result<(), TestCaseError> {
    match Record::parse(text) {
        Ok(record) => {
            // `Record::tags` holds the tags other than the structural ones.
            for (name, _) in &record.tags {
                prop_assert!(
                    !["Game", "Version", "Setup", "Result", "Ending"].contains(&name.as_str()),
                    "structural tag [{}] kept as an ordinary tag: {:?}\n--- input:\n{}",
                    name,
                    record.tags,
                    text
                );
            }
            let written = record.to_string();
            let again = Record::parse(&written).map_err(|e| {
                TestCaseError::fail(format!(
                    "a parsed record writes text that does not parse: {e}\n--- input:\n{text}\n--- written:\n{written}"
                ))
            })?;
            prop_assert_eq!(&again, &record, "input:\n{}\nwritten:\n{}", text, written);
            prop_assert_eq!(again.to_string(), written);
            // The record's game is its moves.
            let game = record.game();
            prop_assert_eq!(game.moves(), record.moves.as_slice());
        }
        Err(e) => {
            let message = e.to_string();
            prop_assert!(message.starts_with("record"), "{:?}: {}", text, message);
            prop_assert!(message.len() > 10, "{}", message);
        }
    }
    Ok(())
}

fn check_small_parsers(text: &str) -> Result<(), TestCaseError> {
    // ruleset: Ok exactly for the ids and the alias.
    let known = RULESETS.iter().any(|r| r.id == text) || ALIASES.iter().any(|(a, _)| *a == text);
    match ruleset(text) {
        Ok(r) => {
            prop_assert!(known, "{:?}", text);
            prop_assert!(r.id == text || ALIASES.iter().any(|&(a, t)| a == text && t == r.id));
        }
        Err(e) => {
            prop_assert!(!known, "{:?}", text);
            let message = e.to_string();
            prop_assert!(message.starts_with("unknown game"), "{}", message);
            prop_assert!(message.contains(text), "{}", message);
        }
    }
    for version in [0u32, 1, 2, 99, u32::MAX] {
        match ruleset_version(text, version) {
            Ok(r) => prop_assert!(known && r.version == version),
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }
    // EndReason::parse: Some exactly for the ids.
    match EndReason::parse(text) {
        Some(r) => prop_assert_eq!(r.id(), text),
        None => prop_assert!(EndReason::ALL.iter().all(|r| r.id() != text)),
    }
    // Side::parse: s, n, south, north in any case.
    let expected = match text.to_ascii_lowercase().as_str() {
        "s" | "south" => Some(Side::South),
        "n" | "north" => Some(Side::North),
        _ => None,
    };
    prop_assert_eq!(Side::parse(text), expected, "{:?}", text);
    Ok(())
}

// ---------------------------------------------------------------------------
// Structured generators.
// ---------------------------------------------------------------------------

fn seed_token() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => (0u8..=8).prop_map(|n| n.to_string()),
        2 => any::<u8>().prop_map(|n| n.to_string()),
        1 => (256u32..100_000).prop_map(|n| n.to_string()),
        1 => "[+-]?[0-9]{0,3}",
        1 => any::<char>().prop_map(|c| c.to_string()),
    ]
}

fn count_token() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => (0u32..=60).prop_map(|n| n.to_string()),
        1 => any::<u32>().prop_map(|n| n.to_string()),
        1 => "[+-]?[0-9]{0,11}",
        1 => any::<char>().prop_map(|c| c.to_string()),
    ]
}

fn side_token() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => proptest::sample::select(&["S", "N", "s", "n", "south", "North", "NORTH"][..])
            .prop_map(str::to_string),
        1 => proptest::sample::select(&["", "SN", "X", "sud", "Ｓ", "S\u{0}", "souTh "][..])
            .prop_map(str::to_string),
        1 => "[a-zA-Z]{0,6}",
        1 => any::<String>(),
    ]
}

fn whitespace() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => Just(" ".to_string()),
        1 => "[ \t\n\r\u{a0}\u{2003}]{0,3}",
    ]
}

/// The pieces of a position text: rows, captures, side, separators.
#[derive(Clone, Debug)]
struct PositionParts {
    south: Vec<String>,
    north: Vec<String>,
    captured: (String, String),
    side: String,
    gaps: (String, String),
    slash: bool,
}

impl PositionParts {
    fn text(&self) -> String {
        format!(
            "{}{}{}{}{}-{}{}{}",
            self.south.join(","),
            if self.slash { "/" } else { "," },
            self.north.join(","),
            self.gaps.0,
            self.captured.0,
            self.captured.1,
            self.gaps.1,
            self.side
        )
    }

    /// Whether `rules` must accept the text, by the notation's definition.
    fn valid_for(&self, rules: &Rules) -> bool {
        let seed = |t: &String| t.parse::<u8>().ok();
        let count = |t: &String| t.parse::<u32>().ok();
        let (Some(south), Some(north)) = (
            self.south.iter().map(seed).collect::<Option<Vec<u8>>>(),
            self.north.iter().map(seed).collect::<Option<Vec<u8>>>(),
        ) else {
            return false;
        };
        let (Some(cs), Some(cn)) = (count(&self.captured.0), count(&self.captured.1)) else {
            return false;
        };
        let on_board: u64 = south.iter().chain(&north).map(|&s| s as u64).sum();
        let n = rules.pits_per_row as usize;
        self.slash
            && self.gaps.0.chars().any(char::is_whitespace)
            && self.gaps.1.chars().any(char::is_whitespace)
            && self.gaps.0.chars().all(char::is_whitespace)
            && self.gaps.1.chars().all(char::is_whitespace)
            && matches!(
                self.side.split_whitespace().collect::<Vec<_>>()[..],
                [word] if Side::parse(word).is_some()
            )
            && south.len() == n
            && north.len() == n
            && on_board + cs as u64 + cn as u64 == rules.total_seeds() as u64
            && (!matches!(rules.capture, Capture::Fours { .. }) || on_board & 3 == 0)
    }
}

fn position_parts() -> impl Strategy<Value = PositionParts> {
    (
        proptest::collection::vec(seed_token(), 0..14),
        proptest::collection::vec(seed_token(), 0..14),
        (count_token(), count_token()),
        side_token(),
        (whitespace(), whitespace()),
        proptest::bool::weighted(0.95),
    )
        .prop_map(|(south, north, captured, side, gaps, slash)| PositionParts {
            south,
            north,
            captured,
            side,
            gaps,
            slash,
        })
}

/// Parts of a position that `rules` accepts, written in any accepted way.
fn valid_parts(rules: Rules, seed: u64) -> PositionParts {
    let mut rng = fastrand::Rng::with_seed(seed);
    let total = rules.total_seeds();
    let mut on_board = rng.u32(0..=total);
    if matches!(rules.capture, Capture::Fours { .. }) {
        on_board -= on_board % 4;
    }
    let cs = rng.u32(0..=total - on_board);
    let n = rules.pits_per_row as usize;
    let mut pits = vec![0u8; 2 * n];
    for _ in 0..on_board {
        pits[rng.usize(..2 * n)] += 1;
    }
    let number = |v: u32, rng: &mut fastrand::Rng| match rng.u8(..8) {
        0 => format!("+{v}"),
        1 => format!("0{v}"),
        _ => v.to_string(),
    };
    let gap =
        |rng: &mut fastrand::Rng| [" ", "  ", "\t", " \n ", "\u{a0}"][rng.usize(..5)].to_string();
    PositionParts {
        south: pits[..n].iter().map(|&s| number(s as u32, &mut rng)).collect(),
        north: pits[n..].iter().map(|&s| number(s as u32, &mut rng)).collect(),
        captured: (number(cs, &mut rng), number(total - on_board - cs, &mut rng)),
        side: ["S", "N", "s", "n", "South", "north", "NORTH"][rng.usize(..7)].to_string(),
        gaps: (gap(&mut rng), gap(&mut rng)),
        slash: true,
    }
}

/// Lines of something like a record.
fn record_like() -> impl Strategy<Value = String> {
    let tag_name = proptest::sample::select(
        &["Game", "Version", "Setup", "Result", "Ending", "South", "Date", "Gäme", "", "X Y"][..],
    );
    let tag_value = prop_oneof![
        proptest::sample::select(
            &[
                "wahree",
                "anywoli",
                "oware-abapa",
                "barbados-warri",
                "barbados-warri-bridgetown",
                "barbados-warri-speightstown",
                "chess",
                "1",
                "2",
                "99",
                "-1",
                "south",
                "north",
                "draw",
                "*",
                "unfinished",
                "resignation",
                "time",
                "agreed",
                "cycle",
                "target",
                "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S",
                "4,4,4,4,4,4/4,4,4,4,4,4 0-0 N",
                "0,0,0,0,0,0/0,0,0,0,0,1 47-0 S",
                "4,4,4,4,4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4,4,4,4,4 0-0 S",
                "\\\"",
                "",
            ][..]
        )
        .prop_map(|s| format!("\"{s}\"")),
        "[^\\]]{0,12}",
    ];
    let line = prop_oneof![
        3 => (tag_name, tag_value).prop_map(|(n, v)| format!("[{n} {v}]")),
        3 => "[a-lA-L ]{0,24}",
        1 => "[\\[\\]\" a-fA-F0-9\\\\]{0,16}",
        1 => Just(String::new()),
    ];
    proptest::collection::vec(line, 0..10).prop_map(|lines| lines.join("\n"))
}

// ---------------------------------------------------------------------------
// Properties.
// ---------------------------------------------------------------------------

proptest! {
    #![proptest_config(config(1000))]

    #[test]
    fn arbitrary_text_never_panics(text in any::<String>()) {
        check_position_text(&text)?;
        check_pit_text(&text)?;
        check_record_text(&text)?;
        check_small_parsers(&text)?;
    }

    #[test]
    fn arbitrary_short_text_never_panics(text in "\\PC{0,3}") {
        check_pit_text(&text)?;
        check_small_parsers(&text)?;
    }

    #[test]
    fn near_valid_positions(
        rules_index in 0usize..7,
        seed in any::<u64>(),
        edits in mutations(4),
    ) {
        let (_, rules) = all_rules()[rules_index];
        let valid = valid_position(rules, seed);
        check_position_text(&valid)?;
        prop_assert!(rules.parse_position(&valid).is_ok(), "{:?}", valid);
        check_position_text(&mutate(&valid, &edits))?;
    }

    #[test]
    fn structured_positions(parts in position_parts()) {
        let text = parts.text();
        check_position_text(&text)?;
        for (name, rules) in all_rules() {
            let result = rules.parse_position(&text);
            prop_assert_eq!(
                result.is_ok(),
                parts.valid_for(&rules),
                "{}: {:?}: {:?}", name, text, result
            );
        }
    }

    #[test]
    fn valid_positions_parse(rules_index in 0usize..7, seed in any::<u64>()) {
        let (name, rules) = all_rules()[rules_index];
        let parts = valid_parts(rules, seed);
        let text = parts.text();
        prop_assert!(parts.valid_for(&rules));
        let pos = rules.parse_position(&text).map_err(|e| {
            TestCaseError::fail(format!("{name}: {text:?}: {e}"))
        })?;
        let setup = Setup::from_str(&text).unwrap();
        let pits: Vec<u8> = parts.south.iter().chain(&parts.north).map(|t| t.parse().unwrap()).collect();
        prop_assert_eq!(&setup.pits, &pits);
        prop_assert_eq!(setup.captured.south, parts.captured.0.parse::<u32>().unwrap());
        prop_assert_eq!(setup.captured.north, parts.captured.1.parse::<u32>().unwrap());
        prop_assert_eq!(Some(setup.to_move), Side::parse(parts.side.trim()));
        prop_assert_eq!(rules.setup(&setup), Ok(pos));
        if !pos.is_over() {
            // Set-up positions that are not over are taken as written.
            // (The side to move may differ: a player who cannot move has
            // already passed.)
            prop_assert_eq!(pos.pits(), pits.as_slice());
        }
        check_position_text(&text)?;
    }

    #[test]
    fn pit_letters(rules_index in 0usize..7, c in interesting_char(), d in interesting_char()) {
        let (_, rules) = all_rules()[rules_index];
        check_pit_text(&c.to_string())?;
        check_pit_text(&format!("{c}{d}"))?;
        let expected = c.is_ascii_alphabetic()
            && (c.to_ascii_lowercase() as u8 - b'a') < rules.pits_per_row;
        prop_assert_eq!(Pit::parse(&c.to_string(), &rules).is_ok(), expected, "{:?}", c);
    }

    #[test]
    fn valid_records_parse(seed in any::<u64>()) {
        let text = valid_record(seed);
        let record = Record::parse(&text).map_err(|e| {
            TestCaseError::fail(format!("valid record refused: {e}\n{text}"))
        })?;
        prop_assert_eq!(record.to_string(), text.clone());
        check_record_text(&text)?;
        // Line endings and spacing do not matter.
        let crlf = text.replace('\n', "\r\n");
        prop_assert_eq!(Record::parse(&crlf), Ok(record.clone()));
        let spaced: String = text
            .lines()
            .map(|l| {
                if l.starts_with('[') {
                    format!(" {} \n\n", l.replacen(' ', "  ", 1))
                } else {
                    format!("\t{}  \n", l.replace(' ', " \t "))
                }
            })
            .collect();
        prop_assert_eq!(Record::parse(&spaced), Ok(record), "{}", spaced);
    }

    #[test]
    fn near_valid_records(seed in any::<u64>(), edits in mutations(3)) {
        let text = valid_record(seed);
        check_record_text(&mutate(&text, &edits))?;
    }

    #[test]
    fn record_like_text(text in record_like()) {
        check_record_text(&text)?;
    }

    #[test]
    fn small_parsers(text in prop_oneof![
        proptest::sample::select(
            &["s", "S", "n", "N", "south", "SOUTH", "North", "nOrTh", "target", "no-seeds",
              "wipe-out", "cannot-feed", "no-seeds-in-play", "cycle", "stall", "no-legal-move",
              "agreed", "wahree", "anywoli", "oware-abapa", "barbados-warri",
              "barbados-warri-speightstown", "barbados-warri-bridgetown"][..]
        ).prop_map(str::to_string),
        "[a-zA-Z-]{0,8}",
    ], edits in mutations(2), mutate_it in any::<bool>()) {
        let text = if mutate_it { mutate(&text, &edits) } else { text };
        check_small_parsers(&text)?;
    }
}

// ---------------------------------------------------------------------------
// Specific malformed inputs and their messages.
// ---------------------------------------------------------------------------

fn position_error(rules: &Rules, text: &str) -> String {
    match rules.parse_position(text) {
        Ok(p) => panic!("{text:?} parsed as {p}"),
        Err(e) => e.to_string(),
    }
}

fn record_error(text: &str) -> String {
    match Record::parse(text) {
        Ok(r) => panic!("{text:?} parsed as {r:?}"),
        Err(e) => e.to_string(),
    }
}

#[track_caller]
fn assert_contains(message: &str, fragment: &str) {
    assert!(message.contains(fragment), "message {message:?} lacks {fragment:?}");
}

#[test]
fn position_wrong_pit_count() {
    let m = position_error(&ABAPA, "4,4,4,4,4/4,4,4,4,4 0-0 S");
    assert_contains(&m, "this game has 12 pits (6 a row), the position gives 10");
    let m = position_error(&ANYWOLI, "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S");
    assert_contains(&m, "this game has 24 pits (12 a row), the position gives 12");
    let m = position_error(&ABAPA, "4,4,4,4,4,4/4,4,4,4,4 0-0 S");
    assert_contains(&m, "South's row has 6 pits and North's 5");
    let m = position_error(&ABAPA, "/ 48-0 S");
    assert_contains(&m, "is not a seed count");
}

#[test]
fn position_wrong_total() {
    let m = position_error(&SPEIGHTSTOWN, "4,4,4,4,4,4/4,4,4,4,4,3 0-0 S");
    assert_contains(&m, "seeds on the board plus seeds captured make 47, but this game has 48");
    let m = position_error(&SPEIGHTSTOWN, "4,4,4,4,4,4/4,4,4,4,4,4 1-0 N");
    assert_contains(&m, "make 49, but this game has 48");
    // Counts that would overflow are reported, not wrapped.
    let m = position_error(&SPEIGHTSTOWN, "4,4,4,4,4,4/4,4,4,4,4,4 4294967295-4294967295 S");
    assert_contains(&m, "make 4294967295, but this game has 48");
    let m = position_error(
        &ANYWOLI,
        &format!("3,{}/{} 1-0 S", ["4"; 11].join(","), ["4"; 12].join(",")),
    );
    assert_contains(
        &m,
        "95 seeds on the board; in this game the seeds in play are always a multiple of 4",
    );
}

#[test]
fn position_syntax_errors() {
    let cases = [
        ("4,4,4,4,4,4/4,4,4,4,4,4 0-0 X", "side to move 'X' must be S or N"),
        ("4,4,4,4,4,4/4,4,4,4,4,4 0-0 Sud", "side to move 'Sud' must be S or N"),
        ("4,4,4,4,4,4/4,4,4,4,4,4 0-0", "found 2 space-separated field(s) where 3 (or 4)"),
        ("", "found 0 space-separated field(s)"),
        ("4,4,4,4,4,4/4,4,4,4,4,4 0-0 S extra", "fourth field 'extra' must be first=S or first=N"),
        ("4,4,4,4,4,4/4,4,4,4,4,4 0-0 S first=S x", "found 5 space-separated field(s)"),
        ("4,4,4,4,4,4,4,4,4,4,4,4 0-0 S", "the two rows must be separated by '/'"),
        ("4,4,x,4,4,4/4,4,4,4,4,4 0-0 S", "'x' in South's row is not a seed count (0-255)"),
        ("4,4,4,4,4,4/4,4,256,4,4,4 0-0 S", "'256' in North's row is not a seed count"),
        ("4,4,,4,4,4/4,4,4,4,4,4 0-0 S", "'' in South's row is not a seed count"),
        ("4,4,4,4,4,4/4,4,4,4,4,4 0:0 S", "captured seeds '0:0' must be written S-N"),
        ("4,4,4,4,4,4/4,4,4,4,4,4 a-0 S", "captured count 'a' is not a number"),
        ("4,4,4,4,4,4/4,4,4,4,4,4 -1-0 S", "captured count '' is not a number"),
        ("4,4,4,4,4,4/4,4,4,4,4,4 0-1-0 S", "captured count '1-0' is not a number"),
    ];
    for (text, fragment) in cases {
        let m = position_error(&SPEIGHTSTOWN, text);
        assert_contains(&m, fragment);
        assert_contains(&m, "expected e.g. '4,4,4,4,4,4/4,4,4,4,4,4 0-0 S'");
        assert!(Setup::from_str(text).is_err(), "{text}");
    }
}

#[test]
fn position_non_ascii() {
    let cases = [
        // Arabic-Indic and fullwidth digits are not seed counts.
        ("4,4,4,4,4,٤/4,4,4,4,4,4 0-0 S", "'٤' in South's row is not a seed count"),
        ("4,4,4,4,4,4/４,4,4,4,4,4 0-0 S", "'４' in North's row is not a seed count"),
        ("4,4,4,4,4,4／4,4,4,4,4,4 0-0 S", "the two rows must be separated by '/'"),
        ("4,4,4,4,4,4/4,4,4,4,4,4 0-0 Ｓ", "side to move 'Ｓ' must be S or N"),
        ("4,4,4,4,4,4/4,4,4,4,4,4 ٠-0 S", "captured count '٠' is not a number"),
        ("4,4,4,4,4,4/4,4,4,4,4,4 0–0 S", "captured seeds '0–0' must be written S-N"),
        ("4,4,4,4,4,4/4,4,4,4,4,4 0-0 S\u{0}", "side to move 'S\\0' must be S or N"),
        ("😀", "found 1 space-separated field(s)"),
    ];
    for (text, fragment) in cases {
        assert_contains(&position_error(&ABAPA, text), fragment);
    }
    // Unicode white space separates fields like a space does.
    let pos = ABAPA.parse_position("4,4,4,4,4,4/4,4,4,4,4,4\u{a0}0-0\u{2003}n").unwrap();
    assert_eq!(pos.to_string(), "4,4,4,4,4,4/4,4,4,4,4,4 0-0 N");
}

#[test]
fn valid_position_spellings() {
    for text in [
        "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S",
        "4,4,4,4,4,4/4,4,4,4,4,4 0-0 s",
        "4,4,4,4,4,4/4,4,4,4,4,4 0-0 south",
        "  4,4,4,4,4,4/4,4,4,4,4,4\t0-0\n South ",
        "+4,04,4,4,4,4/4,4,4,4,4,4 +0-00 S",
    ] {
        assert_eq!(SPEIGHTSTOWN.parse_position(text).unwrap(), SPEIGHTSTOWN.start(), "{text:?}");
    }
}

#[test]
fn pit_errors() {
    let m = Pit::parse("g", &ABAPA).unwrap_err().to_string();
    assert_eq!(
        m,
        "'g' is not a pit: a move is one letter, a-f for South's pits or A-F for North's (case matters)"
    );
    assert_contains(
        &Pit::parse("m", &ANYWOLI).unwrap_err().to_string(),
        "a-l for South's pits or A-L",
    );
    assert_eq!(Pit::parse("l", &ANYWOLI), Ok(Pit(11)));
    assert_eq!(Pit::parse("L", &ANYWOLI), Ok(Pit(23)));
    for text in ["", "ab", " a", "a ", "1", "é", "ａ", "\u{0}", "😀", "A\u{301}"] {
        let m = Pit::parse(text, &ABAPA).unwrap_err().to_string();
        assert_contains(&m, &format!("'{}' is not a pit", text.escape_debug()));
    }
}

#[test]
fn small_parser_examples() {
    assert_eq!(Side::parse("SOUTH"), Some(Side::South));
    assert_eq!(Side::parse("n"), Some(Side::North));
    assert_eq!(Side::parse("Ｓ"), None);
    assert_eq!(Side::parse(" s"), None);
    assert_eq!(Side::parse(""), None);
    for r in EndReason::ALL {
        assert_eq!(EndReason::parse(r.id()), Some(r));
        assert_eq!(EndReason::parse(&r.id().to_uppercase()), None);
    }
    let m = ruleset("chess").unwrap_err().to_string();
    assert_contains(&m, "unknown game 'chess'; known games: barbados-warri-speightstown");
    assert_contains(&m, "(and the alias barbados-warri)");
    assert_eq!(ruleset("barbados-warri").unwrap().id, "barbados-warri-speightstown");
    assert!(ruleset("Wahree").is_err());
    let m = ruleset_version("wahree", 99).unwrap_err().to_string();
    assert_contains(&m, "wahree has no rules version 99; this program knows version(s) 1");
}

#[test]
fn record_tag_errors() {
    let cases = [
        ("[Game wahree]", "record line 1: the value of [Game] must be in double quotes"),
        ("[Game \"wahree]", "record line 1: the value of [Game] must be in double quotes"),
        ("[Game 'wahree']", "the value of [Game] must be in double quotes"),
        ("[Game \"wahree\"", "record line 1: unclosed tag"),
        ("\n\n[Game]", "record line 3: tag without a value"),
        ("[Gäme \"wahree\"]", "tag name 'Gäme' must be letters, digits or _"),
        ("[ \"wahree\"]", "tag name '' must be letters"),
        ("[Game \"wah\"ree\"]", "in [Game], a double quote inside the value must be written \\\""),
        ("[Game \"wahree\\\"]", "in [Game], a backslash must be followed by \\ or \""),
        (
            "[Game \"wahree\"]\n[Event \"a\tb\"]",
            "record line 2: [Event] contains a control character",
        ),
        ("[Game \"wahree\"]\nc\n[Result \"*\"]", "record line 3: tags must come before the moves"),
        ("[South \"Ann\"]\n\nc", "record has no [Game \"...\"] tag"),
        ("", "record has no [Game"),
        ("[Game \"wahree\"]\n[South \"A\"]\n[South \"B\"]", "tag [South] appears more than once"),
    ];
    for (text, fragment) in cases {
        assert_contains(&record_error(text), fragment);
    }
}

#[test]
fn record_ruleset_errors() {
    let m = record_error("[Game \"chess\"]\n\nc");
    assert_contains(&m, "record: unknown game 'chess'; known games:");
    let m = record_error("[Game \"wahree\"]\n[Version \"99\"]\n\nc");
    assert_contains(
        &m,
        "record: wahree has no rules version 99; this program knows version(s) 1 (a newer program may be needed)",
    );
    let m = record_error("[Game \"chess\"]\n[Version \"1\"]");
    assert_contains(&m, "unknown game 'chess'");
    let m = record_error("[Game \"wahree\"]\n[Version \"one\"]");
    assert_contains(&m, "[Version \"one\"] is not a version number");
    let m = record_error("[Game \"wahree\"]\n[Version \"4294967296\"]");
    assert_contains(&m, "is not a version number");
    let m = record_error("[Game \"wahree\"]\n[Setup \"4,4/4,4 0-0 S\"]");
    assert_contains(
        &m,
        "record [Setup]: bad position: this game has 12 pits (6 a row), the position gives 4",
    );
    let m = record_error("[Game \"wahree\"]\n[Setup \"4,4,4,4,4,4/4,4,4,4,4,4 0-0 X\"]");
    assert_contains(&m, "record [Setup]: bad position: side to move 'X' must be S or N");
    // The alias names the same rules.
    let r = Record::parse("[Game \"barbados-warri\"]\n\nc").unwrap();
    assert_eq!(r.ruleset.id, "barbados-warri-speightstown");
}

#[test]
fn record_move_errors() {
    let m = record_error("[Game \"barbados-warri-speightstown\"]\n\nc A c");
    assert_contains(&m, "record move 3 (c) is illegal: c is empty; legal moves for south:");
    let m = record_error("[Game \"wahree\"]\n\nc c");
    assert_contains(&m, "record move 2 (c) is illegal: c is not one of north's pits; legal moves for north: A B C D E F");
    let m = record_error("[Game \"wahree\"]\n\nc A\nx");
    assert_contains(
        &m,
        "record move 3: 'x' is not a pit: a move is one letter, a-f for South's pits",
    );
    let m = record_error("[Game \"wahree\"]\n\nc ä");
    assert_contains(&m, "record move 2: 'ä' is not a pit");
    let m = record_error("[Game \"wahree\"]\n\nc\u{a0}A 😀");
    assert_contains(&m, "record move 3: '😀' is not a pit");
    let m = record_error("[Game \"anywoli\"]\n\nm");
    assert_contains(&m, "record move 1: 'm' is not a pit: a move is one letter, a-l");
}

/// A finished game of `ruleset`, found by random play.
fn finished_game(ruleset: Ruleset) -> Game {
    let game = random_game(ruleset.rules, 1, 5_000);
    assert!(game.is_over());
    game
}

#[test]
fn record_ending_errors() {
    let m = record_error("[Game \"wahree\"]\n[Ending \"cycle\"]\n\nc");
    assert_contains(
        &m,
        "record: the record says the game ended \"cycle\", but after its moves the game goes on",
    );
    let m = record_error("[Game \"wahree\"]\n[Ending \"checkmate\"]\n\nc");
    assert_contains(&m, "unknown [Ending \"checkmate\"]; expected one of: target, no-seeds");
    let m = record_error("[Game \"wahree\"]\n[Ending \"resignation\"]\n\nc");
    assert_contains(
        &m,
        "an ending by resignation needs [Result \"south\"] or [Result \"north\"], not \"nothing\"",
    );
    let m = record_error("[Game \"wahree\"]\n[Result \"draw\"]\n[Ending \"time\"]\n\nc");
    assert_contains(
        &m,
        "an ending by time needs [Result \"south\"] or [Result \"north\"], not \"draw\"",
    );
    let m = record_error("[Game \"wahree\"]\n[Result \"south\"]\n\nc");
    assert_contains(&m, "[Result \"south\"] disagrees with the game, whose result is \"*\"");

    for ruleset in RULESETS {
        let game = finished_game(ruleset);
        let outcome = game.position().outcome().unwrap();
        let text = Record::new(ruleset, &game, vec![], Ending::Unfinished).to_string();
        assert_contains(&text, &format!("[Ending \"{}\"]", outcome.reason.id()));
        let ending_line = format!("[Ending \"{}\"]", outcome.reason.id());
        // The moves end the game, the record says otherwise.
        for other in ["unfinished", "agreed", "resignation"] {
            let bad = text.replace(&ending_line, &format!("[Ending \"{other}\"]"));
            let bad = if other == "resignation" {
                bad.replace("[Result \"draw\"]", "[Result \"south\"]")
            } else {
                bad
            };
            let m = record_error(&bad);
            assert_contains(
                &m,
                &format!(
                    "record: the moves end the game ({}, ending \"{}\"), but the record says otherwise",
                    outcome.reason.describe(),
                    outcome.reason.id()
                ),
            );
        }
        // A wrong result.
        let result = match outcome.winner {
            Some(side) => side.name(),
            None => "draw",
        };
        let wrong = if result == "south" { "north" } else { "south" };
        let bad = text.replace(&format!("[Result \"{result}\"]"), &format!("[Result \"{wrong}\"]"));
        assert_contains(
            &record_error(&bad),
            &format!("[Result \"{wrong}\"] disagrees with the game, whose result is \"{result}\""),
        );
        // A move after the end.
        let letter = Pit(0).letter(&ruleset.rules);
        let bad = format!("{}{letter}\n", text.trim_end_matches('\n').to_string() + " ");
        assert_contains(
            &record_error(&bad),
            &format!(
                "record move {} ({letter}) is illegal: {letter} cannot be played: the game is over",
                game.moves().len() + 1
            ),
        );
        // Without Ending and Result tags, the moves say how it ended.
        let bare: String = text
            .lines()
            .filter(|l| !l.starts_with("[Ending") && !l.starts_with("[Result"))
            .map(|l| format!("{l}\n"))
            .collect();
        assert_eq!(Record::parse(&bare).unwrap().ending, Ending::Rules(outcome.reason));
    }
}

/// Found by `near_valid_records` / `record_like_text`: a structural tag
/// (Game, Version, Setup, Result, Ending) given twice is accepted, the second
/// kept as an ordinary tag; writing the record back puts that copy before the
/// real one, so the written text means something else or does not parse.
#[test]
fn record_structural_tags_given_twice() {
    for text in [
        "[Game \"wahree\"]\n[Game \"anywoli\"]\n\nc",
        "[Game \"wahree\"]\n[Version \"1\"]\n[Version \"1\"]\n\nc",
        "[Game \"wahree\"]\n[Ending \"unfinished\"]\n[Ending \"agreed\"]\n\nc",
        "[Game \"wahree\"]\n[Result \"*\"]\n[Result \"south\"]\n\nc",
        "[Game \"wahree\"]\n[Setup \"4,4,4,4,4,4/4,4,4,4,4,4 0-0 S\"]\n[Setup \"4,4,4,4,4,4/4,4,4,4,4,4 0-0 N\"]\n\nc",
    ] {
        let name = text.lines().nth(1).unwrap();
        let name = &name[1..name.find(' ').unwrap()];
        assert_contains(&record_error(text), &format!("tag [{name}] appears more than once"));
    }
}
