/**
 * The proofreading list stays true: review.md is what the locale files and the recorded
 * baseline say (run `npm run proofread` after changing a Gujarati or Hindi text), and a text
 * that changes or appears is listed as such.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  REVIEW_FILE,
  baselineOf,
  hashOf,
  recordedBaseline,
  reviewItems,
  reviewMarkdown,
  workingTree,
  type FileReader,
} from './catalogues.js';

describe('the proofreading list (apps/web/src/locales/proofread/review.md)', () => {
  it('is what the locale files and the baseline say: run `npm run proofread` after changing a text', () => {
    expect(readFileSync(REVIEW_FILE, 'utf8')).toBe(reviewMarkdown(reviewItems(recordedBaseline())));
  });

  it('lists a changed text and a new one, with their English, and nothing proofread and unchanged', () => {
    const files: Record<string, string> = {
      'apps/web/src/locales/en/books.json': JSON.stringify({
        detail: { contents: 'Contents', index: 'Index' },
        search: { found_zero: 'No books found' },
      }),
      'apps/web/src/locales/gu/books.json': JSON.stringify({
        detail: { contents: 'વિષયસૂચિ', index: 'અનુક્રમણિકા' },
        search: { found_zero: 'એક પણ પુસ્તક મળ્યું નથી' },
      }),
      'packages/shared/src/locales/gu/messages.json': JSON.stringify({ 'Book cover page is required': 'પુસ્તકનું પૂંઠું જરૂરી છે' }),
    };
    const read: FileReader = (path) => files[path] ?? workingTree()(path);
    const baseline = baselineOf(read);
    baseline['web/books']!.gu['detail.contents'] = hashOf('અનુક્રમ');
    delete baseline['web/books']!.gu['search.found_zero'];
    baseline['shared/messages']!.gu['Book cover page is required'] = hashOf('પુસ્તકનું મુખપૃષ્ઠ જરૂરી છે.');
    const items = reviewItems(baseline, read).gu;
    expect(items).toEqual([
      { catalogue: 'web/books', key: 'detail.contents', state: 'changed', english: 'Contents', text: 'વિષયસૂચિ' },
      { catalogue: 'web/books', key: 'search.found_zero', state: 'new', english: 'No books found', text: 'એક પણ પુસ્તક મળ્યું નથી' },
      {
        catalogue: 'shared/messages',
        key: 'Book cover page is required',
        state: 'changed',
        english: 'Book cover page is required',
        text: 'પુસ્તકનું પૂંઠું જરૂરી છે',
      },
    ]);
    expect(reviewMarkdown({ gu: items, hi: [] })).toContain('| changed | web/books | detail.contents | Contents | વિષયસૂચિ |');
  });
});
