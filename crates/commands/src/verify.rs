//! `verify-rules`: the seeds' worked examples and derived vectors, run against the
//! embedded rulesets (the same data as the golden tests).

use serde::{Deserialize, Serialize};
use tablekeeper_engine::verify;
use tablekeeper_words::{ErrorKind, msg};

use crate::error::CommandError;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct VectorResult {
    pub id: String,
    pub test: String,
    pub rule: String,
    pub passed: bool,
    pub failures: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RulesetVerification {
    pub ruleset: String,
    pub passed: u32,
    pub failed: u32,
    pub vectors: Vec<VectorResult>,
}

/// Results grouped per ruleset, in catalogue order.
pub fn verify_rules() -> Result<Vec<RulesetVerification>, CommandError> {
    let reports = verify::run_all().map_err(|e| {
        CommandError::input(
            ErrorKind::GoldenData,
            msg!("error.golden-data", "{detail}", detail = e),
        )
    })?;
    let mut groups: Vec<RulesetVerification> = Vec::new();
    for id in tablekeeper_engine::ruleset::catalogue::ruleset_ids() {
        let vectors: Vec<VectorResult> = reports
            .iter()
            .filter(|r| r.ruleset == id)
            .map(|r| VectorResult {
                id: r.id.clone(),
                test: r.test.clone(),
                rule: r.rule.clone(),
                passed: r.passed(),
                failures: r.failures.clone(),
            })
            .collect();
        let passed = u32::try_from(vectors.iter().filter(|v| v.passed).count()).unwrap_or(0);
        let failed = u32::try_from(vectors.len()).unwrap_or(0) - passed;
        groups.push(RulesetVerification {
            ruleset: id.to_string(),
            passed,
            failed,
            vectors,
        });
    }
    Ok(groups)
}
