//! The transposition table: one entry a slot, replaced when the new search is as deep or the
//! slot holds another position.

use shakmaty::Move;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    Exact,
    /// The score is at least this (a beta cut-off).
    Lower,
    /// The score is at most this (no move raised alpha).
    Upper,
}

#[derive(Clone, Debug)]
pub(crate) struct Entry {
    pub key: u64,
    pub depth: i32,
    pub score: i32,
    pub bound: Bound,
    pub best: Option<Move>,
}

pub(crate) struct Table {
    slots: Vec<Option<Entry>>,
    mask: u64,
}

impl Table {
    /// A table of `2^bits` slots.
    pub fn new(bits: u32) -> Table {
        let size = 1usize << bits;
        Table {
            slots: vec![None; size],
            mask: (size - 1) as u64,
        }
    }

    fn index(&self, key: u64) -> usize {
        (key & self.mask) as usize
    }

    pub fn probe(&self, key: u64) -> Option<&Entry> {
        self.slots[self.index(key)]
            .as_ref()
            .filter(|entry| entry.key == key)
    }

    pub fn store(&mut self, entry: Entry) {
        let index = self.index(entry.key);
        let slot = &mut self.slots[index];
        let replace = match slot {
            Some(old) => old.key != entry.key || entry.depth >= old.depth,
            None => true,
        };
        if replace {
            *slot = Some(entry);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_entry_is_found_by_its_key_only() {
        let mut table = Table::new(4);
        table.store(Entry {
            key: 0x35,
            depth: 3,
            score: 12,
            bound: Bound::Exact,
            best: None,
        });
        assert_eq!(table.probe(0x35).map(|e| e.score), Some(12));
        assert!(table.probe(0x25).is_none(), "same slot, other key");
        // A shallower search of the same position does not replace a deeper one.
        table.store(Entry {
            key: 0x35,
            depth: 1,
            score: 40,
            bound: Bound::Exact,
            best: None,
        });
        assert_eq!(table.probe(0x35).map(|e| e.depth), Some(3));
    }
}
