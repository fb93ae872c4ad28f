//! The error a ruleset or title file that cannot be used gets, and its words.

/// A ruleset or title file that cannot be used, or a ruleset id nobody knows.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulesetError {
    #[error("{file}:{line}: {field}: {message}")]
    Invalid {
        file: String,
        line: usize,
        field: String,
        message: String,
    },
    #[error("unknown ruleset '{id}'. Known rulesets: {known}")]
    Unknown { id: String, known: String },
    #[error("unknown title preset '{id}'. Known titles: {known}")]
    UnknownTitle { id: String, known: String },
}

impl RulesetError {
    /// The words for people. The problem of a field stays in English words: it is about
    /// the text of a ruleset file, which is English.
    pub fn message(&self) -> tablekeeper_words::message::Message {
        use tablekeeper_words::msg;
        match self {
            RulesetError::Invalid {
                file,
                line,
                field,
                message,
            } => msg!(
                "error.invalid-ruleset",
                "{file}:{line}: {field}: {problem}",
                file = file,
                line = *line,
                field = field,
                problem = message
            ),
            RulesetError::Unknown { id, known } => msg!(
                "error.unknown-ruleset",
                "unknown ruleset '{id}'. Known rulesets: {known}",
                id = id,
                known = known
            ),
            RulesetError::UnknownTitle { id, known } => msg!(
                "error.unknown-title",
                "unknown title preset '{id}'. Known titles: {known}",
                id = id,
                known = known
            ),
        }
    }
}
