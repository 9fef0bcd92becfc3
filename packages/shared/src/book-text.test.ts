import { describe, expect, it } from 'vitest';
import { publishedDateToSend } from './book-text.js';

describe('the published date the book form sends', () => {
  const now = new Date('2026-11-26T08:00:00Z');
  it("sends no date when none was typed: 'Published: Yes' is never today's date on its own (decision 039)", () => {
    expect(publishedDateToSend(true, '', now)).toBe('');
    expect(publishedDateToSend(true, '   ', now)).toBe('');
    expect(publishedDateToSend(true, '14/03/2025', now)).toBe('2025-03-14');
    expect(publishedDateToSend(false, '14/03/2025', now)).toBe('');
  });
  it('keeps the spec’s rule for a date typed wrong: it becomes today', () => {
    expect(publishedDateToSend(true, '31/02/2025', now)).toBe('2026-11-26');
  });
});
