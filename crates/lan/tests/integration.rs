//! Every integration test of this crate but the ones named in `Cargo.toml` beside it, as
//! one test binary: each file below is a module, so the tests link once (not once a file)
//! and run together, on Linux and under Wine alike.

mod support;

mod door;
mod fuzz;
mod lan;
mod takeover;
mod wire;
