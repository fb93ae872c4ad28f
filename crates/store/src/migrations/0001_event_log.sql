-- Schema 1: the event's fixed settings and its append-only action log.
-- The current state of an event is the replay of `action_log` (see ARCHITECTURE.md).
CREATE TABLE event (
    singleton     INTEGER PRIMARY KEY CHECK (singleton = 1),
    created_at    TEXT NOT NULL,
    app_version   TEXT NOT NULL,
    settings_json TEXT NOT NULL,
    ruleset_id    TEXT NOT NULL,
    -- A copy of the ruleset text: later edits to ruleset files never change this event.
    ruleset_toml  TEXT NOT NULL
);

CREATE TABLE action_log (
    seq          INTEGER PRIMARY KEY AUTOINCREMENT,
    recorded_at  TEXT NOT NULL,
    kind         TEXT NOT NULL,
    payload_json TEXT NOT NULL,
    reason       TEXT
) STRICT;
