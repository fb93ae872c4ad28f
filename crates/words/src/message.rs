//! Words for people, as data: every error, warning, note and history line is a
//! [`Message`] — a stable key, its parameters, and the English text. Hosts show the text
//! as it is in English and render the key from their catalogue in other languages
//! (the `messages` section of `locales/<language>.json`, shared by every host), so
//! the code that raises a message keeps its English words next to it, as gettext does.
//!
//! A parameter is plain text (a name, a number), a word that is itself translated (a
//! penalty, a result), stored as `@key` (for example `@penalty.match-loss`), or a whole
//! message, stored as `@@key` with its own parameters under `name.param`. Hosts translate
//! such values before putting them in place.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

/// A message: `key` names it in every catalogue, `params` fill its `{{name}}` places and
/// `text` is the English sentence.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct Message {
    pub key: String,
    pub params: BTreeMap<String, String>,
    pub text: String,
}

/// A parameter's value: its English form and what hosts get in `params` (plus the
/// parameters of a nested message).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Param {
    pub english: String,
    pub stored: String,
    pub nested: Vec<(String, String)>,
}

impl Param {
    /// Plain text, shown as it is in every language (a name, a number).
    pub fn plain(text: impl Into<String>) -> Param {
        let text = text.into();
        Param {
            english: text.clone(),
            stored: text,
            nested: Vec::new(),
        }
    }

    /// A word that is itself translated: `key` in the catalogues, `english` here.
    pub fn word(key: &str, english: impl Into<String>) -> Param {
        Param {
            english: english.into(),
            stored: format!("@{key}"),
            nested: Vec::new(),
        }
    }

    /// A whole message in the place of a parameter, translated with its own parameters.
    pub fn message(message: &Message) -> Param {
        Param {
            english: message.text.clone(),
            stored: format!("@@{}", message.key),
            nested: message
                .params
                .iter()
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect(),
        }
    }
}

/// How many messages [`Param::lines`] shows; the rest are counted.
pub const LINES_AT_MOST: usize = 20;

impl Param {
    /// Messages one per line (after a line break and an indent), each translated with its
    /// own parameters: a chain of nested messages, so every host renders the list in its
    /// language. Past [`LINES_AT_MOST`] the rest are counted.
    pub fn lines(items: &[Message]) -> Param {
        let shown = &items[..items.len().min(LINES_AT_MOST)];
        let mut tail = if items.len() > LINES_AT_MOST {
            crate::msg!(
                "list.more",
                "\n  … and {count} more",
                count = items.len() - LINES_AT_MOST
            )
        } else if let Some(last) = shown.last() {
            crate::msg!("list.last", "\n  {item}", item = Param::message(last))
        } else {
            return Param::plain("");
        };
        let before_tail = if items.len() > LINES_AT_MOST {
            shown
        } else {
            &shown[..shown.len() - 1]
        };
        for item in before_tail.iter().rev() {
            tail = crate::msg!(
                "list.line",
                "\n  {item}{rest}",
                item = Param::message(item),
                rest = Param::message(&tail)
            );
        }
        Param::message(&tail)
    }
}

macro_rules! plain_param {
    ($($t:ty),*) => {
        $(impl From<$t> for Param {
            fn from(value: $t) -> Param {
                let text = value.to_string();
                Param { english: text.clone(), stored: text, nested: Vec::new() }
            }
        })*
    };
}

/// Any borrowed displayable value (`&str`, `&String`, `&u32`, `&PlayerId`, …).
impl<T: fmt::Display + ?Sized> From<&T> for Param {
    fn from(value: &T) -> Param {
        let text = value.to_string();
        Param {
            english: text.clone(),
            stored: text,
            nested: Vec::new(),
        }
    }
}

plain_param!(String, u8, u16, u32, u64, usize, i32, i64, char);

