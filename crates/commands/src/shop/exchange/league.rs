//! The league over shops: the files listed plus every shared event of the rules' shops.

use std::path::PathBuf;

use tablekeeper_store::library::{Library, fingerprint};

use crate::error::CommandError;

/// A league over shops: the files listed plus every shared event of the rules' shops, the
/// same person matched across shops by the library's people.
pub fn league(
    rules: &str,
    files: &[PathBuf],
    library: &Library,
) -> Result<crate::views::prizes::SeasonView, CommandError> {
    let rules = tablekeeper_engine::season::SeasonRules::from_toml(rules)?;
    let shared = league_files(library, &rules.shops)?;
    let (people, identities) = crate::shop::season::library_people(library)?;
    let mut all = files.to_vec();
    all.extend(shared);
    crate::shop::season::season_of(&rules, &all, Some(&people), &identities)
}

/// The shared events a season counts under its rules' shops (each event once: the copy
/// with the lowest content address when two differ). Who is who in them is the library's
/// links (the journal links a received event's player to a person by publisher ID, or a
/// person confirmed it).
fn league_files(library: &Library, shops: &[String]) -> Result<Vec<PathBuf>, CommandError> {
    let mut seen = std::collections::HashSet::new();
    let mut events = library.shared_events()?;
    events.sort_by(|a, b| (&a.identity, &a.sha256).cmp(&(&b.identity, &b.sha256)));
    let mut files = Vec::new();
    for event in events {
        if !shops.is_empty() && !shops.contains(&fingerprint(&event.shop)) {
            continue;
        }
        if seen.insert(event.identity.clone()) {
            files.push(event.file);
        }
    }
    Ok(files)
}
