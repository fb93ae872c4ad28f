//! The rows committed lately to each event file of this process, as the store tells them
//! (`tablekeeper_commands::session::replica::listen_for_commits`): a station's waiting ask is answered
//! from here without the desk, and a station's acknowledgement is checked against them.

use std::collections::VecDeque;
use std::path::{Path, PathBuf};

use tablekeeper_commands::session::replica::{Committed, ROWS_PER_ANSWER, ReplicaRow};

/// Event files whose recent rows are kept at most (the shared event and its side events).
const FILES_KEPT: usize = 8;
/// Rows kept per file (a waiting ask is a change or two behind at most).
const ROWS_KEPT: usize = 256;

/// The recent rows of each file.
#[derive(Default)]
pub struct RecentRows {
    files: Vec<(PathBuf, Recent)>,
}

/// The last rows committed to one file, in order, and the log's checksum before them.
struct Recent {
    before: String,
    rows: VecDeque<ReplicaRow>,
    /// The file's rows at the last commit said done ([`RecentRows::set_committed`]).
    committed: i64,
}

impl RecentRows {
    /// Keeps the rows of a commit: after the file's earlier ones when they continue them,
    /// else instead of them (a file replaced, or rows written by another path meanwhile).
    pub fn keep(&mut self, committed: &Committed) {
        let Some(first) = committed.rows.first() else {
            return;
        };
        let index = self.position(committed.path);
        if let Some(kept) = index.map(|index| &mut self.files[index].1)
            && kept.last() == (first.seq - 1, committed.before)
        {
            kept.rows.extend(committed.rows.iter().cloned());
            kept.trim();
            return;
        }
        if let Some(index) = index {
            self.files.remove(index);
        }
        if self.files.len() >= FILES_KEPT {
            self.files.remove(0);
        }
        let mut kept = Recent {
            before: committed.before.to_string(),
            rows: committed.rows.iter().cloned().collect(),
            committed: 0,
        };
        kept.trim();
        self.files.push((committed.path.to_path_buf(), kept));
    }

    /// `event` now holds `rows` rows, said done by its command.
    pub fn set_committed(&mut self, event: &Path, rows: i64) {
        if let Some(index) = self.position(event) {
            self.files[index].1.committed = rows;
        }
    }

    /// The rows committed to `event` after a copy of `rows` rows ending in `checksum`,
    /// when they are all here (at most an answer's worth).
    pub fn after(&self, event: &Path, rows: i64, checksum: &str) -> Option<Vec<ReplicaRow>> {
        let kept = &self.files[self.position(event)?].1;
        let start = if kept.rows.front()?.seq == rows + 1 && kept.before == checksum {
            0
        } else {
            1 + kept
                .rows
                .iter()
                .position(|row| row.seq == rows && row.checksum == checksum)?
        };
        let found: Vec<ReplicaRow> = kept
            .rows
            .iter()
            .skip(start)
            .take(ROWS_PER_ANSWER)
            .cloned()
            .collect();
        (!found.is_empty()).then_some(found)
    }

    /// Whether a copy of `rows` rows ending in `checksum` holds `event`'s newest row.
    pub fn holds_newest(&self, event: &Path, rows: i64, checksum: &str) -> bool {
        self.position(event).is_some_and(|index| {
            let kept = &self.files[index].1;
            kept.committed <= rows && kept.last() == (rows, checksum)
        })
    }

    /// The file a copy of `rows` rows ending in `checksum` is a copy of, among the rows
    /// kept.
    pub fn file_holding(&self, rows: i64, checksum: &str) -> Option<&Path> {
        self.files
            .iter()
            .find(|(_, kept)| {
                kept.last() == (rows, checksum)
                    || kept
                        .rows
                        .iter()
                        .any(|row| row.seq == rows && row.checksum == checksum)
                    || kept.rows.front().is_some_and(|first| first.seq == rows + 1)
                        && kept.before == checksum
            })
            .map(|(path, _)| path.as_path())
    }

    fn position(&self, event: &Path) -> Option<usize> {
        self.files.iter().position(|(path, _)| path == event)
    }
}

