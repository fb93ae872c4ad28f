-- Schema 2: entries appended by one command share a step, so undo and redo work per
-- command; undo/redo entries themselves are rows of kind 'undo' / 'redo'.
ALTER TABLE action_log ADD COLUMN step INTEGER;
UPDATE action_log SET step = seq WHERE step IS NULL;
