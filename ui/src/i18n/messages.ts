// Words from the backend in the interface language. Every error, warning, note, history
// line and reason the command surface returns is a Message {key, params, text}: English
// shows `text`; every other language renders `key` from the catalogue the CLI and the
// printouts use (the `messages` section of crates/words/locales/<language>.json), with the same algorithm as
// render_key in crates/words/src/render.rs: both run the shared vectors in
// crates/words/locales/render-vectors.json. A parameter `@key` is a word from the
// catalogue, `@@key` a nested message whose own parameters are stored under `name.param`.
// A key the catalogue lacks shows the English text.
import i18next from 'i18next';
import { languageOfTag, messageCatalogues } from './catalogues';
import { PSEUDO, pseudo } from './pseudo';
import type { Language } from '../bindings/Language';
import type { Message } from '../bindings/Message';

/** key → template with `{{name}}` places. */
export type MessageCatalogue = Readonly<Record<string, string>>;


function lookup(catalogue: MessageCatalogue, key: string): string | undefined {
  return Object.prototype.hasOwnProperty.call(catalogue, key) ? catalogue[key] : undefined;
}

/**
 * The template of `key` with its parameters (those under `prefix`) in place; null when the
 * catalogue lacks the key, a nested message's key, or a template is cut short.
 */
export function renderKey(key: string, params: Readonly<Record<string, string>>, prefix: string, catalogue: MessageCatalogue): string | null {
  const template = lookup(catalogue, key);
  if (template === undefined) return null;
  let out = '';
  let rest = template;
  for (let start = rest.indexOf('{{'); start >= 0; start = rest.indexOf('{{')) {
    out += rest.slice(0, start);
    const after = rest.slice(start + 2);
    const end = after.indexOf('}}');
    if (end < 0) return null;
    const name = after.slice(0, end).trim();
    const full = `${prefix}${name}`;
    const value = Object.prototype.hasOwnProperty.call(params, full) ? (params[full] ?? '') : '';
    if (value.startsWith('@@')) {
      const nested = renderKey(value.slice(2), params, `${full}.`, catalogue);
      if (nested === null) return null;
      out += nested;
    } else if (value.startsWith('@')) {
      const word = value.slice(1);
      out += lookup(catalogue, word) ?? word;
    } else {
      out += value;
    }
    rest = after.slice(end + 2);
  }
  return out + rest;
}

/** `message` in `language`, from `catalogue` (default: the one shipped for the language). */
export function render(message: Message, language: Language, catalogue: MessageCatalogue | null = messageCatalogues[language]): string {
  if (language === 'en' || catalogue === null) return message.text;
  return renderKey(message.key, message.params, '', catalogue) ?? message.text;
}

/** The interface language as i18next has it. */
export function interfaceLanguage(): Language {
  return languageOfTag(i18next.language ?? 'en') ?? 'en';
}

/** A backend message in the interface language. */
export function say(message: Message): string {
  const text = render(message, interfaceLanguage());
  return PSEUDO ? pseudo(text) : text;
}

/** What joins sentences into one line: the enumeration comma in Japanese and Chinese. */
function listSeparator(language: Language): string {
  return language === 'ja' || language === 'zh-Hant' ? '、' : '; ';
}

/** Several messages (a history step's actions) as one line. */
export function sayAll(messages: readonly Message[], separator = listSeparator(interfaceLanguage())): string {
  return messages.map(say).join(separator);
}

/** A word of the catalogue (`penalty.warning`, `drop.after-pairing`), else `english`. */
export function word(key: string, english: string): string {
  const language = interfaceLanguage();
  return language === 'en' ? english : (lookup(messageCatalogues[language], key) ?? english);
}
