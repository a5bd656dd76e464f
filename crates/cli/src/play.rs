//! `mancala play`: a game in the terminal, two people or one against the computer.

use crate::board;
use anyhow::{bail, Context, Result};
use clap::ValueEnum;
use mancala_rules::{explain, Ending, Game, Match, MoveReport, Pit, Record, Ruleset, Side};
use std::io::{BufRead, Write};

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq, Debug)]
pub enum Player {
    Human,
    Computer,
}

#[derive(clap::Args)]
pub struct PlayArgs {
    /// Game id (see `mancala games`).
    game: String,
    /// Who plays South (moves first).
    #[arg(long, value_enum, default_value_t = Player::Human)]
    south: Player,
    /// Who plays North.
    #[arg(long, value_enum, default_value_t = Player::Computer)]
    north: Player,
    /// Start from a position in the one-line notation.
    #[arg(long)]
    from: Option<String>,
    /// Continue a game saved with `save FILE`.
    #[arg(long)]
    load: Option<std::path::PathBuf>,
    /// Play a match: the first to win this many games wins (Barbados: 6);
    /// colours alternate every game and draws do not count.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=99))]
    first_to: Option<u32>,
    /// The computer's strength, 1 (beginner) to 8 (strongest); see
    /// `mancala levels`.
    #[arg(long, value_name = "LEVEL", default_value_t = 3,
          value_parser = clap::value_parser!(u8).range(1..=8))]
    ai: u8,
    /// An endgame database for the computer (level 8); by default
    /// egdb/GAME.egdb when it exists.
    #[arg(long)]
    db: Option<std::path::PathBuf>,
    /// Seed for the computer's choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

