//! Ranking boards: every board with exactly `n` seeds in `p` pits gets a
//! number in `0..C(n + p - 1, p - 1)` ("stars and bars"), in lexicographic
//! order of the pit counts read in sowing order (pit 0 most significant,
//! fewer seeds first). A position's index in its layer is the rank of its
//! board read from the mover's row ([`Sides::Mover`]: the rules are
//! side-symmetric and only South-to-move positions are stored, North's
//! being their mirror), or `2 * rank + side` (South 0, North 1) where both
//! sides are stored ([`Sides::Both`]: files of format 1 and 2, and rules
//! that favour a side).

use mancala_rules::Side;

/// Which positions a layer stores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Sides {
    /// Every board with each side to move: index `2 * rank + side`.
    Both,
    /// Every board with South to move: index `rank`; a position with North
    /// to move is its mirror (the rows swapped, North's row read first).
    Mover,
}

impl Sides {
    /// Positions stored per board.
    pub(crate) fn per_board(self) -> u64 {
        match self {
            Sides::Both => 2,
            Sides::Mover => 1,
        }
    }

    /// The byte the file header stores for it (format 3).
    pub(crate) fn code(self) -> u8 {
        self.per_board() as u8
    }
}

/// Binomial coefficients `C(a, b)` for `a < ROWS`, `b <= a`, saturating at
/// `u64::MAX` (only values that fit a layer's size are ever used).
#[derive(Clone, Debug)]
pub(crate) struct Binomials {
    /// `C(a, b)` at `b * ROWS + a`.
    table: Vec<u64>,
    /// What ranking reads, one entry a pit: `C(r + k - 1, k)` at
    /// `k << RANK_SHIFT | r`, for `k < 32` and `r < 1 << RANK_SHIFT`
    /// (see [`Binomials::rank`]). A fixed size and masked indices: ranking,
    /// about a third of a build's instructions, reads it without bounds
    /// checks.
    after: Box<[u64; RANK_LEN]>,
}

/// Enough for 120 seeds on 24 pits.
const ROWS: usize = 160;

/// Seeds a rank table row covers: `1 << RANK_SHIFT` (more than `ROWS`).
const RANK_SHIFT: usize = 8;
/// Rows of the rank table: one for each `k < 32` (more than `MAX_PITS`).
const RANK_LEN: usize = 32 << RANK_SHIFT;

impl Binomials {
    pub(crate) fn new() -> Binomials {
        let mut table = vec![0u64; ROWS * ROWS];
        for a in 0..ROWS {
            table[a] = 1;
            for b in 1..=a {
                let above = table[(b - 1) * ROWS + a - 1];
                let beside = if b < a { table[b * ROWS + a - 1] } else { 0 };
                table[b * ROWS + a] = above.saturating_add(beside);
            }
        }
        let mut after: Box<[u64; RANK_LEN]> =
            vec![0u64; RANK_LEN].into_boxed_slice().try_into().expect("rank table length");
        // C(r + k - 1, k) (0 for r = 0 < k, or r = k = 0), saturating where the
        // binomial table ends (never read for a layer that can be built).
        for k in 0..32 {
            for r in 0..1 << RANK_SHIFT {
                after[k << RANK_SHIFT | r] = match (r + k).checked_sub(1) {
                    Some(a) if a < ROWS => table[k * ROWS + a],
                    Some(_) => u64::MAX,
                    None => 0,
                };
            }
        }
        Binomials { table, after }
    }

    /// `C(a, b)`; 0 when `b > a`.
    #[inline]
    pub(crate) fn c(&self, a: usize, b: usize) -> u64 {
        if b > a || a >= ROWS {
            return if b > a { 0 } else { u64::MAX };
        }
        self.table[b * ROWS + a]
    }

    /// Boards with exactly `n` seeds in `pits` pits.
    #[inline]
    pub(crate) fn boards(&self, n: usize, pits: usize) -> u64 {
        if pits == 0 {
            return (n == 0) as u64;
        }
        self.c(n + pits - 1, pits - 1)
    }

    /// The rank of a board holding `n` seeds in all.
    #[inline]
    pub(crate) fn rank(&self, board: &[u8], n: usize) -> u64 {
        self.rank_from(board, n, 0)
    }

    /// The rank of a board holding `n` seeds in all, read from pit `from`
    /// round to pit `from - 1` (the board with its rows swapped, for
    /// `from` the first pit of North's row).
    ///
    /// The boards of `n` seeds in `p` pits are the ways to put `p - 1`
    /// bars among `n + p - 1` places, and lexicographic order on the pits
    /// is the reverse of colexicographic order on the bars counted from
    /// the end: the rank is `C(n + p - 1, p - 1) - 1` less, for each pit
    /// `i` read, `C(r + k - 1, k)` with `k = p - 1 - i` the pits after it
    /// and `r` the seeds left after it. One table read a pit (the last
    /// pit's, `C(-1, 0)` with nothing left, is 0).
    #[inline]
    pub(crate) fn rank_from(&self, board: &[u8], n: usize, from: usize) -> u64 {
        const MASK: usize = (1 << RANK_SHIFT) - 1;
        let p = board.len();
        let (front, back) = board.split_at(from.min(p));
        let mut r = n;
        let mut k = p;
        let mut below = 0u64;
        // (Wrapping arithmetic and masked indices: a board whose seeds do
        // not add up to `n` gets some rank, never a panic.)
        let mut step = |v: u8| {
            k = k.wrapping_sub(1);
            r = r.wrapping_sub(v as usize);
            below = below.wrapping_add(self.after[(k & 31) << RANK_SHIFT | (r & MASK)]);
        };
        for &v in back {
            step(v);
        }
        for &v in front {
            step(v);
        }
        let all = self.after[(p.wrapping_sub(1) & 31) << RANK_SHIFT | ((n + 1) & MASK)];
        all.wrapping_sub(1).wrapping_sub(below)
    }

