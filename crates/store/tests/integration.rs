//! Every integration test of this crate as one test binary: each file below is a module, so
//! the tests link once (not once a file) and run together, on Linux and under Wine alike.

mod event_file;
mod library_order;
mod library_tool_numbers;
