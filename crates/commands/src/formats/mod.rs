//! Formats in and out: what the command layer reads from and writes for other programs and
//! paper — the event's archive, CSV for spreadsheets and publishers' tools, a player list or
//! a deck list from CSV, the TCG+ organizer files (final and per round), the TOM file of a Pokémon event (read, and its roster written), the bundle shops exchange, an event run on
//! paper, the publisher's report — and the one function that writes an export whole.

pub mod archive;
pub mod bundle;
pub mod csv_export;
pub mod csv_import;
pub mod deck;
pub mod export;
pub mod paper;
pub mod report;
pub mod tcgplus;
mod tcgplus_cells;
pub mod tcgplus_rounds;
pub mod tcgplus_set;
pub mod tom;
mod tom_elements;
pub mod tom_rated;
pub mod tom_roster;
mod xml_tree;