    /// The index in its layer of a board with `n` seeds and `side` to move.
    #[inline]
    pub(crate) fn index(&self, board: &[u8], n: usize, side: Side, sides: Sides) -> usize {
        match sides {
            Sides::Both => 2 * self.rank(board, n) as usize + side.index(),
            Sides::Mover => self.rank_from(board, n, side.index() * (board.len() / 2)) as usize,
        }
    }

    /// `C(r + k - 1, k)`: what pit `i` with `k = p - 1 - i` pits after it
    /// and `r` seeds left after it takes off a rank (see
    /// [`Binomials::rank_from`]), for `k < 32` and `r < 256`; masked like
    /// the reads of `rank_from`.
    #[inline(always)]
    pub(crate) fn term(&self, k: usize, r: usize) -> u64 {
        self.after[(k & 31) << RANK_SHIFT | (r & ((1 << RANK_SHIFT) - 1))]
    }

    /// The board of a given rank with `n` seeds in `board.len()` pits.
    ///
    /// The inverse of [`Binomials::rank_from`] read from pit 0: the sum of
    /// the pits' terms is `C(n + p - 1, p - 1) - 1 - rank`, each term
    /// grows with the seeds left after its pit, and these never grow from
    /// one pit to the next, so pit by pit the seeds left after it are the
    /// most whose term still fits in what is left of the sum (the
    /// combinatorial number system, read greedily).
    pub(crate) fn unrank(&self, rank: u64, n: usize, board: &mut [u8]) {
        let p = board.len();
        let mut rest = self.term(p.wrapping_sub(1), n + 1).wrapping_sub(1).wrapping_sub(rank);
        let mut r = n;
        for (i, pit) in board[..p - 1].iter_mut().enumerate() {
            let k = p - 1 - i;
            let mut left = r;
            while self.term(k, left) > rest {
                left -= 1;
            }
            rest -= self.term(k, left);
            *pit = (r - left) as u8;
            r = left;
        }
        board[p - 1] = r as u8;
    }
}

/// Steps `board` to the board of the next rank (same seeds); false if it was
/// the last (every seed in pit 0).
#[inline]
pub(crate) fn next_board(board: &mut [u8]) -> bool {
    let p = board.len();
    let Some(last) = (1..p).rev().find(|&i| board[i] > 0) else {
        return false;
    };
    let tail = board[last];
    board[last] = 0;
    board[last - 1] += 1;
    board[p - 1] = tail - 1;
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_count_every_board_once_in_order() {
        let b = Binomials::new();
        for (n, p) in [(0, 4), (1, 3), (5, 4), (7, 12), (4, 24), (3, 1)] {
            let mut board = vec![0u8; p];
            board[p - 1] = n as u8;
            let total = b.boards(n, p);
            let mut count = 0;
            loop {
                assert_eq!(b.rank(&board, n), count, "{board:?}");
                let mut back = vec![0u8; p];
                b.unrank(count, n, &mut back);
                assert_eq!(back, board);
                count += 1;
                if !next_board(&mut board) {
                    break;
                }
            }
            assert_eq!(count, total, "n={n} p={p}");
        }
        assert_eq!(b.boards(16, 12), 13_037_895);
    }

    /// A position with North to move has the index of its mirror with South
    /// to move; with both sides stored, `2 * rank + side`.
    #[test]
    fn mirrored_positions_share_an_index() {
        let b = Binomials::new();
        for (n, p) in [(0, 4), (3, 4), (5, 12), (2, 24)] {
            let mut board = vec![0u8; p];
            board[p - 1] = n as u8;
            let mut seen = vec![false; b.boards(n, p) as usize];
            loop {
                let mut mirror = board.clone();
                mirror.rotate_left(p / 2);
                let i = b.index(&board, n, Side::South, Sides::Mover);
                assert_eq!(i as u64, b.rank(&board, n));
                assert_eq!(b.index(&mirror, n, Side::North, Sides::Mover), i, "{board:?}");
                assert_eq!(b.index(&board, n, Side::North, Sides::Both), 2 * i + 1);
                seen[b.index(&board, n, Side::North, Sides::Mover)] = true;
                if !next_board(&mut board) {
                    break;
                }
            }
            assert!(seen.iter().all(|&s| s), "every index is some North position's");
        }
        assert_eq!(b.boards(8, 24), 7_888_725);
    }
}
