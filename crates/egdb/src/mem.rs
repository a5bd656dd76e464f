//! Large tables backed by huge pages where the system offers them.
//!
//! A layer's working state and the finished layers below it are read at
//! random indices spread over gigabytes. With 4 KiB pages nearly every such
//! read also misses the TLB; with 2 MiB pages the page walk mostly hits the
//! cache. Linux gives huge pages to memory marked with `MADV_HUGEPAGE` when
//! transparent huge pages are in `madvise` (or `always`) mode; elsewhere the
//! hint does nothing and the tables are ordinary memory.

/// An empty vector with room for `len` elements, its memory marked for huge
/// pages before any of it is touched.
pub fn huge_vec<T>(len: usize) -> Vec<T> {
    let v = Vec::with_capacity(len);
    advise(v.as_ptr() as usize, len * std::mem::size_of::<T>());
    v
}

/// `len` zero bytes, marked for huge pages.
pub(crate) fn huge_zeroed(len: usize) -> Vec<u8> {
    let mut v = huge_vec(len);
    v.resize(len, 0);
    v
}

#[cfg(target_os = "linux")]
fn advise(start: usize, bytes: usize) {
    const HUGE: usize = 2 << 20;
    // Smaller tables gain nothing (a search's table of 4 MiB does: see
    // mancala_ai's transposition table, which uses it too).
    const MIN_BYTES: usize = 4 << 20;
    if bytes < MIN_BYTES {
        return;
    }
    // Only whole 2 MiB pages inside the allocation can be huge.
    let from = start.next_multiple_of(HUGE);
    let to = (start + bytes) / HUGE * HUGE;
    if to > from {
        // SAFETY: [from, to) lies inside an allocation this process owns;
        // MADV_HUGEPAGE only changes how the kernel backs it, never its
        // contents, and a refusal (an old kernel, THP off) is harmless.
        unsafe {
            libc::madvise(from as *mut libc::c_void, to - from, libc::MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn advise(_start: usize, _bytes: usize) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn huge_tables_hold_what_is_written() {
        let mut v: Vec<u64> = huge_vec(3 << 20);
        v.extend((0..3u64 << 20).map(|i| i * 7));
        assert_eq!(v.len(), 3 << 20);
        assert_eq!(v[12345], 12345 * 7);
        let z = huge_zeroed(20 << 20);
        assert!(z.iter().all(|&b| b == 0));
        assert_eq!(z.len(), 20 << 20);
    }
}
