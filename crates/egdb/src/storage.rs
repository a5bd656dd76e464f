//! Where a database's bytes live: mapped from its file (opening costs no
//! reading; the pages come in as probes touch them and stay in the page
//! cache for the next program), or in memory (a database built in memory,
//! or handed over as bytes).

use super::format::{Header, HEADER_LEN};
use super::{io, EgdbError};
use std::fs::File;
use std::ops::Deref;
use std::path::Path;

/// A database file's bytes (header and layers).
pub(crate) enum Storage {
    Memory(Vec<u8>),
    Mapped(memmap2::Mmap),
}

impl Deref for Storage {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match self {
            Storage::Memory(bytes) => bytes,
            Storage::Mapped(map) => map,
        }
    }
}

/// Maps the file at `path` read-only and decodes its header. Only the
/// header page is read here; the layers' checksums are left to
/// [`super::Egdb::verify`]. The file's length is checked against the
/// header before anything past the header is touched, so a file cut short
/// is refused with [`EgdbError::Truncated`] instead of faulting when a
/// probe reaches the missing part.
pub(crate) fn map_file(path: &Path) -> Result<(Header, Storage), EgdbError> {
    let file = File::open(path).map_err(io(path))?;
    let len = file.metadata().map_err(io(path))?.len();
    if len < HEADER_LEN as u64 {
        // Too short to map usefully (an empty file cannot be mapped at
        // all): read what there is and let the header say what is wrong.
        let bytes = std::fs::read(path).map_err(io(path))?;
        Header::decode(&bytes)?;
        return Err(EgdbError::Truncated {
            what: "header".into(),
            needed: HEADER_LEN as u64,
            found: bytes.len() as u64,
        });
    }
    // SAFETY: the map is read-only and only read as bytes, so any contents
    // are valid. What the type system cannot promise is that nobody
    // changes the file while it is mapped: the contents would change under
    // the reader (probes then read whatever is there; the checksums of
    // `verify` would catch it), and a file cut shorter than the map makes
    // a read of the lost part fault (SIGBUS). Builds only append to a
    // complete file and rewrite its header, which is decoded once below
    // and not read again from the map; docs/egdb.md says to replace a
    // database by renaming a new file over it, never by writing into it.
    let map = unsafe { memmap2::Mmap::map(&file) }.map_err(io(path))?;
    let header = Header::decode(&map)?;
    Ok((header, Storage::Mapped(map)))
}
