import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentEndpoints } from '@jsbn/shared/core';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { inject } from '../../test/inject.js';
import { splitRuns } from './script-runs.js';

const SUPPORT_EMAIL = 'forms@jsbn.test';

/** Poppler's tools (Debian poppler-utils; CI installs them). A missing tool fails the test. */
function poppler(tool: 'pdftoppm' | 'pdftotext', args: string[]): string {
  try {
    return execFileSync(tool, args, { encoding: 'utf8' });
  } catch (error) {
    throw new Error(`${tool} failed — is poppler-utils installed? ${(error as Error).message}`);
  }
}

/** What each file must contain: Gujarati and Hindi (NFC) and English text of its labels. */
const FORMS = {
  'book-form-gu': {
    gujarati: ['પુસ્તક નોંધણી ફોર્મ', 'પુસ્તકનું અંગ્રેજી નામ', 'વિક્રમ સંવત', 'લેખકો'],
    hindi: [],
    english: ['Book English title', 'Vikram Samvat', 'Pocket'],
  },
  'book-form-hi': {
    gujarati: [],
    hindi: ['पुस्तक पंजीकरण फ़ॉर्म', 'पुस्तक का अंग्रेज़ी शीर्षक', 'विक्रम संवत', 'लेखक', 'पॉकेट'],
    english: ['Book English title', 'Vikram Samvat', 'Pocket'],
  },
  'book-form-en': {
    gujarati: [],
    hindi: [],
    english: ['Book Registration Form', 'Book English title', 'Veer Samvat', 'Author type', 'Pocket 6.87 × 4.25'],
  },
  'publisher-registration': {
    gujarati: ['પ્રકાશક નોંધણી ફોર્મ', 'પિનકોડ'],
    hindi: [],
    english: ['Publisher Registration Form', 'Publisher unique id', 'Private Company', 'Aadhar number'],
  },
} as const;

/** Any Gujarati letter (U+0A80–U+0AFF). */
const GUJARATI = /[\u0A80-\u0AFF]/;

describe('offline forms', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await createTestApp('pglite', { SUPPORT_EMAIL });
    dir = mkdtempSync(join(tmpdir(), 'jsbn-forms-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (form: string, format: string) => inject(t.app, documentEndpoints.offlineForm, { params: { form, format } });

  describe.each(Object.keys(FORMS) as Array<keyof typeof FORMS>)('%s', (form) => {
    const expected = FORMS[form];

    it('downloads as a Word file holding its labels and the support e-mail', async () => {
      const response = await get(form, 'docx');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="JSBN-${form}.docx"`);
      const zip = await JSZip.loadAsync(response.rawPayload);
      const xml = await zip.file('word/document.xml')!.async('string');
      expect(xml.normalize('NFC')).toBe(xml);
      for (const text of [
        ...expected.gujarati,
        ...expected.hindi,
        ...expected.english,
        'JSBN — Jain Standard Book Number',
        SUPPORT_EMAIL,
      ]) {
        expect(xml).toContain(text.normalize('NFC'));
      }
      // the Hindi reader's form speaks Hindi and English only
      if (form === 'book-form-hi') expect(xml).not.toMatch(GUJARATI);
    });

    it('downloads as an A4 PDF that renders and holds its labels and the support e-mail', async () => {
      const response = await get(form, 'pdf');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="JSBN-${form}.pdf"`);
      expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

      const file = join(dir, `${form}.pdf`);
      writeFileSync(file, response.rawPayload);
      poppler('pdftoppm', ['-r', '50', '-png', '-f', '1', '-l', '1', '-singlefile', file, join(dir, form)]);
      const png = readFileSync(join(dir, `${form}.png`));
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(statSync(join(dir, `${form}.png`)).size).toBeGreaterThan(10_000);

      // pdfkit maps glyphs back to characters in visual order ('ફોર્મ' would read 'ફોમર્');
      // pdf.ts adds an ActualText span per run, so the Gujarati comes back in logical order.
      const text = poppler('pdftotext', ['-enc', 'UTF-8', file, '-']);
      for (const label of ['JSBN — Jain Standard Book Number', SUPPORT_EMAIL, ...expected.english, ...expected.gujarati, ...expected.hindi])
        expect(text).toContain(label);
      if (form === 'book-form-hi') expect(text).not.toMatch(GUJARATI);
      const info = poppler('pdftotext', ['-l', '1', '-bbox', file, '-']);
      expect(info).toMatch(/<page width="595\.\d+" height="841\.\d+"/);
    });
  });

  it('gives the same bytes again (generated once, cached in memory)', async () => {
    const first = await get('book-form-gu', 'pdf');
    const second = await get('book-form-gu', 'pdf');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it.each(['unknown-form.pdf', 'book-form-gu.txt', 'book-form-gu.PDF', 'publisher-registration'])('answers 404 for %s', async (name) => {
    // names that are no form, some not even of the route's form.format shape: the path as a client might send it
    const response = await t.app.inject({ method: 'GET', url: `/api/documents/forms/${name}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, error: 'NOT_FOUND' });
  });
});

describe('script runs', () => {
  it('gives Gujarati, Devanagari and Latin their own faces and keeps conjuncts whole', () => {
    const runs = splitRuns('શ્રી તત્ત્વાર્થ (Tattvartha) तत्त्वार्थ ₹ 250');
    expect(runs.map((run) => run.text).join('')).toBe('શ્રી તત્ત્વાર્થ (Tattvartha) तत्त्वार्थ ₹ 250');
    expect(runs.find((run) => run.text.includes('શ્રી'))?.face).toBe('gujarati');
    expect(runs.find((run) => run.text.includes('तत्त्वार्थ'))?.face).toBe('devanagari');
    expect(runs.find((run) => run.text.includes('Tattvartha'))?.face).toBe('latin');
  });

  it('keeps ZWJ, ZWNJ and danda inside the Indic run they belong to', () => {
    expect(splitRuns('क्\u200dष।')).toEqual([{ text: 'क्\u200dष।', face: 'devanagari' }]);
    expect(splitRuns('ક્\u200cષ।')).toEqual([{ text: 'ક્\u200cષ।', face: 'gujarati' }]);
  });
});
