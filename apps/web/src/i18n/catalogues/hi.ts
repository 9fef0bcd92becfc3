/** Every Hindi catalogue — the screen texts by namespace, the messages, the lookups and the record's words — in one chunk, loaded when Hindi is chosen. */
import messages from '@jsbn/shared/locales/hi/messages.json';
import lookups from '@jsbn/shared/locales/hi/lookups.json';
import record from '@jsbn/shared/locales/hi/record.json';

const screens = import.meta.glob<Record<string, unknown>>('../../locales/hi/*.json', { eager: true, import: 'default' });

/** Namespace → texts (`messages` keyed by their English text). */
export const CATALOGUES: Record<string, Record<string, unknown>> = { messages, lookups, record };
for (const [path, texts] of Object.entries(screens)) CATALOGUES[/(\w+)\.json$/.exec(path)![1]!] = texts;
