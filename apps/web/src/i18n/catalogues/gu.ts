/** Every Gujarati catalogue — the screen texts by namespace, the messages and the lookups — in one chunk, loaded when Gujarati is chosen. */
import messages from '@jsbn/shared/locales/gu/messages.json';
import lookups from '@jsbn/shared/locales/gu/lookups.json';

const screens = import.meta.glob<Record<string, unknown>>('../../locales/gu/*.json', { eager: true, import: 'default' });

/** Namespace → texts (`messages` keyed by their English text). */
export const CATALOGUES: Record<string, Record<string, unknown>> = { messages, lookups };
for (const [path, texts] of Object.entries(screens)) CATALOGUES[/(\w+)\.json$/.exec(path)![1]!] = texts;
