/**
 * The interface languages and the lookup of translated messages: the messages people
 * read from the API and the forms are keyed by their exact English text (the spec's wording, as
 * gettext keys by the source text); their Gujarati and Hindi are in `locales/<lng>/messages.json`
 * (`MESSAGE_CATALOGUES` of message-catalogues.ts for the API; the browser loads the same files
 * when a language is chosen), files a translator edits. Terms follow docs/glossary.md. A
 * message without an entry stays English.
 *
 * A message with variable parts has one entry with `{{name}}` in their place, in the key and in
 * the translation ('{{label}} must be a number from {{min}} to {{max}}'); the parts are carried
 * over as they are, or, when they are themselves a message (a field's label), translated too.
 */
/** The interface languages: English (the reference), Gujarati, Hindi. */
export const INTERFACE_LANGUAGES = ['en', 'gu', 'hi'] as const;
export type InterfaceLanguage = (typeof INTERFACE_LANGUAGES)[number];

/** Each interface language named in itself, as the language switcher offers it. */
export const LANGUAGE_NAMES: Record<InterfaceLanguage, string> = { en: 'English', gu: 'ગુજરાતી', hi: 'हिन्दी' };

/** Whether `value` is one of the interface languages. */
export const isInterfaceLanguage = (value: unknown): value is InterfaceLanguage => INTERFACE_LANGUAGES.includes(value as InterfaceLanguage);

/** A catalogue entry with variable parts, as a pattern over English messages. */
interface Pattern {
  match: RegExp;
  names: string[];
  translation: string;
}

const PART = /\{\{(\w+)\}\}/g;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const patternsOf = new WeakMap<Record<string, string>, Pattern[]>();

/** The entries of `catalogue` with `{{name}}` parts, made into patterns once per catalogue. */
function patterns(catalogue: Record<string, string>): Pattern[] {
  let list = patternsOf.get(catalogue);
  if (!list) {
    list = Object.entries(catalogue)
      .filter(([key]) => key.includes('{{'))
      .map(([key, translation]) => {
        const names = [...key.matchAll(PART)].map((part) => part[1]!);
        const source = key
          .split(PART)
          .map((piece, index) => (index % 2 === 1 ? '(.+?)' : escapeRegExp(piece)))
          .join('');
        return { match: new RegExp(`^${source}$`, 's'), names, translation };
      });
    patternsOf.set(catalogue, list);
  }
  return list;
}

/**
 * `message` (English) in the language of `catalogue` (`MESSAGE_CATALOGUES.gu`, or the same
 * file loaded by the browser): its entry; else the first entry with variable parts it fits,
 * with the parts put in (translated when they have an entry of their own); else `message`.
 */
export function translateMessage(message: string, catalogue: Record<string, string> | undefined): string {
  if (!catalogue) return message;
  const exact = catalogue[message];
  if (exact) return exact;
  for (const pattern of patterns(catalogue)) {
    const found = pattern.match.exec(message);
    if (!found) continue;
    const parts = new Map(pattern.names.map((name, index) => [name, found[index + 1]!]));
    return pattern.translation.replace(PART, (_whole, name: string) => {
      const part = parts.get(name) ?? '';
      return catalogue[part] ?? part;
    });
  }
  return message;
}
