// Finds English prose left in a Japanese screen: runs of 3 or more consecutive ASCII-letter
// words (separated only by spaces). What may legitimately be in Latin script is allowed
// explicitly: proper nouns and product names (LATIN_ALLOW), the test's own player names
// (passed in), file paths, versions, and anything inside elements marked as code-like
// (`.path`, `code`, `kbd`, `.mono`: ruleset and structure ids, result syntax, paths).
//
//   const texts = await pageTexts(app);                // every text node and label of the page
//   assertNoLatinProse(texts, { allow: PLAYER_NAMES, screen: 'results' });

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

/** Each language's own name, as the language chooser lists it (English, Français …). */
const LANGUAGE_NAMES = Object.values(
  JSON.parse(readFileSync(new URL('../../crates/words/locales/en.json', import.meta.url), 'utf8')).ui.settings.languages,
);

/** Proper nouns and product names that are written in Latin script in Japanese too. */
export const LATIN_ALLOW = [
  'Tablekeeper',
  'Force of Will',
  'hololive OFFICIAL CARD GAME',
  'Shadowverse EVOLVE',
  'Reバース for you',
  'Weiss Schwarz',
  'Excel',
  'CSV UTF-8',
  'UTF-8',
  'Shift-JIS',
  'Ctrl+Z',
  'Ctrl+Y',
  'JSON',
  'PDF',
  'CSV',
  ...LANGUAGE_NAMES,
];

/** Elements whose text is code-like (paths, ids, result syntax): not prose. */
export const CODE_LIKE = '.path, code, kbd, .mono, script, style, template';

/** A file path (POSIX or Windows) up to the next space or Japanese punctuation. */
const PATH = /(?:[A-Za-z]:)?[\\/][^\s、。「」（）()]+/g;
/** A version such as 0.1.0 or v1.2.3-beta. */
const VERSION = /\bv?\d+\.\d+\.\d+(?:[-+][\w.]+)?\b/g;
/** Three or more ASCII-letter words in a row, separated only by spaces. */
const RUN = /[A-Za-z][A-Za-z'’-]*(?:[ \t\u00a0]+[A-Za-z][A-Za-z'’-]*){2,}/g;

function escape(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The runs of Latin prose in `text` once allowed names, paths and versions are taken out. */
export function latinRuns(text, allow = []) {
  let cleaned = text;
  const phrases = [...LATIN_ALLOW, ...allow].filter(Boolean).sort((a, b) => b.length - a.length);
  for (const phrase of phrases) cleaned = cleaned.replace(new RegExp(escape(phrase), 'g'), ' ¶ ');
  cleaned = cleaned.replace(PATH, ' ¶ ').replace(VERSION, ' ¶ ');
  return cleaned.match(RUN) ?? [];
}

/**
 * Every text of the page as {text, where}: text nodes (outside code-like elements), the
 * labels people hear or see (aria-label, title, placeholder, alt), and the document title.
 */
export async function pageTexts(app) {
  return app.execute(
    `const skip = arguments[0];
     const out = [{ text: document.title, where: 'title' }];
     const where = (el) => {
       const parts = [];
       for (let node = el; node && node !== document.body && parts.length < 4; node = node.parentElement) {
         parts.unshift(node.dataset?.testid ? node.tagName.toLowerCase() + '[' + node.dataset.testid + ']' : node.tagName.toLowerCase());
       }
       return parts.join(' > ');
     };
     const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
     for (let node = walker.nextNode(); node; node = walker.nextNode()) {
       const el = node.parentElement;
       if (!el || el.closest(skip)) continue;
       const text = node.textContent.trim();
       if (text) out.push({ text, where: where(el) });
     }
     for (const el of document.body.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
       if (el.closest(skip)) continue;
       for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
         const value = el.getAttribute(name);
         if (value && value.trim()) out.push({ text: value.trim(), where: where(el) + ' @' + name });
       }
     }
     return out;`,
    [CODE_LIKE],
  );
}

/** The offending texts of a page: [{text, where, runs}]. */
export function findLatinProse(texts, allow = []) {
  const found = [];
  // Texts split across elements are also checked joined, so "the" + "change" + "is" cannot hide.
  const joined = texts.map((t) => t.text).join(' ');
  for (const { text, where } of texts) {
    const runs = latinRuns(text, allow);
    if (runs.length > 0) found.push({ text, where, runs });
  }
  if (found.length === 0) {
    const runs = latinRuns(joined, allow);
    if (runs.length > 0) found.push({ text: joined.slice(0, 2000), where: 'the page as a whole', runs });
  }
  return found;
}

/** Fails loudly with every offending text and where it is. */
export function assertNoLatinProse(texts, { allow = [], screen = 'screen' } = {}) {
  const found = findLatinProse(texts, allow);
  if (found.length === 0) return;
  const lines = found.map((f) => `  - ${JSON.stringify(f.runs)} in ${f.where}: ${JSON.stringify(f.text.slice(0, 300))}`);
  assert.fail(`English prose on the Japanese ${screen} screen (${found.length} text(s)):\n${lines.join('\n')}`);
}

/** Reads the page and checks it. */
export async function checkJapanese(app, options) {
  assertNoLatinProse(await pageTexts(app), options);
}
