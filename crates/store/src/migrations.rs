//! Schema migrations, embedded in the binary and applied with `rusqlite_migration`
//! (version kept in `PRAGMA user_version`, each migration in a transaction).

use rusqlite_migration::{M, Migrations};

/// The schema version this build writes.
pub const LATEST_SCHEMA_VERSION: i64 = 3;

/// Every migration, oldest first. Released migrations are never edited; add a new one.
pub fn migrations() -> Migrations<'static> {
    Migrations::new(vec![
        M::up(include_str!("migrations/0001_event_log.sql")),
        M::up(include_str!("migrations/0002_steps.sql")),
        M::up_with_hook(include_str!("migrations/0003_checksums.sql"), |tx| {
            crate::log::seal(tx)?;
            Ok(())
        }),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrations_are_valid() {
        assert!(migrations().validate().is_ok());
    }

    #[test]
    fn latest_version_matches_migration_count() {
        let mut conn = rusqlite::Connection::open_in_memory().expect("in-memory database");
        migrations().to_latest(&mut conn).expect("migrate");
        let version: i64 = conn
            .pragma_query_value(None, "user_version", |row| row.get(0))
            .expect("user_version");
        assert_eq!(version, LATEST_SCHEMA_VERSION);
    }
}
