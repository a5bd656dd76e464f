//! The file format (see `docs/egdb.md`): a fixed header of [`HEADER_LEN`]
//! bytes, then the layers' data one after the other, all integers little
//! endian.

use super::index::Sides;
use super::EgdbError;
use mancala_rules::{
    Award, Capture, FeedTest, Feeding, GrandSlam, LastFour, Origin, Repetition, Rules, Sowing,
    Stall, Starved, Target, Unfed, Winner,
};

pub(crate) const MAGIC: [u8; 8] = *b"MANCEGDB";
/// The version this program writes (3: one side to move stored for
/// side-symmetric rules, the stable rules digest).
pub(crate) const FORMAT_VERSION: u32 = 3;
/// The oldest version it still reads (version 1: no per-position
/// quiet-move bounds).
pub(crate) const OLDEST_FORMAT: u32 = 1;
/// Room for layers 0..=120 (the most seeds a ruleset can have).
pub(crate) const MAX_LAYERS: usize = 121;
pub(crate) const ENTRY_LEN: usize = 64;
pub(crate) const TABLE_AT: usize = 64;
pub(crate) const HEADER_LEN: usize = 8192;
const ID_LEN: usize = 32;
const CHECKSUM_AT: usize = HEADER_LEN - 8;

/// FNV-1a, 64 bits.
pub(crate) fn fnv1a(bytes: &[u8]) -> u64 {
    fnv1a_more(FNV1A_START, bytes)
}

