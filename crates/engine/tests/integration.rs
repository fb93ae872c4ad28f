//! Every integration test of this crate but the ones named in `Cargo.toml` beside it, as
//! one test binary: each file below is a module, so the tests link once (not once a file)
//! and run together, on Linux and under Wine alike.

mod support;

mod bracket;
mod catalogue;
mod cut;
mod deck_check;
mod door;
mod double_bracket;
mod drops;
mod exact_arithmetic;
mod final_order;
mod golden;
mod matching;
mod meta;
mod moncolle_structure;
mod pairing_golden;
mod pairing_properties;
mod prizes;
mod projection;
mod projection_golden;
mod projection_random_line;
mod properties;
mod ratings;
mod ruleset_errors;
mod season;
mod selection;
mod structures;
mod tables_and_first_turn;
mod teams;
mod tidy;
