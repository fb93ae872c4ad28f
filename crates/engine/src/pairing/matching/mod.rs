//! Maximum-weight matching on a general graph (Edmonds' blossom algorithm, primal-dual,
//! O(n³)), with exact `i128` weights.
//!
//! A port of Joris van Rantwijk's well-known `mwmatching` reference implementation (the
//! same algorithm NetworkX and rustworkx use), with one change for large events: duals
//! move lazily (a dual step adds to a running sum instead of visiting every vertex and
//! blossom) and the next step's bound comes from three priority queues of candidates, as
//! in LEMON's and Blossom V's primal-dual solvers; debug builds check every step against
//! the reference's full scan and the final duals by complementary slackness. After solving, [`Solution::edge_slack`]
//! gives the reduced cost of *any* vertex pair under the final duals, so a solution found
//! on a sparse candidate graph can be certified optimal for the complete graph: if every
//! omitted pair has non-negative slack, no omitted edge can improve the matching (LP
//! duality for the matching polytope).
//!
//! The files: `graph` (edges and the shared constants), `state` (the solver's state and
//! its dual bookkeeping), `blossoms` (labels, new blossoms, expanding and augmenting),
//! `tops` (each vertex's top-level blossom), `primal_dual` (the stage loop and its checks), `forest` (the final blossoms as a
//! forest) and `solution` (the matching with its certificate).

mod blossoms;
mod forest;
mod graph;
mod primal_dual;
mod solution;
mod state;
mod tops;

pub use graph::{Edge, LINE_LEVELS, Nesting};
pub use solution::{Solution, max_weight_matching, max_weight_matching_warm};