impl Recent {
    /// The last row kept: its number and the log's checksum after it.
    fn last(&self) -> (i64, &str) {
        match self.rows.back() {
            Some(row) => (row.seq, row.checksum.as_str()),
            None => (
                self.rows.front().map_or(0, |row| row.seq - 1),
                self.before.as_str(),
            ),
        }
    }

    /// Drops the oldest rows beyond [`ROWS_KEPT`].
    fn trim(&mut self) {
        while self.rows.len() > ROWS_KEPT {
            if let Some(dropped) = self.rows.pop_front() {
                self.before = dropped.checksum;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(seq: i64) -> ReplicaRow {
        ReplicaRow {
            seq,
            step: seq,
            recorded_at: String::new(),
            kind: "result".into(),
            payload_json: "{}".into(),
            reason: None,
            checksum: format!("c{seq}"),
        }
    }

    fn commit(
        recent: &mut RecentRows,
        path: &str,
        before: &str,
        seqs: std::ops::RangeInclusive<i64>,
    ) {
        let rows: Vec<ReplicaRow> = seqs.map(row).collect();
        recent.keep(&Committed {
            path: Path::new(path),
            before,
            rows: &rows,
        });
    }

    #[test]
    fn a_copy_gets_every_row_after_its_own_and_nothing_it_does_not_continue() {
        let mut recent = RecentRows::default();
        commit(&mut recent, "a", "c0", 1..=2);
        commit(&mut recent, "a", "c2", 3..=3);
        let seqs = |found: Option<Vec<ReplicaRow>>| {
            found.map(|rows| rows.iter().map(|r| r.seq).collect::<Vec<_>>())
        };
        assert_eq!(
            seqs(recent.after(Path::new("a"), 0, "c0")),
            Some(vec![1, 2, 3])
        );
        assert_eq!(seqs(recent.after(Path::new("a"), 2, "c2")), Some(vec![3]));
        assert_eq!(
            seqs(recent.after(Path::new("a"), 3, "c3")),
            None,
            "nothing new"
        );
        assert_eq!(
            seqs(recent.after(Path::new("a"), 2, "other")),
            None,
            "another log"
        );
        assert_eq!(
            seqs(recent.after(Path::new("b"), 0, "c0")),
            None,
            "another file"
        );
        assert_eq!(recent.file_holding(2, "c2"), Some(Path::new("a")));
        assert_eq!(recent.file_holding(2, "other"), None);
    }

    #[test]
    fn rows_that_do_not_continue_the_kept_ones_replace_them() {
        let mut recent = RecentRows::default();
        commit(&mut recent, "a", "c0", 1..=3);
        // The file was replaced (a restore): its row 2 is another row 2.
        commit(&mut recent, "a", "x1", 2..=2);
        assert_eq!(recent.after(Path::new("a"), 2, "c2"), None);
        assert!(recent.after(Path::new("a"), 1, "x1").is_some());
    }

    #[test]
    fn only_the_newest_rows_are_kept() {
        let mut recent = RecentRows::default();
        commit(&mut recent, "a", "c0", 1..=300);
        let oldest = 300 - i64::try_from(ROWS_KEPT).unwrap_or(0);
        assert_eq!(recent.after(Path::new("a"), 0, "c0"), None, "dropped");
        let found = recent.after(Path::new("a"), oldest, &format!("c{oldest}"));
        assert_eq!(found.map(|rows| rows.len()), Some(ROWS_KEPT));
    }

    #[test]
    fn a_copy_holds_the_newest_row_only_once_the_commit_is_said_done_at_it() {
        let mut recent = RecentRows::default();
        commit(&mut recent, "a", "c0", 1..=2);
        assert!(recent.holds_newest(Path::new("a"), 2, "c2"));
        // A commit said done at 3 rows whose row was not told (another path wrote it).
        recent.set_committed(Path::new("a"), 3);
        assert!(!recent.holds_newest(Path::new("a"), 2, "c2"));
        assert!(!recent.holds_newest(Path::new("a"), 1, "c1"));
    }
}
