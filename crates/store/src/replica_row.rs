//! One log row as stored, the unit a replica copies and the listeners of commits are told
//! (`crate::replica`, `crate::listeners`).

use serde::{Deserialize, Serialize};

/// One log row exactly as stored, with its checksum.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReplicaRow {
    pub seq: i64,
    pub step: i64,
    pub recorded_at: String,
    pub kind: String,
    pub payload_json: String,
    pub reason: Option<String>,
    pub checksum: String,
}
