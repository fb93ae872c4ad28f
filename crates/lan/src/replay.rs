//! A station that did not hear the answer sends the same request again with the same
//! `Idempotency-Key`; the server answers it from memory instead of entering the result a
//! second time. Keys are per station token and kept as a SHA-256 digest of the whole key
//! (two long keys that share a beginning are two keys); the oldest are forgotten first.
//!
//! A change's answer is kept as pending while it waits for the stations: the same request
//! sent again meanwhile waits for the final answer, which may yet be "moved, not saved"
//! (`crate::replication::Settled`), rather than being told "saved" early.

use std::collections::{HashMap, VecDeque};

/// How many answers are kept (a day of results from a few stations fits many times over).
const CAPACITY: usize = 8192;

/// An answer as sent: HTTP status and JSON body.
pub type Answer = (u16, String);

/// The digest of an `Idempotency-Key`.
pub type Key = [u8; 32];

/// What is kept for a key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kept {
    /// The change is made and waits for the stations: its answer is not known yet.
    Pending,
    Final(Answer),
}

#[derive(Debug, Default)]
pub struct Answers {
    answers: HashMap<(String, Key), Kept>,
    order: VecDeque<(String, Key)>,
}

impl Answers {
    pub fn get(&self, token: &str, key: &Key) -> Option<&Kept> {
        self.answers.get(&(token.to_string(), *key))
    }

    pub fn put(&mut self, token: &str, key: Key, answer: Kept) {
        let id = (token.to_string(), key);
        if self.answers.insert(id.clone(), answer).is_none() {
            self.order.push_back(id);
        }
        while self.order.len() > CAPACITY {
            if let Some(old) = self.order.pop_front() {
                self.answers.remove(&old);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_is_kept_per_token_and_key_and_the_oldest_go_first() {
        let mut answers = Answers::default();
        let key = [1; 32];
        answers.put("t1", key, Kept::Pending);
        assert_eq!(answers.get("t1", &key), Some(&Kept::Pending));
        answers.put("t1", key, Kept::Final((200, "a".into())));
        assert_eq!(
            answers.get("t1", &key),
            Some(&Kept::Final((200, "a".into())))
        );
        assert!(answers.get("t2", &key).is_none());
        for i in 0..CAPACITY {
            let mut other = [0; 32];
            other[..8].copy_from_slice(&(i as u64).to_le_bytes());
            answers.put("t1", other, Kept::Final((200, String::new())));
        }
        assert!(answers.get("t1", &key).is_none());
        assert_eq!(answers.order.len(), CAPACITY);
    }
}
