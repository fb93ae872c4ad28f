//! A station that did not hear the answer sends the same request again with the same
//! `Idempotency-Key`; the server answers it from memory instead of entering the result a
//! second time. Keys are per station token; the oldest are forgotten first.

use std::collections::{HashMap, VecDeque};

/// How many answers are kept (a day of results from a few stations fits many times over).
const CAPACITY: usize = 8192;

/// An answer as sent: HTTP status and JSON body.
pub type Answer = (u16, String);

#[derive(Debug, Default)]
pub struct Answers {
    answers: HashMap<(String, String), Answer>,
    order: VecDeque<(String, String)>,
}

impl Answers {
    pub fn get(&self, token: &str, key: &str) -> Option<&Answer> {
        self.answers.get(&(token.to_string(), key.to_string()))
    }

    pub fn put(&mut self, token: &str, key: &str, answer: Answer) {
        let id = (token.to_string(), key.to_string());
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
        answers.put("t1", "k", (200, "a".into()));
        assert_eq!(answers.get("t1", "k").map(|a| a.1.as_str()), Some("a"));
        assert!(answers.get("t2", "k").is_none());
        for i in 0..CAPACITY {
            answers.put("t1", &i.to_string(), (200, String::new()));
        }
        assert!(answers.get("t1", "k").is_none());
        assert_eq!(answers.order.len(), CAPACITY);
    }
}
