//! Every integration test of this crate but the ones named in `Cargo.toml` beside it, as
//! one test binary: each file below is a module, so the tests link once (not once a file)
//! and run together, on Linux and under Wine alike.

mod support;

mod archive_roundtrip;
mod backups;
mod bad_input;
mod cut_and_drops;
mod damaged_files;
mod desk;
mod documented_kinds;
mod door_seams;
mod exchange;
mod import_export;
mod manual_changes;
mod message_catalogue;
mod mirror;
mod one_identity;
mod penalties;
mod replica;
mod result_plan;
#[cfg(unix)]
mod round_printer;
mod tcgplus;
mod tcgplus_rounds;
mod tom;
mod tom_ratings;
mod tom_roster;
mod undo_and_corrections;
mod windows_files;
