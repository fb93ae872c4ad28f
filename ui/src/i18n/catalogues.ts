// The one catalogue per language every host shares (crates/words/locales/<language>.json):
// the app takes its own strings from the `ui` section and renders backend messages from the
// `messages` section; the CLI, the printouts and the players' page read the same files.
import englishLocale from '../../../crates/words/locales/en.json';
import japaneseLocale from '../../../crates/words/locales/ja.json';

/** The app's strings (i18next resources), by language. */
export const en = englishLocale.ui;
export const ja = japaneseLocale.ui;

/** The Japanese `messages` section: message key → template with `{{name}}` places. */
export const japaneseMessages: Readonly<Record<string, string>> = japaneseLocale.messages;
