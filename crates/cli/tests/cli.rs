//! The `mancala` command, driven as a user would.

use mancala_rules::{random_games, ruleset, RULESETS};
use std::io::Write;
use std::process::{Command, Output, Stdio};

fn mancala(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mancala")).args(args).output().expect("runs")
}

fn mancala_stdin(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

fn lines(o: &Output) -> Vec<serde_json::Value> {
    stdout(o).lines().map(|l| serde_json::from_str(l).expect("each line is JSON")).collect()
}

#[test]
fn replay_jsonl_prints_n_plus_one_positions() {
    let out =
        mancala(&["replay", "--game", "oware-abapa", "--moves", "c F a", "--format", "jsonl"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let lines = lines(&out);
    assert_eq!(lines.len(), 4);
    let first = &lines[0];
    assert_eq!(first["board"], serde_json::json!([4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4]));
    assert_eq!(first["captured"], serde_json::json!([0, 0]));
    assert_eq!(first["to_move"], "south");
    assert_eq!(first["legal"], serde_json::json!(["a", "b", "c", "d", "e", "f"]));
    assert_eq!(first["over"], false);
    assert_eq!(first["winner"], serde_json::Value::Null);
    assert_eq!(first["ending"], serde_json::Value::Null);
    // c: 4 seeds into d e f A.
    assert_eq!(lines[1]["board"], serde_json::json!([4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4, 4]));
    assert_eq!(lines[1]["to_move"], "north");
    assert_eq!(lines[1]["legal"], serde_json::json!(["A", "B", "C", "D", "E", "F"]));
    assert_eq!(lines[1]["move"], "c");
}

#[test]
fn replay_stops_at_an_illegal_move_naming_it() {
    // Move 2 is South's pit again (lowercase) when North is to move.
    let out = mancala(&["replay", "--game", "wahree", "--moves", "c d", "--format", "jsonl"]);
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(err.contains("move 2 (d)"), "{err}");
    assert!(err.contains("A B C D E F"), "{err}");
    assert_eq!(lines(&out).len(), 2, "the positions before the bad move are printed");
}

#[test]
fn replay_refuses_a_non_letter_move() {
    let out = mancala(&["replay", "--game", "anywoli", "--moves", "a 7", "--format", "jsonl"]);
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(err.contains("move 2") && err.contains("a-l"), "{err}");
}

#[test]
fn replay_from_a_position_and_text_format() {
    let out = mancala(&[
        "replay",
        "--game",
        "barbados-warri",
        "--from",
        "0,0,0,0,0,1/1,0,0,0,0,0 23-23 S",
        "--moves",
        "f",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("South plays f"), "{text}");
    assert!(text.contains("North"), "{text}");
}

#[test]
fn replay_reads_a_record_file() {
    let dir = std::env::temp_dir().join(format!("mancala-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("game.txt");
    std::fs::write(
        &path,
        "[Game \"barbados-warri-bridgetown\"]\n[Version \"1\"]\n[South \"Ann\"]\n[North \"Ben\"]\n\
         [Result \"north\"]\n[Ending \"resignation\"]\n\nc F a\n",
    )
    .unwrap();
    let out = mancala(&["replay", path.to_str().unwrap(), "--format", "jsonl"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(lines(&out).len(), 4);
    std::fs::write(&path, "[Game \"barbados-warri\"]\n[Version \"7\"]\n\nc\n").unwrap();
    let out = mancala(&["replay", path.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("no rules version 7"), "{}", stderr(&out));
}

#[test]
fn bad_options_get_clear_errors() {
    let cases: [(&[&str], &str); 6] = [
        (&["replay", "--game", "chess", "--moves", "a"], "unknown game 'chess'"),
        (&["replay", "--game", "wahree", "--from", "4,4/4,4 0-0 S"], "12 pits"),
        (&["replay", "--game", "wahree", "--from", "4,4,4,4,4,4/4,4,4,4,4,5 0-0 S"], "make 49"),
        (&["perft", "--game", "wahree", "--depth", "x"], "invalid value 'x'"),
        (&["replay", "/nonexistent/record.txt"], "cannot read record file"),
        (&["bench", "--game", "wahree", "--playouts", "0"], "at least 1"),
    ];
    for (args, message) in cases {
        let out = mancala(args);
        assert!(!out.status.success(), "{args:?}");
        let err = stderr(&out);
        assert!(err.contains(message), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn perft_prints_the_count_last() {
    let out = mancala(&["perft", "--game", "oware-abapa", "--depth", "4"]);
    assert!(out.status.success());
    let text = stdout(&out);
    let last = text.lines().last().unwrap();
    let count: u64 = last.rsplit(' ').next().unwrap().parse().unwrap();
    let rules = ruleset("oware-abapa").unwrap().rules;
    assert_eq!(count, mancala_rules::perft(&rules, &rules.start(), 4));
    // The same count from OpenSpiel's `oware` (a plain recursive count over
    // `legal_actions`).
    assert_eq!(count, 1014);
}

#[test]
fn bench_signature_matches_the_library() {
    for r in RULESETS {
        let out = mancala(&["bench", "--game", r.id, "--playouts", "50", "--seed", "7"]);
        assert!(out.status.success());
        let text = stdout(&out);
        assert!(text.lines().last().unwrap().starts_with("games/s: "));
        let mut rng = fastrand::Rng::with_seed(7);
        let sig = random_games(&r.rules, &r.rules.start(), 50, |n| rng.usize(..n));
        let expected = format!(
            "signature: games {} plies {} south {} north {} draws {}",
            sig.games, sig.plies, sig.south_wins, sig.north_wins, sig.draws
        );
        assert!(text.contains(&expected), "{}: {text}", r.id);
    }
}

#[test]
fn play_in_the_terminal_with_undo_help_and_save() {
    let dir = std::env::temp_dir().join(format!("mancala-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("saved.txt");
    let input = format!("help\nc\nz\nundo\nc\nF\nsave {}\nquit\n", file.display());
    let out = mancala_stdin(&["play", "wahree", "--north", "human"], &input);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("undo"), "help lists the commands");
    assert!(text.contains("South sowed 4 seeds from c"), "{text}");
    assert!(text.contains("'z' is not a pit"), "{text}");
    assert!(text.contains("saved to"), "{text}");
    let saved = std::fs::read_to_string(&file).unwrap();
    assert!(saved.contains("[Game \"wahree\"]"), "{saved}");
    assert!(saved.trim_end().ends_with("c F"), "{saved}");
    // The saved record replays.
    let out = mancala(&["replay", file.to_str().unwrap(), "--format", "jsonl"]);
    assert_eq!(lines(&out).len(), 3);
}

#[test]
fn play_against_the_computer_to_the_end() {
    // South always plays its first legal pit; feeding a stream of letters is
    // enough because illegal ones are refused and the prompt comes back.
    let letters = "a b c d e f ".repeat(400);
    let input: String = letters.split(' ').map(|l| format!("{l}\n")).collect();
    let out = mancala_stdin(&["play", "barbados-warri", "--seed", "3"], &input);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("Computer (North) plays"), "{text}");
    assert!(text.contains("Game over"), "{}", &text[text.len().saturating_sub(2000)..]);
}

#[test]
fn rules_pages_print() {
    // Every ruleset prints its own page (titled with its own name, so no
    // ruleset falls back to another game's text), and the pages differ.
    let mut pages = Vec::new();
    for r in RULESETS {
        let out = mancala(&["rules", r.id]);
        assert!(out.status.success(), "{}: {}", r.id, stderr(&out));
        let text = stdout(&out);
        let title = format!("# {}\n", r.name);
        assert!(text.starts_with(&title), "{}: {}", r.id, &text[..text.len().min(80)]);
        assert!(!pages.contains(&text), "{} repeats another ruleset's page", r.id);
        pages.push(text);
    }
    let out = mancala(&["rules", "barbados-warri"]);
    assert!(stdout(&out).starts_with("# Barbados Warri (Speightstown)\n"));
    // An unknown id is an error naming the id, not some game's rules.
    let out = mancala(&["rules", "no-such-game"]);
    assert!(!out.status.success());
    assert!(stdout(&out).is_empty(), "{}", stdout(&out));
    assert!(stderr(&out).contains("no-such-game"), "{}", stderr(&out));
}

/// `--lang` prints the web site's page of the ruleset, from the same text
/// (mancala-content): every paragraph of the shared sections, of this
/// ruleset's variant (not another's), of the house rules and the history,
/// under titles in that language.
#[test]
fn rules_pages_print_in_every_language() {
    use mancala_content::{find_page, section_title, LANGS};
    let words = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
    for r in RULESETS {
        let (page, variant) = find_page(r.id).unwrap();
        let mut texts = Vec::new();
        for (lang, code) in LANGS.iter().enumerate() {
            let out = mancala(&["rules", r.id, "--lang", code]);
            assert!(out.status.success(), "{} {code}: {}", r.id, stderr(&out));
            let text = stdout(&out);
            let title = format!("# {}\n", r.name);
            assert!(text.starts_with(&title), "{} {code}: {}", r.id, &text[..text.len().min(80)]);
            assert!(text.lines().all(|l| l.chars().count() <= 78 || !l.contains(' ')), "{}", r.id);
            let flat = words(&text);
            let mine = page.variant_sections[variant];
            for section in page.sections.iter().chain(mine).chain(page.house).chain(page.history) {
                let heading = format!("## {}", section_title(section.title, lang).unwrap());
                assert!(text.lines().any(|l| l == heading), "{} {code}: no {heading}", r.id);
                for item in section.items {
                    let para = words(item[lang].trim_start_matches("- "));
                    assert!(flat.contains(&para), "{} {code}: missing {para}", r.id);
                }
            }
            for (n, others) in page.variant_sections.iter().enumerate() {
                for item in others.iter().filter(|_| n != variant).flat_map(|s| s.items) {
                    let para = words(item[lang].trim_start_matches("- "));
                    let shared = mine
                        .iter()
                        .flat_map(|s| s.items)
                        .any(|i| words(i[lang].trim_start_matches("- ")) == para);
                    assert!(
                        shared || !flat.contains(&para),
                        "{} {code}: another variant's {para}",
                        r.id
                    );
                }
            }
            assert!(!texts.contains(&text), "{} {code} repeats another language", r.id);
            texts.push(text);
        }
    }
    let out = mancala(&["rules", "wahree", "--lang", "fr"]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("fr"), "{}", stderr(&out));
}

#[test]
fn play_a_match_first_to_two() {
    let out = mancala_stdin(
        &["play", "barbados-warri", "--north", "human", "--first-to", "2"],
        "resign\nundo\nnext\nresign\nnext\nresign\nnext\nquit\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    // Game 1: South (player 1) resigns; game 2: player 2 is South and
    // resigns; game 3: player 1 is South again and resigns: player 2 wins.
    assert!(text.contains("cannot be taken back"), "{text}");
    assert!(text.contains("Game 2: player 2 (human) plays South."), "{text}");
    assert!(text.contains("player 1 (human) 1 - 1 player 2 (human)"), "{text}");
    assert!(text.contains("player 2 (human) wins the match."), "{text}");
    assert!(text.contains("The match is over."), "{text}");
}

/// A database file is mapped when opened and its checksums are checked by
/// `egdb info`: a damaged layer is named there (and `bestmove` still
/// starts with it), a file cut short is refused by `bestmove --db` and
/// `egdb probe` with the reason, never a crash.
#[test]
fn egdb_damage_is_found_by_info_and_truncation_at_open() {
    let dir = std::env::temp_dir().join(format!("mancala-egdb-damage-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("w.egdb");
    let path = file.to_string_lossy().to_string();
    let out = mancala(&["egdb", "build", "--game", "wahree", "--seeds", "4", "--out", &path]);
    assert!(out.status.success(), "{}", stderr(&out));
    let info = mancala(&["egdb", "info", &path]);
    assert!(info.status.success(), "{}", stderr(&info));
    assert!(stdout(&info).contains("every layer's data matches its checksum"), "{}", stdout(&info));
    let from = "0,0,0,0,1,1/1,0,0,0,0,1 20-24 S";
    let bestmove = ["bestmove", "--game", "wahree", "--from", from, "--depth", "4", "--db", &path];
    let good = mancala(&bestmove);
    assert!(good.status.success(), "{}", stderr(&good));

    let verify = mancala(&["egdb", "verify", &path, "--boards", "50"]);
    assert!(verify.status.success(), "{}", stderr(&verify));
    let text = stdout(&verify);
    assert!(text.contains("layer  4: 50 boards") && text.contains("all agree"), "{text}");
    assert!(text.lines().last().unwrap().starts_with("verified: "), "{text}");
    let verify = mancala(&["egdb", "verify", &path, "--layer", "9"]);
    assert!(!verify.status.success());
    assert!(stderr(&verify).contains("holds layers 0 to 4"), "{}", stderr(&verify));

    let bytes = std::fs::read(&file).unwrap();
    let mut damaged = bytes.clone();
    *damaged.last_mut().unwrap() ^= 1;
    std::fs::write(&file, &damaged).unwrap();
    let info = mancala(&["egdb", "info", &path]);
    assert!(!info.status.success());
    assert!(stderr(&info).contains("layer 4 has checksum"), "{}", stderr(&info));
    let verify = mancala(&["egdb", "verify", &path]);
    assert!(!verify.status.success());
    assert!(stderr(&verify).contains("layer 4 has checksum"), "{}", stderr(&verify));
    assert!(mancala(&bestmove).status.success());

    std::fs::write(&file, &bytes[..bytes.len() - 3]).unwrap();
    for args in
        [&bestmove[..], &["egdb", "probe", "--game", "wahree", "--from", from, "--db", &path]]
    {
        let out = mancala(args);
        assert!(!out.status.success(), "{args:?}");
        assert!(
            stderr(&out).contains("endgame database truncated: the layer 4"),
            "{}",
            stderr(&out)
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `mancala egdb`: either builder gives the same file; the retrograde one
/// refuses relay sowing and an unknown builder is a clear error; `info`
/// names the format and, with a stall limit, the quiet-move bounds.
#[test]
fn egdb_builders_agree_and_bad_choices_are_refused() {
    let dir = std::env::temp_dir().join(format!("mancala-egdb-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = |name: &str| dir.join(name).to_string_lossy().to_string();
    for builder in ["edges", "retro"] {
        let out = mancala(&[
            "egdb",
            "build",
            "--game",
            "wahree",
            "--seeds",
            "6",
            "--threads",
            "1",
            "--out",
            &path(builder),
            "--builder",
            builder,
        ]);
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(stdout(&out).contains("revisits"), "{}", stdout(&out));
    }
    assert_eq!(std::fs::read(path("edges")).unwrap(), std::fs::read(path("retro")).unwrap());
    let info = mancala(&["egdb", "info", &path("retro")]);
    assert!(info.status.success(), "{}", stderr(&info));
    assert!(
        stdout(&info).contains("version 3 (2 bytes a position: thresholds; South to move stored"),
        "{}",
        stdout(&info)
    );

    let out = mancala(&[
        "egdb",
        "build",
        "--game",
        "wahree",
        "--seeds",
        "3",
        "--out",
        &path("x"),
        "--builder",
        "fast",
    ]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("unknown builder 'fast'; expected auto, retro or edges"));
    let out = mancala(&[
        "egdb",
        "build",
        "--game",
        "anywoli-gering",
        "--seeds",
        "4",
        "--out",
        &path("g"),
        "--builder",
        "retro",
    ]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("unsupported rules"), "{}", stderr(&out));
    assert!(!dir.join("g").exists(), "a refused build leaves no file");

    // Anywoli (relay sowing, passes): the retrograde builder by default,
    // the same file as the edges builder's.
    let out = mancala(&["egdb", "build", "--game", "anywoli", "--seeds", "4", "--out", &path("a")]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("retrograde builder"), "{}", stderr(&out));
    assert!(stdout(&out).contains("inexact"), "{}", stdout(&out));
    let args = ["egdb", "build", "--game", "anywoli", "--seeds", "4", "--builder", "edges"];
    let out = mancala(&[&args[..], &["--out", &path("ae")]].concat());
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(std::fs::read(path("a")).unwrap(), std::fs::read(path("ae")).unwrap());
    let info = mancala(&["egdb", "info", &path("a")]);
    assert!(stdout(&info).contains("quiet-move bound"), "{}", stdout(&info));
    let exactness = "exactness:   every layer: a forced result is exact wherever its own forcing \
                     line fits in what the stall count leaves";
    assert!(stdout(&info).contains(exactness), "{}", stdout(&info));
    let _ = std::fs::remove_dir_all(&dir);
}
