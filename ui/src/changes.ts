// Screens that show what changes at the desk (the attention bar, judge calls, the open
// events) read it again when the shell says the desk changed, instead of asking every
// second: an idle screen asks nothing. A burst of changes (results typed one after another)
// is read once, a moment after the first; a slow look now and then is the safety net for a
// word the shell could not deliver.
import { onDeskChanged } from './api';

/** How long after a change its screen reads it: a burst costs one read. */
export const CHANGE_DELAY_MS = 150;

/** The look taken with no change told (a lost event never leaves a screen stale for long). */
export const SAFETY_LOOK_MS = 30_000;

/** Runs `refresh` a moment after each change of the desk and every `SAFETY_LOOK_MS`; returns how to stop. */
export function followChanges(refresh: () => void, safetyMs = SAFETY_LOOK_MS): () => void {
  let pending: ReturnType<typeof setTimeout> | undefined;
  const soon = () => {
    if (pending !== undefined) return;
    pending = setTimeout(() => {
      pending = undefined;
      refresh();
    }, CHANGE_DELAY_MS);
  };
  const stopListening = onDeskChanged(soon);
  const safety = setInterval(refresh, safetyMs);
  return () => {
    stopListening();
    clearInterval(safety);
    if (pending !== undefined) clearTimeout(pending);
  };
}