impl Message {
    /// A message whose English text is `template` with each `{name}` replaced by the
    /// English form of its parameter. Use the [`crate::msg!`] macro.
    pub fn new(key: &str, template: &str, params: Vec<(&str, Param)>) -> Message {
        let text = fill(template, &params);
        let mut stored = BTreeMap::new();
        for (name, param) in params {
            for (inner, value) in param.nested {
                stored.insert(format!("{name}.{inner}"), value);
            }
            stored.insert(name.to_string(), param.stored);
        }
        Message {
            key: key.to_string(),
            params: stored,
            text,
        }
    }
}

/// `template` with each `{name}` replaced by its parameter's English form, in one pass: a
/// value is never read again, so a name that holds `{rest}` (a player may type anything)
/// stays as typed instead of pulling in another parameter.
fn fill(template: &str, params: &[(&str, Param)]) -> String {
    let mut text = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        text.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let value = after.find('}').and_then(|close| {
            let name = &after[..close];
            params
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, p)| (close, p.english.as_str()))
        });
        match value {
            Some((close, value)) => {
                text.push_str(value);
                rest = &after[close + 1..];
            }
            None => {
                text.push('{');
                rest = after;
            }
        }
    }
    text.push_str(rest);
    text
}

impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// `msg!("key", "English with {name}", name = value, …)` builds a [`Message`]; each value
/// becomes a [`Param`] (plain text or [`Param::word`]). The key and its placeholders must be
/// in the Japanese catalogue (a test scans the sources for every `msg!`).
#[macro_export]
macro_rules! msg {
    ($key:literal, $template:literal $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::message::Message::new(
            $key,
            $template,
            vec![$((stringify!($name), $crate::message::Param::from($value))),*],
        )
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_put_each_message_on_its_own_line_and_count_the_rest() {
        let items: Vec<Message> = (1..=22u32)
            .map(|n| Message::new("test.n", "n {n}", vec![("n", Param::from(n))]))
            .collect();
        let two = Message::new(
            "test.outer",
            "x:{list}",
            vec![("list", Param::lines(&items[..2]))],
        );
        assert_eq!(two.text, "x:\n  n 1\n  n 2");
        assert_eq!(two.params["list"], "@@list.line");
        assert_eq!(two.params["list.item.n"], "1");
        assert_eq!(two.params["list.rest.item.n"], "2");
        let all = Message::new(
            "test.outer",
            "x:{list}",
            vec![("list", Param::lines(&items))],
        );
        assert!(
            all.text.ends_with("\n  n 20\n  … and 2 more"),
            "{}",
            all.text
        );
        assert_eq!(all.text.matches("\n  n ").count(), LINES_AT_MOST);
        // A problem's text that holds a placeholder's name stays as typed: the list grows
        // with its items, never by pulling the rest of the list in again.
        let hostile: Vec<Message> = (0..LINES_AT_MOST)
            .map(|_| Message::new("test.n", "n {n}", vec![("n", Param::from("{rest}{rest}"))]))
            .collect();
        let list = Message::new(
            "test.outer",
            "x:{list}",
            vec![("list", Param::lines(&hostile))],
        );
        assert_eq!(list.text.matches("{rest}{rest}").count(), LINES_AT_MOST);
        assert!(list.text.len() < 400, "{}", list.text.len());
        let none = Message::new("test.outer", "x:{list}", vec![("list", Param::lines(&[]))]);
        assert_eq!(none.text, "x:");
    }

    #[test]
    fn english_text_and_params_come_from_one_template() {
        let message = crate::msg!(
            "test.result-exists",
            "table {table} of round {round} already has a result",
            table = 3u32,
            round = 2u32
        );
        assert_eq!(message.text, "table 3 of round 2 already has a result");
        assert_eq!(message.params["table"], "3");
        assert_eq!(message.key, "test.result-exists");
    }

    #[test]
    fn words_are_stored_as_keys_and_written_in_english() {
        let message = crate::msg!(
            "test.penalty",
            "{penalty} for {name}",
            penalty = Param::word("penalty.match-loss", "match loss"),
            name = "Ann"
        );
        assert_eq!(message.text, "match loss for Ann");
        assert_eq!(message.params["penalty"], "@penalty.match-loss");
    }
}