const HELP: &str = "\
Commands:
  a, b, C ...   play the pit with that letter (lowercase: South's row, uppercase: North's)
  undo          take back the last move (and the computer's reply)
  moves         list the moves so far
  rules         print the rules of this game
  save FILE     save the game as a record
  agree         end the game by agreement that the seeds circulate (as at a cycle)
  resign        resign the game
  next          start the next game of a match (--first-to)
  help          this list
  quit          leave without saving";

struct Session {
    ruleset: Ruleset,
    game: Game,
    players: [Player; 2],
    last: Option<MoveReport>,
    ending: Ending,
    rng: fastrand::Rng,
    ai: mancala_ai::Player,
    level: u8,
    oracle: Option<Box<dyn mancala_ai::Oracle>>,
    /// The match, with the player (as set up by the options: 0 = South in
    /// the first game) of each side, and whether this game is counted yet.
    contest: Option<Contest>,
}

struct Contest {
    score: Match,
    /// Player kinds as first given (index 0 played South in game 1).
    kinds: [Player; 2],
    counted: bool,
}

/// A new game's lot seed ([`mancala_rules::LastFour::Lot`]): random, as a
/// lot should be; the record keeps it, so the game replays exactly.
fn fresh_lot_seed() -> u64 {
    fastrand::u64(..)
}

pub fn run(args: PlayArgs) -> Result<()> {
    let (ruleset, game) = match &args.load {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read record file {}", path.display()))?;
            let record = Record::parse(&text)?;
            if crate::find(&args.game)?.id != record.ruleset.id {
                bail!("the record is a game of {}, not {}", record.ruleset.id, args.game);
            }
            if args.from.is_some() {
                bail!("give either --load or --from, not both");
            }
            (record.ruleset, record.game())
        }
        None => {
            let ruleset = *crate::find(&args.game)?;
            let start = crate::start_position(&ruleset.rules, args.from.as_deref())?;
            (ruleset, Game::from_position(ruleset.rules, start).with_lot_seed(fresh_lot_seed()))
        }
    };
    let mut s = Session {
        ruleset,
        game,
        players: [args.south, args.north],
        last: None,
        ending: Ending::Unfinished,
        rng: fastrand::Rng::with_seed(args.seed),
        ai: mancala_ai::Player::new(
            mancala_ai::PlayerSpec::Level(args.ai),
            ruleset.rules,
            args.seed,
        ),
        level: args.ai,
        oracle: crate::ai::load_oracle(ruleset.id, args.db.as_deref())?,
        contest: args.first_to.map(|n| Contest {
            score: Match::new(n),
            kinds: [args.south, args.north],
            counted: false,
        }),
    };
    println!("{} — type a pit letter to move, or 'help'.", s.ruleset.name);
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    loop {
        let rules = s.ruleset.rules;
        println!("\n{}{}", board::draw(&rules, s.game.position(), s.last.as_ref()), status(&s));
        count_for_match(&mut s);
        if !s.game.is_over() && s.ending == Ending::Unfinished {
            let side = s.game.position().to_move();
            if s.players[side.index()] == Player::Computer {
                let pit = computer_move(&mut s);
                let report = s.game.play_reported(pit).expect("the computer plays legal moves");
                println!(
                    "\nComputer ({}) plays {}: {}",
                    board::title(side),
                    pit.letter(&rules),
                    explain(&rules, &report)
                );
                s.last = Some(report);
                continue;
            }
            print!("{}> ", board::title(side));
        } else {
            let next = if s.contest.is_some() { "next, " } else { "" };
            print!("game over ({next}undo, save FILE, quit)> ");
        }
        std::io::stdout().flush()?;
        let Some(line) = lines.next() else {
            println!();
            return Ok(());
        };
        let line = line.context("cannot read input")?;
        let mut words = line.split_whitespace();
        let Some(word) = words.next() else { continue };
        let rest: Vec<&str> = words.collect();
        match word {
            "quit" | "exit" => return Ok(()),
            "help" | "?" => println!("{HELP}"),
            "rules" => println!("{}", crate::rules_page_of(&s.ruleset)?),
            "moves" => {
                let letters: Vec<String> =
                    s.game.moves().iter().map(|p| p.letter(&rules).to_string()).collect();
                println!(
                    "{}",
                    if letters.is_empty() { "(no moves yet)".into() } else { letters.join(" ") }
                );
            }
            "undo" => undo(&mut s),
            "save" => match rest.as_slice() {
                [file] => match save(&s, file) {
                    Ok(()) => println!("saved to {file}"),
                    Err(e) => println!("could not save: {e:#}"),
                },
                _ => println!("usage: save FILE"),
            },
            "next" => next_game(&mut s),
            "resign" if !s.game.is_over() && s.ending == Ending::Unfinished => {
                s.ending = Ending::Resignation { loser: s.game.position().to_move() };
            }
            "agree" if !s.game.is_over() && s.ending == Ending::Unfinished => {
                let opponent = !s.game.position().to_move();
                let accepts = s.players[opponent.index()] == Player::Human
                    || s.game.position().quiet_moves() >= 12;
                if accepts {
                    s.game.agree_to_end();
                    s.ending = Ending::Rules(mancala_rules::EndReason::Agreed);
                } else {
                    println!("The computer declines: the seeds have not circulated for 12 moves without a capture.");
                }
            }
            _ if s.game.is_over() || s.ending != Ending::Unfinished => {
                println!("The game is over: undo, save FILE or quit.")
            }
            _ => match Pit::parse(word, &rules) {
                Err(e) => println!("{e} (or type 'help')"),
                Ok(pit) => match s.game.play_reported(pit) {
                    Ok(report) => {
                        println!("\n{}", explain(&rules, &report));
                        s.last = Some(report);
                    }
                    Err(e) => println!("{e}"),
                },
            },
        }
    }
}

/// The name of the player of a match (1 or 2) with their kind.
fn contestant(c: &Contest, player: usize) -> String {
    let kind = match c.kinds[player] {
        Player::Human => "human",
        Player::Computer => "computer",
    };
    format!("player {} ({kind})", player + 1)
}

