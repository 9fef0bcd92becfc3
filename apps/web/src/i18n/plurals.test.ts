/**
 * Counts read as a native reader says them (decision 030): nothing found is a sentence, not
 * '0 books'; Hindi agrees in number ('(2 मँगाई गईं)') — the catalogues read by i18next as the app
 * reads them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

const LOCALES = join(import.meta.dirname, '..', 'locales');
const NAMESPACES = ['books', 'ordering', 'orders'];
const resources = Object.fromEntries(
  ['en', 'gu', 'hi'].map((lng) => [
    lng,
    Object.fromEntries(NAMESPACES.map((ns) => [ns, JSON.parse(readFileSync(join(LOCALES, lng, `${ns}.json`), 'utf8')) as object])),
  ]),
);
/** An i18next instance in `lng` with the screen texts of NAMESPACES. */
function instanceIn(lng: string) {
  const instance = i18next.createInstance();
  void instance.init({ lng, fallbackLng: 'en', resources, ns: NAMESPACES, initAsync: false, interpolation: { escapeValue: false } });
  return instance;
}

describe('counts in each language', () => {
  it.each([
    ['en', ['No books found', '1 book found', '3 books found'], ['No book selected', '1 book selected']],
    ['gu', ['એક પણ પુસ્તક મળ્યું નથી', '1 પુસ્તક મળ્યું', '3 પુસ્તકો મળ્યાં'], ['એક પણ પુસ્તક પસંદ કર્યું નથી', '1 પુસ્તક પસંદ કર્યું']],
    ['hi', ['कोई पुस्तक नहीं मिली', '1 पुस्तक मिली', '3 पुस्तकें मिलीं'], ['कोई पुस्तक नहीं चुनी', '1 पुस्तक चुनी गई']],
  ] as const)('%s: none, one and many books found; none and one selected', (lng, found, selected) => {
    const { t } = instanceIn(lng);
    expect([0, 1, 3].map((count) => t('search.found', { ns: 'books', count }))).toEqual(found);
    expect([0, 1].map((count) => t('bar.selected', { ns: 'ordering', count }))).toEqual(selected);
  });

  it('agrees in number in Hindi where English does not', () => {
    const { t } = instanceIn('hi');
    expect([1, 2].map((count) => t('partial.ordered', { ns: 'orders', count }))).toEqual(['(1 मँगाई गई)', '(2 मँगाई गईं)']);
  });

  it.each([
    ['gu', 'હજી કોઈ ઓર્ડર નથી', 'જ્ઞાન ભંડાર (mahavir@example.test) દ્વારા', ['પુષ્ટિ કરો', 'રવાના કરો']],
    ['hi', 'अभी कोई ऑर्डर नहीं है', 'ज्ञान भंडार (mahavir@example.test) द्वारा', ['पुष्टि करें', 'रवाना करें']],
  ] as const)(
    "%s: an empty order list, who did a step of an order's history, and two buttons that are not one word",
    (lng, empty, by, [confirm, dispatch]) => {
      const { t } = instanceIn(lng);
      expect(t('empty', { ns: 'orders' })).toBe(empty);
      expect(
        t('details.by', {
          ns: 'orders',
          actor: t('details.actor', { ns: 'orders', role: t('details.LIBRARY', { ns: 'orders' }), who: 'mahavir@example.test' }),
        }),
      ).toBe(by);
      // the partial accept dialog confirms counts; the dispatch dialog dispatches
      expect([t('partial.submit', { ns: 'orders' }), t('dispatch.submit', { ns: 'orders' })]).toEqual([confirm, dispatch]);
    },
  );
});
