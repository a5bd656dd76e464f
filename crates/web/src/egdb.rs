//! The endgame databases the server consults: `DIR/ID.egdb` for each
//! ruleset (the files `mancala egdb build` writes, `egdb/` by default, as
//! for the `mancala` command), each opened on first use and then kept. A
//! missing file means no database for that game; a file that does not open
//! (damaged, built for other rules) is logged once and treated as missing.

use mancala_ai::egdb::Egdb;
use mancala_ai::Result3;
use mancala_rules::{Position, Ruleset, Side};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};

/// Each ruleset's database, read once: callers that arrive while it is
/// being read wait for that reading rather than start another (a database
/// can be hundreds of megabytes).
type Slot = Arc<OnceLock<Option<Arc<Egdb>>>>;

pub struct Databases {
    dir: Option<PathBuf>,
    opened: Mutex<HashMap<&'static str, Slot>>,
}

/// What a database says of a position, for people.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exact {
    /// The result for South (`None`: a draw).
    pub winner: Option<Side>,
}

impl Databases {
    /// Databases read from `dir` (`None`: none at all).
    pub fn new(dir: Option<PathBuf>) -> Databases {
        Databases { dir, opened: Mutex::new(HashMap::new()) }
    }

    /// The database of a ruleset, opened on first use. Blocking (opening
    /// maps the file and reads its header, and a probe may read a page
    /// from the disk): call it off the async threads.
    pub fn get(&self, ruleset: &'static Ruleset) -> Option<Arc<Egdb>> {
        let dir = self.dir.as_ref()?;
        let slot = self.opened.lock().ok()?.entry(ruleset.id).or_default().clone();
        slot.get_or_init(|| {
            let path = dir.join(format!("{}.egdb", ruleset.id));
            if !path.exists() {
                return None;
            }
            match Egdb::open(&path, ruleset) {
                Ok(db) => Some(Arc::new(db)),
                Err(e) => {
                    tracing::warn!("endgame database {} not used: {e}", path.display());
                    None
                }
            }
        })
        .clone()
    }

    /// The database's exact result for a position with no repetition
    /// history (as set up, or right after a capture), if it has one.
    pub fn exact(&self, ruleset: &'static Ruleset, pos: &Position) -> Option<Exact> {
        let db = self.get(ruleset)?;
        exact_in(&db, pos)
    }
}

/// [`Databases::exact`] for one database.
pub fn exact_in(db: &Egdb, pos: &Position) -> Option<Exact> {
    let probe = db.probe(pos).filter(|p| p.exact)?;
    let mover = pos.to_move();
    Some(Exact {
        winner: match probe.result? {
            Result3::Win => Some(mover),
            Result3::Loss => Some(!mover),
            Result3::Draw => None,
        },
    })
}