/// FNV-1a's starting value.
pub(crate) const FNV1A_START: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a of bytes that follow those whose FNV-1a is `h` (a checksum
/// computed piece by piece).
pub(crate) fn fnv1a_more(mut h: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// One complete layer as the header describes it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LayerEntry {
    /// Where its data starts in the file, and how many bytes.
    pub offset: u64,
    pub length: u64,
    /// FNV-1a 64 of the data.
    pub checksum: u64,
    /// Positions (boards times two sides); 0 for a layer that cannot occur.
    pub positions: u64,
    /// Live (board, side, split of the captured seeds) triples by value.
    pub win: u64,
    pub loss: u64,
    pub unresolved: u64,
    /// Jacobi sweeps used (the last changed nothing).
    pub sweeps: u32,
    /// How the layer was computed: [`LayerEntry::CARRIED`] or 0.
    pub flags: u32,
}

impl LayerEntry {
    /// Rules with a stall limit: while this layer was computed, each lower
    /// position whose forcing line is as long as the limit was read as
    /// unresolved, so that the layer's forced results rest only on lower
    /// results that hold right after a capture (see `docs/egdb.md`, "Anywoli's
    /// stall rule"). Files built before this flag existed have it nowhere.
    pub const CARRIED: u32 = 1;
    /// Every flag this program knows.
    const KNOWN: u32 = LayerEntry::CARRIED;

    /// Whether [`LayerEntry::CARRIED`] is set.
    pub fn carried(&self) -> bool {
        self.flags & LayerEntry::CARRIED != 0
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Header {
    pub format_version: u32,
    pub id: String,
    pub ruleset_version: u32,
    pub pits_per_row: u8,
    pub total_seeds: u8,
    /// Bytes a position takes in a layer's data: 2 (`win`, `lose`), or 3
    /// with the quiet-move bound (version 2, rules with a stall limit).
    pub bytes_per_position: u8,
    /// The positions stored for each board (both sides before version 3).
    pub sides: Sides,
    pub rules_digest: u64,
    pub layers: Vec<LayerEntry>,
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(b[at..at + 4].try_into().expect("4 bytes"))
}

fn u64_at(b: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(b[at..at + 8].try_into().expect("8 bytes"))
}

impl Header {
    pub(crate) fn encode(&self) -> Vec<u8> {
        let mut b = vec![0u8; HEADER_LEN];
        b[0..8].copy_from_slice(&MAGIC);
        b[8..12].copy_from_slice(&self.format_version.to_le_bytes());
        b[12..16].copy_from_slice(&self.ruleset_version.to_le_bytes());
        let id = self.id.as_bytes();
        b[16..16 + id.len()].copy_from_slice(id);
        b[48] = self.pits_per_row;
        b[49] = self.total_seeds;
        if self.format_version >= 2 {
            b[50] = self.bytes_per_position;
        }
        if self.format_version >= 3 {
            b[51] = self.sides.code();
        }
        b[52..56].copy_from_slice(&(self.layers.len() as u32).to_le_bytes());
        b[56..64].copy_from_slice(&self.rules_digest.to_le_bytes());
        for (i, e) in self.layers.iter().enumerate() {
            let at = TABLE_AT + i * ENTRY_LEN;
            let fields = [e.offset, e.length, e.checksum, e.positions, e.win, e.loss, e.unresolved];
            for (j, f) in fields.iter().enumerate() {
                b[at + 8 * j..at + 8 * j + 8].copy_from_slice(&f.to_le_bytes());
            }
            b[at + 56..at + 60].copy_from_slice(&e.sweeps.to_le_bytes());
            b[at + 60..at + 64].copy_from_slice(&e.flags.to_le_bytes());
        }
        let sum = fnv1a(&b[..CHECKSUM_AT]);
        b[CHECKSUM_AT..].copy_from_slice(&sum.to_le_bytes());
        b
    }

    /// Reads and checks the header alone (magic, format version, checksum,
    /// layout of the layer table); not the layers' data.
    pub(crate) fn decode(b: &[u8]) -> Result<Header, EgdbError> {
        let magic_len = b.len().min(8);
        if b[..magic_len] != MAGIC[..magic_len] {
            return Err(EgdbError::BadMagic { found: b[..magic_len].to_vec() });
        }
        if b.len() < 12 {
            return Err(EgdbError::Truncated {
                what: "header".into(),
                needed: 12,
                found: b.len() as u64,
            });
        }
        let format_version = u32_at(b, 8);
        if !(OLDEST_FORMAT..=FORMAT_VERSION).contains(&format_version) {
            return Err(EgdbError::UnknownFormat {
                found: format_version,
                expected: FORMAT_VERSION,
            });
        }
        if b.len() < HEADER_LEN {
            return Err(EgdbError::Truncated {
                what: "header".into(),
                needed: HEADER_LEN as u64,
                found: b.len() as u64,
            });
        }
        let expected = fnv1a(&b[..CHECKSUM_AT]);
        let found = u64_at(b, CHECKSUM_AT);
        if found != expected {
            return Err(EgdbError::HeaderChecksum { found, expected });
        }
        let corrupt = |what: String| Err(EgdbError::Corrupt(what));
        let id_bytes = &b[16..16 + ID_LEN];
        let id_len = id_bytes.iter().position(|&c| c == 0).unwrap_or(ID_LEN);
        if id_bytes[id_len..].iter().any(|&c| c != 0) {
            return corrupt("the ruleset id is not zero-padded".into());
        }
        let Ok(id) = std::str::from_utf8(&id_bytes[..id_len]) else {
            return corrupt("the ruleset id is not UTF-8".into());
        };
        let (bytes_per_position, sides) = match (format_version, b[50], b[51]) {
            (1, 0, 0) => (2, Sides::Both),
            (2, bpp @ (2 | 3), 0) => (bpp, Sides::Both),
            (3, bpp @ (2 | 3), 1) => (bpp, Sides::Mover),
            (3, bpp @ (2 | 3), 2) => (bpp, Sides::Both),
            (_, bpp, sides) => {
                return corrupt(format!(
                    "{bpp} bytes a position and {sides} side(s) stored a board in a version \
                     {format_version} file"
                ))
            }
        };
        let count = u32_at(b, 52) as usize;
        if count > MAX_LAYERS {
            return corrupt(format!("{count} layers, more than the {MAX_LAYERS} a file can hold"));
        }
        let mut layers = Vec::with_capacity(count);
        let mut offset = HEADER_LEN as u64;
        for i in 0..count {
            let at = TABLE_AT + i * ENTRY_LEN;
            let e = LayerEntry {
                offset: u64_at(b, at),
                length: u64_at(b, at + 8),
                checksum: u64_at(b, at + 16),
                positions: u64_at(b, at + 24),
                win: u64_at(b, at + 32),
                loss: u64_at(b, at + 40),
                unresolved: u64_at(b, at + 48),
                sweeps: u32_at(b, at + 56),
                flags: u32_at(b, at + 60),
            };
            if e.flags & !LayerEntry::KNOWN != 0 {
                return corrupt(format!(
                    "layer {i} has flags {:#x}; this program knows only {:#x}",
                    e.flags,
                    LayerEntry::KNOWN
                ));
            }
            if e.offset != offset
                || Some(e.length) != e.positions.checked_mul(bytes_per_position as u64)
            {
                return corrupt(format!(
                    "layer {i} is described at offset {} with {} bytes for {} positions; \
                     expected offset {offset} and {bytes_per_position} bytes a position",
                    e.offset, e.length, e.positions
                ));
            }
            offset = match offset.checked_add(e.length) {
                Some(o) => o,
                None => return corrupt(format!("layer {i} is too long")),
            };
            layers.push(e);
        }
        Ok(Header {
            format_version,
            id: id.to_string(),
            ruleset_version: u32_at(b, 12),
            pits_per_row: b[48],
            total_seeds: b[49],
            bytes_per_position,
            sides,
            rules_digest: u64_at(b, 56),
            layers,
        })
    }
}

/// The rules digest of format 3: FNV-1a 64 of [`rules_encoding`].
pub(crate) fn rules_digest(rules: &Rules) -> u64 {
    fnv1a(&rules_encoding(rules))
}

/// The rules digest of formats 1 and 2: FNV-1a 64 of the `Debug` text of
/// the rules. A renamed variant or a new field changes it (and so refuses
/// those files); kept only to check old files.
pub(crate) fn legacy_rules_digest(rules: &Rules) -> u64 {
    fnv1a(format!("{rules:?}").as_bytes())
}

/// The rule fields as bytes, for the header's digest: one code per field in
/// a fixed order, each variant a fixed number and each number in a variant
/// one byte, so that renaming a field or a variant changes nothing. A new
/// variant gets a new code; a new field is appended (the `match` below
/// lists every field, so it cannot be forgotten), and should be left out
/// while it has the value that keeps today's behaviour, so that existing
/// files stay valid. Pinned by `rules_digests_are_stable` (crates/ai/tests/egdb.rs).
pub(crate) fn rules_encoding(rules: &Rules) -> Vec<u8> {
    let Rules {
        pits_per_row,
        seeds_per_pit,
        sowing,
        origin,
        capture,
        feeding,
        target,
        starved,
        leftover,
        winner,
        repetition,
        stall,
    } = *rules;
    let award = |a: Award| match a {
        Award::Uncaptured => 0,
        Award::OwnRow => 1,
        Award::Split => 2,
        Award::ToPlayerToMove => 3,
    };
    let mut b = vec![b'R', 1, pits_per_row, seeds_per_pit];
    b.push(match sowing {
        Sowing::SingleLap => 0,
        Sowing::Relay => 1,
    });
    b.push(match origin {
        Origin::Skipped => 0,
        Origin::Sown => 1,
        Origin::SkippedByEachLap => 2,
    });
    b.extend(match capture {
        Capture::TwosAndThrees { grand_slam } => [
            0,
            match grand_slam {
                GrandSlam::CapturesAll => 0,
                GrandSlam::CapturesNothing => 1,
                GrandSlam::WipeOut => 2,
            },
        ],
        Capture::Fours { last_four } => [
            1,
            match last_four {
                LastFour::PenultimateCapturer => 0,
                LastFour::FirstLapCapturer => 1,
                LastFour::Lot => 2,
            },
        ],
        Capture::Opposite => [2, 0],
    });
    b.extend(match feeding {
        Feeding::NotRequired => [0, 0, 0],
        Feeding::Required { test, otherwise } => [
            1,
            match test {
                FeedTest::LeavesSeeds => 0,
                FeedTest::SowsInto => 1,
            },
            match otherwise {
                Unfed::AnyMove => 0,
                Unfed::GameEnds => 1,
            },
        ],
    });
    b.extend(match target {
        Target::None => [0, 0],
        Target::Reach(t) => [1, t],
        Target::Majority => [2, 0],
    });
    b.extend(match starved {
        Starved::Passes => [0, 0],
        Starved::GameEnds(a) => [1, award(a)],
    });
    b.push(award(leftover));
    b.extend(match winner {
        Winner::MostSeeds => [0, 0],
        Winner::Reach(t) => [1, t],
    });
    b.push(match repetition {
        Repetition::EndsGame => 0,
    });
    b.extend(match stall {
        Stall::None => [0, 0],
        Stall::QuietMoves(n) => [1, n],
    });
    b
}

/// Checks that the file is exactly as long as its header says: every
/// layer there, nothing after the last complete one. Reads no layer data.
pub(crate) fn check_length(header: &Header, len: u64) -> Result<(), EgdbError> {
    for (i, e) in header.layers.iter().enumerate() {
        let end = e.offset + e.length;
        if end > len {
            return Err(EgdbError::Truncated {
                what: format!("layer {i}"),
                needed: end,
                found: len,
            });
        }
    }
    let end = HEADER_LEN as u64 + header.layers.iter().map(|e| e.length).sum::<u64>();
    if len != end {
        return Err(EgdbError::Corrupt(format!(
            "{} bytes after the last complete layer (a build that was stopped? run it \
             again to finish it)",
            len - end
        )));
    }
    Ok(())
}

/// Checks every layer's data against its checksum (`bytes`: the whole
/// file, of the length [`check_length`] accepted).
pub(crate) fn check_checksums(header: &Header, bytes: &[u8]) -> Result<(), EgdbError> {
    for (i, e) in header.layers.iter().enumerate() {
        let found = fnv1a(&bytes[e.offset as usize..(e.offset + e.length) as usize]);
        if found != e.checksum {
            return Err(EgdbError::LayerChecksum { layer: i as u32, found, expected: e.checksum });
        }
    }
    Ok(())
}
