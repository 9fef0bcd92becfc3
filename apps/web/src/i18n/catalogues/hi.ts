/** Every Hindi catalogue — the screen texts by namespace and the messages — in one chunk, loaded when Hindi is chosen. */
import messages from '@jsbn/shared/locales/hi/messages.json';

const screens = import.meta.glob<Record<string, unknown>>('../../locales/hi/*.json', { eager: true, import: 'default' });

/** Namespace → texts (`messages` keyed by their English text). */
export const CATALOGUES: Record<string, Record<string, unknown>> = { messages };
for (const [path, texts] of Object.entries(screens)) CATALOGUES[/(\w+)\.json$/.exec(path)![1]!] = texts;
