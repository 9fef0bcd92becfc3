/**
 * What a native speaker proofreads: every Gujarati and Hindi text of the product — the screens
 * (`apps/web/src/locales/<lng>/*.json`), the messages and lookups (`packages/shared/src/locales`)
 * and the e-mails, WhatsApp texts and document words (`apps/api/src/locales/<lng>/notices.json`)
 * — compared with the texts as last proofread. The baseline keeps a short hash of each text
 * (`apps/web/src/locales/proofread/baseline/hashes.json`); `review.md` beside it lists, per
 * language, each text that changed since and each that is new, with its English, so a reviewer
 * reads a short list. `npm run proofread` writes the list, `npm run proofread -- --accept`
 * records the present texts as proofread (or `--accept=<git ref>`, the texts of a commit), and
 * proofread.test.ts fails while the list on disk is not what the files say.
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The repository's root. */
export const ROOT = join(import.meta.dirname, '..', '..');
const WEB = 'apps/web/src/locales';
/** The baseline's hashes and the list for reviewers. */
export const BASELINE_FILE = join(ROOT, WEB, 'proofread', 'baseline', 'hashes.json');
export const REVIEW_FILE = join(ROOT, WEB, 'proofread', 'review.md');

/** The languages a native speaker proofreads (English is the reference). */
export const REVIEWED_LANGUAGES = ['gu', 'hi'] as const;
export type ReviewedLanguage = (typeof REVIEWED_LANGUAGES)[number];
const LANGUAGE_NAMES: Record<ReviewedLanguage, string> = { gu: 'ગુજરાતી (gu)', hi: 'हिन्दी (hi)' };

/** A catalogue: its name in the lists ('web/books') and the file of each language (null: English is the key). */
export interface Catalogue {
  name: string;
  file: (lng: 'en' | ReviewedLanguage) => string | null;
}

/** Every catalogue of texts, in a stable order. */
export function catalogues(root = ROOT): Catalogue[] {
  const namespaces = readdirSync(join(root, WEB, 'en'))
    .filter((file) => file.endsWith('.json'))
    .sort();
  return [
    ...namespaces.map((file) => ({ name: `web/${file.replace(/\.json$/, '')}`, file: (lng: string) => `${WEB}/${lng}/${file}` })),
    { name: 'shared/messages', file: (lng) => (lng === 'en' ? null : `packages/shared/src/locales/${lng}/messages.json`) },
    { name: 'shared/lookups', file: (lng) => `packages/shared/src/locales/${lng}/lookups.json` },
    { name: 'shared/record', file: (lng) => `packages/shared/src/locales/${lng}/record.json` },
    { name: 'api/notices', file: (lng) => `apps/api/src/locales/${lng}/notices.json` },
  ];
}

type Texts = { [key: string]: string | Texts };

/** A catalogue file as `key.path → text` (message keys, which hold dots, are kept whole). */
export function flatten(texts: Texts, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(texts)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [inner, text] of flatten(value, path)) entries.set(inner, text);
  }
  return entries;
}

/** Reads a repository file, from the working tree or from git `ref`; null when it does not exist there. */
export type FileReader = (path: string) => string | null;
export const workingTree =
  (root = ROOT): FileReader =>
  (path) =>
    existsSync(join(root, path)) ? readFileSync(join(root, path), 'utf8') : null;
export const atGitRef =
  (ref: string, root = ROOT): FileReader =>
  (path) => {
    try {
      return execFileSync('git', ['show', `${ref}:${path}`], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    } catch {
      return null;
    }
  };

const textsOf = (read: FileReader, path: string | null) => {
  const content = path === null ? null : read(path);
  return content === null ? new Map<string, string>() : flatten(JSON.parse(content) as Texts);
};

/** A text's short hash, what the baseline keeps. */
export const hashOf = (text: string) => createHash('sha256').update(text.normalize('NFC')).digest('hex').slice(0, 12);

/** The baseline: catalogue → language → key → hash. */
export type Baseline = Record<string, Record<ReviewedLanguage, Record<string, string>>>;

/** The hashes of every text `read` finds. */
export function baselineOf(read: FileReader, root = ROOT): Baseline {
  const baseline: Baseline = {};
  for (const catalogue of catalogues(root)) {
    const entry = {} as Record<ReviewedLanguage, Record<string, string>>;
    for (const lng of REVIEWED_LANGUAGES)
      entry[lng] = Object.fromEntries([...textsOf(read, catalogue.file(lng))].map(([key, text]) => [key, hashOf(text)]));
    baseline[catalogue.name] = entry;
  }
  return baseline;
}

/** One text to review. */
export interface ReviewItem {
  catalogue: string;
  key: string;
  state: 'changed' | 'new';
  english: string;
  text: string;
}

/** What changed or is new in each language since `baseline`, in catalogue and file order. */
export function reviewItems(baseline: Baseline, read: FileReader = workingTree(), root = ROOT): Record<ReviewedLanguage, ReviewItem[]> {
  const items: Record<ReviewedLanguage, ReviewItem[]> = { gu: [], hi: [] };
  for (const catalogue of catalogues(root)) {
    const englishFile = catalogue.file('en');
    const english = englishFile === null ? null : textsOf(read, englishFile);
    for (const lng of REVIEWED_LANGUAGES) {
      const before = baseline[catalogue.name]?.[lng] ?? {};
      for (const [key, text] of textsOf(read, catalogue.file(lng))) {
        const was = before[key];
        if (was === hashOf(text)) continue;
        items[lng].push({
          catalogue: catalogue.name,
          key,
          state: was === undefined ? 'new' : 'changed',
          english: english?.get(key) ?? key,
          text,
        });
      }
    }
  }
  return items;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\r?\n/g, '<br>');

/** The list for reviewers (review.md) of `items`. */
export function reviewMarkdown(items: Record<ReviewedLanguage, ReviewItem[]>): string {
  const lines = [
    '# Proofreading: what changed since the last review',
    '',
    `Made by \`npm run proofread\` from the locale files and \`${relative(join(ROOT, WEB, 'proofread'), BASELINE_FILE)}\` (the texts as last proofread); do not edit it by hand.`,
    'A native speaker checks each text below against its English and against docs/glossary.md; then',
    '`npm run proofread -- --accept` records them as proofread and empties this list. The notes in',
    '`<namespace>.json` beside this file say what to look at first on each screen.',
  ];
  for (const lng of REVIEWED_LANGUAGES) {
    const list = items[lng];
    const changed = list.filter((item) => item.state === 'changed').length;
    lines.push('', `## ${LANGUAGE_NAMES[lng]}: ${changed} changed, ${list.length - changed} new`, '');
    if (list.length === 0) {
      lines.push('Nothing to review.');
      continue;
    }
    lines.push('| | Where | Key | English | Text |', '|---|---|---|---|---|');
    for (const item of list)
      lines.push(`| ${item.state} | ${item.catalogue} | ${cell(item.key)} | ${cell(item.english)} | ${cell(item.text)} |`);
  }
  return `${lines.join('\n')}\n`;
}

/** The baseline recorded on disk. */
export const recordedBaseline = (): Baseline => JSON.parse(readFileSync(BASELINE_FILE, 'utf8')) as Baseline;
