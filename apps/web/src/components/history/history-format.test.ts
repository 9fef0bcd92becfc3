/** The record's actions in the reader's language (components/history/history-format.ts). */
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/operatorHistory.json' with { type: 'json' };
import gu from '../../locales/gu/operatorHistory.json' with { type: 'json' };
import hi from '../../locales/hi/operatorHistory.json' with { type: 'json' };
import enLookups from '@jsbn/shared/locales/en/lookups.json' with { type: 'json' };
import guLookups from '@jsbn/shared/locales/gu/lookups.json' with { type: 'json' };
import hiLookups from '@jsbn/shared/locales/hi/lookups.json' with { type: 'json' };
import enRecord from '@jsbn/shared/locales/en/record.json' with { type: 'json' };
import guRecord from '@jsbn/shared/locales/gu/record.json' with { type: 'json' };
import hiRecord from '@jsbn/shared/locales/hi/record.json' with { type: 'json' };
import { AUDIT_ACTIONS } from '@jsbn/shared';
import { actionLabel, changeLabel, recordWords, whoLabel, type Translate } from './history-format.js';

/** A `t` over one language's `operatorHistory` texts that says when a key is missing. */
const translator =
  (texts: { actions: Record<string, string> }): Translate =>
  (key, options) => {
    const action = key.replace('operatorHistory:actions.', '');
    return texts.actions[action] ?? `MISSING(${String(options?.defaultValue)})`;
  };

describe('the actions of the record', () => {
  it.each([
    ['en', en],
    ['gu', gu],
    ['hi', hi],
  ])('has a word for every action in %s', (_lng, texts) => {
    const missing = AUDIT_ACTIONS.map((action) => actionLabel(translator(texts), action)).filter((label) => label.startsWith('MISSING'));
    expect(missing).toEqual([]);
  });

  it('reads an action with a hyphen as its key without one', () => {
    expect(actionLabel(translator(gu), 'e-mail verified')).toBe(gu.actions.emailVerified);
    expect(actionLabel(translator(en), 'operator re-enabled')).toBe('Operator re-enabled');
  });
});

describe("a change's values as the history shows them", () => {
  const en = recordWords(enLookups, enRecord);
  const gu = recordWords(guLookups, guRecord);
  const hi = recordWords(hiLookups, hiRecord);

  it('shows a swaroop, a language and subjects as the book page does, never their codes', () => {
    expect(changeLabel({ field: 'type', before: null, after: 'AGM1' }, en)).toEqual({ before: '—', after: 'આગમ — Agam (canonical text)' });
    expect(changeLabel({ field: 'type', before: null, after: 'AGM1' }, gu)).toEqual({ before: '—', after: 'આગમ (મૂળ શાસ્ત્રગ્રંથ)' });
    expect(changeLabel({ field: 'language', before: 'Hindi', after: 'Gujarati' }, hi)).toEqual({ before: 'हिन्दी', after: 'गुजराती' });
    expect(changeLabel({ field: 'subjects', before: [], after: ['Agam'] }, gu)).toEqual({ before: '—', after: 'આગમ' });
  });

  it('says a cover was replaced rather than its storage name, and a day as DD/MM/YYYY', () => {
    expect(changeLabel({ field: 'cover', before: '5f1c0e.jpg', after: '9ab3d2.jpg' }, en)).toEqual({ summary: 'Replaced' });
    expect(changeLabel({ field: 'index_pdf', before: null, after: 'c0ffee.pdf' }, hi)).toEqual({ summary: 'जोड़ा गया' });
    expect(changeLabel({ field: 'published_date', before: null, after: '2024-03-01' }, en)).toEqual({ before: '—', after: '01/03/2024' });
    expect(changeLabel({ field: 'book_published', before: false, after: true }, gu)).toEqual({ before: 'ના', after: 'હા' });
  });
});

describe('who acted', () => {
  /** A `t` over one language's `operatorHistory:entry` texts, interpolating as i18next does. */
  const entryTranslator =
    (texts: { entry: Record<string, string> }): Translate =>
    (key, options) =>
      (texts.entry[key.replace('operatorHistory:entry.', '')] ?? `MISSING(${key})`).replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
        String(options?.[name]),
      );

  it.each([
    ['en', en, 'Shri Mahavir Prakashan (now Shri Vardhaman Prakashan)'],
    ['gu', gu, 'Shri Mahavir Prakashan (હવે Shri Vardhaman Prakashan)'],
    ['hi', hi, 'Shri Mahavir Prakashan (अब Shri Vardhaman Prakashan)'],
  ])("shows the name a publisher had then, and today's beside it when renamed, in %s", (_lng, texts, shown) => {
    const who = { role: 'PUBLISHER' as const, name: 'Shri Mahavir Prakashan' };
    expect(whoLabel(entryTranslator(texts), { ...who, currentName: 'Shri Vardhaman Prakashan' })).toBe(shown);
    expect(whoLabel(entryTranslator(texts), who)).toBe('Shri Mahavir Prakashan');
  });
});
