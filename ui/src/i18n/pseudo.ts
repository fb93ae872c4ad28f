// The pseudo-locale, for tests of the layout: every string from the catalogues (and every
// backend message) is wrapped in ⟦ ⟧ and lengthened by 40 %, as German and French run
// longer than English. A text on screen without the markers did not come from a catalogue;
// a clipped marker shows a string cut by its box. Turned on only by a test, through
// localStorage `tablekeeper.pseudo` = `1` before the page loads; never offered to a shop.

/** Whether this page load shows the pseudo-locale. */
export const PSEUDO = (() => {
  try {
    return globalThis.localStorage?.getItem('tablekeeper.pseudo') === '1';
  } catch {
    return false;
  }
})();

/** `text` wrapped in the markers and lengthened by 40 %, in words of up to 12 letters (a
 * long German compound's length), so a line may break between them as it would. */
export function pseudo(text: string): string {
  const extra = Math.ceil([...text].length * 0.4);
  const words = Array.from({ length: Math.ceil(extra / 12) }, (_, i) => 'ẍ'.repeat(Math.min(12, extra - i * 12)));
  return `⟦${text}${words.length > 0 ? ` ${words.join(' ')}` : ''}⟧`;
}
