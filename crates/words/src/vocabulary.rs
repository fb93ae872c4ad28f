//! The closed lists of words the product speaks (structures, penalties, selection methods,
//! …) as enums declared once: serde gives their JSON and event-file form, ts-rs their
//! TypeScript union type, and [`Choice`] the list and ids that the CLI's argument parser
//! (clap `ValueEnum`, in `crates/cli`) and the app's choice lists are built from. No host
//! keeps its own copy of a list.

/// An enum of fixed words.
pub trait Choice: Sized + Copy + Eq + 'static {
    /// Every value, in the order lists show them.
    const ALL: &'static [Self];

    /// The stable id (JSON, event files, the CLI).
    fn id(self) -> &'static str;

    /// Other spellings the CLI accepts.
    fn aliases(self) -> &'static [&'static str] {
        &[]
    }

    fn from_id(id: &str) -> Option<Self> {
        Self::ALL
            .iter()
            .copied()
            .find(|c| c.id() == id || c.aliases().contains(&id))
    }

    /// "a, b or c" for messages.
    fn listed() -> String {
        let ids: Vec<&str> = Self::ALL.iter().map(|c| c.id()).collect();
        match ids.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            Some((last, _)) => (*last).to_string(),
            None => String::new(),
        }
    }
}

/// Declares an enum of fixed words with its ids (and `[aliases]` the CLI accepts):
/// `choice_enum! { #[derive(ts_rs::TS)] #[ts(export)] pub enum Paper { A4 = "a4", Letter = "letter" ["us-letter"] } }`.
/// The caller adds the TypeScript derive (the engine only under its `ts` feature).
#[macro_export]
macro_rules! choice_enum {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident = $id:literal $([$($alias:literal),*])? ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
        pub enum $name {
            $( $(#[$vmeta])* #[serde(rename = $id)] $variant, )*
        }

        impl $crate::vocabulary::Choice for $name {
            const ALL: &'static [Self] = &[$($name::$variant),*];

            fn id(self) -> &'static str {
                match self {
                    $($name::$variant => $id,)*
                }
            }

            fn aliases(self) -> &'static [&'static str] {
                match self {
                    $($name::$variant => &[$($($alias),*)?],)*
                }
            }
        }

        impl $name {
            /// Every value, in the order lists show them.
            pub const ALL: &'static [Self] = &[$($name::$variant),*];

            /// The stable id (JSON, event files, the CLI).
            pub fn id(self) -> &'static str {
                $crate::vocabulary::Choice::id(self)
            }

            pub fn from_id(id: &str) -> Option<Self> {
                <Self as $crate::vocabulary::Choice>::from_id(id)
            }

            /// "a, b or c" for messages.
            pub fn listed() -> String {
                <Self as $crate::vocabulary::Choice>::listed()
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str($crate::vocabulary::Choice::id(*self))
            }
        }
    };
}
