/**
 * Control characters never reach a record, nor a file made from one. A person types none of
 * them, and they break what the records are written into: U+001D–U+001F are MARC21's record,
 * field and subfield delimiters (a title holding U+001F '9' gives a `.mrc` an extra `$9`), and
 * XML 1.0 allows none but tab, line feed and carriage return (one `&#x1E;` makes a whole
 * MARCXML catalogue unreadable). The shared schemas refuse them in every text field
 * (`schemas/common.ts`), migration 0018 took them out of the rows stored before, and every
 * writer — MARC21 and MARCXML, PDF, Excel, e-mail and WhatsApp — drops any that arrive anyway
 * through `withoutControlCharacters`.
 *
 * What counts: C0 U+0000–U+001F (a multi-line field — an address, a message — keeps tab and
 * line feed), DEL U+007F, C1 U+0080–U+009F, the noncharacters U+FFFE and U+FFFF, and a
 * surrogate without its pair (half of a character, which no UTF-8 file can hold).
 */

/** Whether a text field is one line (a title, a name) or may hold line breaks and tabs (an address, a message). */
export type TextLines = 'single' | 'multi';

const CONTROL = '\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\ufffe\\uffff';
const LONE_SURROGATE = '[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]';
/** What a multi-line field may not hold: everything above but tab and line feed. */
const IN_TEXT = new RegExp(`[${CONTROL}]|${LONE_SURROGATE}`, 'g');
/** What a one-line field may not hold: tab and line feed too. */
const IN_LINE = new RegExp(`[\\t\\n${CONTROL}]|${LONE_SURROGATE}`, 'g');

/** Whether `text` holds a control character a field of `lines` may not hold (see above). */
export function hasControlCharacters(text: string, lines: TextLines = 'single'): boolean {
  const pattern = lines === 'multi' ? IN_TEXT : IN_LINE;
  pattern.lastIndex = 0;
  return pattern.test(text);
}

/** `text` with its line breaks as line feeds: CR LF and a lone CR (a Windows or old Mac paste; a form posted as multipart) become LF. */
export const withLineFeeds = (text: string) => text.replace(/\r\n?/g, '\n');

/**
 * `text` as a writer may put it in a file or message: line breaks made line feeds, every other
 * control character (see above) dropped. With `lines` 'single' (a MARC field, a mail subject)
 * tabs and line breaks become one space each, so the words on either side stay apart.
 */
export function withoutControlCharacters(text: string, lines: TextLines = 'multi'): string {
  const fed = withLineFeeds(text);
  return lines === 'multi' ? fed.replace(IN_TEXT, '') : fed.replace(/[\t\n]/g, ' ').replace(IN_LINE, '');
}

/**
 * The message of a field holding a control character, naming the field by `label` (the form's
 * label; the catalogues translate the label too, languages.ts): a one-line field is told it must
 * be one line, a multi-line one that the character cannot be stored.
 */
export function controlCharacterMessage(label: string, lines: TextLines = 'single'): string {
  return lines === 'multi'
    ? `${label} contains a control character that cannot be stored. Please remove it.`
    : `${label} must be one line, without tabs or other control characters`;
}