/// Counts a finished game in the match once, and shows the match score.
fn count_for_match(s: &mut Session) {
    let over = s.game.position().outcome().map(|o| o.winner);
    let winner = match (s.ending, over) {
        (Ending::Resignation { loser }, _) => Some(Some(!loser)),
        (_, Some(w)) => Some(w),
        _ => None,
    };
    let Some(c) = s.contest.as_mut() else { return };
    let Some(winner) = winner else { return };
    if !c.counted {
        c.counted = true;
        let _ = c.score.record(winner);
    }
    let [a, b] = c.score.score();
    println!(
        "Match (first to {}): {} {a} - {b} {}",
        c.score.first_to(),
        contestant(c, 0),
        contestant(c, 1)
    );
    match c.score.winner() {
        Some(p) => println!("{} wins the match.", contestant(c, p)),
        None => println!("Type 'next' for the next game (colours change)."),
    }
}

fn next_game(s: &mut Session) {
    let Some(c) = s.contest.as_mut() else {
        println!("'next' is for matches: start one with --first-to N.");
        return;
    };
    if !c.counted {
        println!("Finish this game first (or resign).");
        return;
    }
    if c.score.winner().is_some() {
        println!("The match is over.");
        return;
    }
    c.counted = false;
    let south = c.score.player(Side::South);
    s.players = [c.kinds[south], c.kinds[1 - south]];
    s.game = Game::new(s.ruleset.rules).with_lot_seed(fresh_lot_seed());
    s.ending = Ending::Unfinished;
    s.last = None;
    println!("Game {}: {} plays South.", c.score.games_played() + 1, contestant(c, south));
}

fn status(s: &Session) -> String {
    match s.ending {
        Ending::Resignation { loser } => {
            format!("{} resigned; {} wins.", board::title(loser), board::title(!loser))
        }
        _ => board::status(s.game.position()),
    }
}

fn undo(s: &mut Session) {
    if s.contest.as_ref().is_some_and(|c| c.counted) {
        println!("This game has been counted in the match; it cannot be taken back.");
        return;
    }
    if s.ending != Ending::Unfinished {
        // Taking back a resignation or an agreement.
        let agreed = matches!(s.ending, Ending::Rules(_));
        s.ending = Ending::Unfinished;
        if agreed {
            let moves = s.game.moves().to_vec();
            let start = *s.game.start();
            s.game = Game::from_position(s.ruleset.rules, start).with_lot_seed(s.game.lot_seed());
            for pit in moves {
                let _ = s.game.play(pit);
            }
        }
        println!("Taken back.");
        return;
    }
    loop {
        if s.game.undo().is_none() {
            println!("Nothing to take back.");
            break;
        }
        let side = s.game.position().to_move();
        if s.players[side.index()] == Player::Human || s.game.moves().is_empty() {
            break;
        }
    }
    s.last = None;
}

fn save(s: &Session, file: &str) -> Result<()> {
    let name = |p: Player| match p {
        Player::Human => "Human".to_string(),
        Player::Computer => format!("Computer (level {})", s.level),
    };
    let tags = vec![
        ("South".to_string(), name(s.players[0])),
        ("North".to_string(), name(s.players[1])),
        ("Date".to_string(), today()),
    ];
    let record = Record::new(s.ruleset, &s.game, tags, s.ending);
    std::fs::write(file, record.to_string()).with_context(|| format!("cannot write {file}"))?;
    Ok(())
}

/// The computer's move at the chosen level.
fn computer_move(s: &mut Session) -> Pit {
    let oracle = s.oracle.as_deref();
    match s.ai.choose(&s.game, oracle) {
        Some(pit) => pit,
        // Only reached if the game is over, which the caller rules out.
        None => s
            .game
            .legal_moves()
            .nth(s.rng.usize(..s.game.legal_moves().len().max(1)))
            .unwrap_or(Pit(0)),
    }
}

/// Today's date (UTC) as YYYY-MM-DD.
fn today() -> String {
    let days = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() / 86_400)
        .unwrap_or(0) as i64;
    // Civil-from-days (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}
