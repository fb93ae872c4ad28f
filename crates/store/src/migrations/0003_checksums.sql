-- Schema 3: a checksum chain over the log (each row's checksum covers the previous one),
-- with the row count and last checksum in the event record, so damage is found at open;
-- and a snapshot of the replayed state at some row, so opening a long event is quick.
-- The migration's hook fills in the checksums of the rows already written.
ALTER TABLE action_log ADD COLUMN checksum TEXT;
ALTER TABLE event ADD COLUMN log_rows INTEGER;
ALTER TABLE event ADD COLUMN log_checksum TEXT;
CREATE TABLE snapshot (
    singleton      INTEGER PRIMARY KEY CHECK (singleton = 1),
    -- The state after the first `log_rows` rows, whose chain value was `log_checksum`.
    log_rows       INTEGER NOT NULL,
    log_checksum   TEXT NOT NULL,
    state          TEXT NOT NULL,
    state_checksum TEXT NOT NULL
) STRICT;
