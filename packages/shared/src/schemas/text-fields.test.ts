/**
 * Control characters never reach a record: every text field a form or the API takes refuses
 * them, naming the field in its message, in English, Gujarati and Hindi; multi-line fields keep
 * tabs and line breaks; web addresses are http or https only.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { controlCharacterMessage, hasControlCharacters, withoutControlCharacters, type TextLines } from '../control-characters.js';
import { translateMessage } from '../languages.js';
import { MESSAGE_CATALOGUES } from '../message-catalogues.js';
import { contactMessage, letterhead, libraryProfile, libraryRegistration, publisherProfile, publisherRegistration } from './accounts.js';
import { bookFields, bookPdfRequest, readerOrderFields, uploadUrlsRequest } from './books.js';
import { webAddressMessage } from './common.js';
import { askPublisherRequest, publisherMessageRequest, withdrawBookRequest } from './moderation.js';
import { dispatchFields } from './orders.js';
import { bookReportRequest, reportNoteRequest, similarBooksQuery, withdrawDuplicateRequest, withdrawRequest } from './queues.js';

/** A hostile title: MARC's subfield delimiter with a code, then its field and record terminators. */
const INJECTED = 'Ctl\u001f9INJECTED\u001e\u001d';

const book = {
  book_title: 'શ્રી ઉત્તરાધ્યયન સૂત્ર',
  book_e_title: 'Shri Uttaradhyayan Sutra',
  language: '1',
  publication_year: 2020,
  pages: 120,
  type: 'AKS1',
  subjects: [{ id: 1 }],
  authors: [{ authorType: 1, authorname: 'સુધર્માસ્વામી' }],
  readers: 'Yes',
  electronic_copy: 'Yes',
  isPublicPdf: true,
  pdfurl: 'https://example.org/book.pdf',
  alternate_title: 'Uttarajjhayana',
  book_alt_subtitle: 'Sutra',
  book_subtitle_lang: 'Prakrit',
  size: '8.5 * 5.5',
  other_type: 'Other',
  part: '1',
  tags: 'agam',
  other_subject: 'Agam',
  book_pdf: 'book.pdf',
  contents: 'Chapter 1\nChapter 2',
};
const library = {
  name: 'Shri Gyan Bhandar',
  sanchalak_name: 'Sangh',
  sanchalak_address: 'Upashray',
  address: 'Palitana',
  email: 'b@example.in',
  mobile_no: '9426012345',
  whatsapp_no: '9426012345',
  sangh_trust: 'Sangh Sanchalit',
  password: 'Bhandar@123',
  gst_no: '24ABCDE1234F1Z5',
  number_of_books: 10,
};
const publisher = {
  publisher_no: 'ABCDE',
  publisher_name: 'Trust',
  publisher_type: 'Sangh',
  address: 'Ahmedabad',
  state: 1,
  city: 1,
  pincode: '380001',
  landline_no: '0792345678',
  mobile_no: '9426012345',
  whatsapp_no: '9426012345',
  email: 'p@example.in',
  password: 'Prakash@123',
  gst_no: '24ABCDE1234F1Z5',
};

/** Each schema with an input it accepts, and each of its text fields: [path, label, lines]. */
const FIELDS: { name: string; schema: z.ZodType; valid: Record<string, unknown>; fields: [string, string, TextLines][] }[] = [
  {
    name: 'book form',
    schema: bookFields,
    valid: book,
    fields: [
      ['book_title', 'Book title', 'single'],
      ['book_e_title', 'Book English title', 'single'],
      ['alternate_title', 'Original book (alternate title)', 'single'],
      ['book_alt_subtitle', 'Subtitle', 'single'],
      ['book_subtitle_lang', 'Subtitle language', 'single'],
      ['language', 'Language', 'single'],
      ['size', 'Size', 'single'],
      ['type', 'Swaroop', 'single'],
      ['other_type', 'Other swaroop', 'single'],
      ['part', 'Part', 'single'],
      ['tags', 'Tags', 'single'],
      ['other_subject', 'Other subject', 'single'],
      ['authors.0.authorname', 'Author name', 'single'],
      ['book_pdf', 'Book PDF', 'single'],
      ['contents', 'Contents', 'multi'],
    ],
  },
  {
    name: 'library registration',
    schema: libraryRegistration,
    valid: library,
    fields: [
      ['name', 'Name', 'single'],
      ['sanchalak_name', 'Sanchalak name', 'single'],
      ['sanchalak_address', 'Sanchalak address', 'multi'],
      ['address', 'Address', 'multi'],
      ['gst_no', 'GST number', 'single'],
    ],
  },
  {
    name: 'library profile',
    schema: libraryProfile,
    valid: library,
    fields: [
      ['name', 'Name', 'single'],
      ['address', 'Address', 'multi'],
    ],
  },
  {
    name: 'publisher registration',
    schema: publisherRegistration,
    valid: publisher,
    fields: [
      ['publisher_name', 'Publisher name', 'single'],
      ['address', 'Address', 'multi'],
      ['gst_no', 'GST number', 'single'],
    ],
  },
  {
    name: 'publisher profile',
    schema: publisherProfile,
    valid: publisher,
    fields: [
      ['publisher_name', 'Publisher name', 'single'],
      ['address', 'Address', 'multi'],
    ],
  },
  { name: 'letterhead', schema: letterhead, valid: { text: 'Shri Gyan Bhandar, Palitana' }, fields: [['text', 'Letter text', 'multi']] },
  {
    name: 'contact form and claims',
    schema: contactMessage,
    valid: { fullName: 'Ramesh Shah', email: 'ramesh@example.in', contact: '9825012345', message: 'Please add our books.' },
    fields: [
      ['fullName', 'Full name', 'single'],
      ['message', 'Message', 'multi'],
    ],
  },
  {
    name: 'PDF request',
    schema: bookPdfRequest,
    valid: { name: 'Ramesh', email: 'r@example.in', mobile_no: '9825012345', Resone: 'For our pathshala', RefferenceBy: 'Sangh' },
    fields: [
      ['name', 'Name', 'single'],
      ['Resone', 'Reason', 'multi'],
      ['RefferenceBy', 'Referred by', 'single'],
    ],
  },
  {
    name: 'reader order',
    schema: readerOrderFields,
    valid: {
      name: 'Ramesh',
      mobile: '9825012345',
      email: 'r@example.in',
      message: 'Two copies please',
      bookId: 1,
      bookName: 'Sutra',
      date: '01/01/2030',
    },
    fields: [
      ['name', 'Name', 'single'],
      ['message', 'Message', 'multi'],
      ['bookName', 'Book name', 'single'],
    ],
  },
  {
    name: 'dispatch',
    schema: dispatchFields,
    valid: { orderId: 1, courierCompanyName: 'DTDC', courierCompanyNumber: '9825012345', trackingId: 'D123' },
    fields: [
      ['courierCompanyName', 'Courier company name', 'single'],
      ['courierCompanyNumber', 'Courier company number', 'single'],
      ['trackingId', 'Tracking id', 'single'],
    ],
  },
  {
    name: 'upload addresses',
    schema: uploadUrlsRequest,
    valid: { files: [{ field: 'index_pdf', name: 'index.pdf', type: 'application/pdf' }] },
    fields: [['files.0.name', 'File name', 'single']],
  },
  // the back office's and the reports' texts (decisions 043, 044): stored, shown to operators and publishers
  {
    name: 'report about a book',
    schema: bookReportRequest,
    valid: { kind: 'OTHER', reason: 'Wrong author' },
    fields: [['reason', 'Reason', 'multi']],
  },
  { name: 'withdrawal request', schema: withdrawRequest, valid: { reason: 'Printed twice' }, fields: [['reason', 'Reason', 'multi']] },
  {
    name: 'similar-book check',
    schema: similarBooksQuery,
    valid: { title: 'Sutra', e_title: 'Sutra', author: 'Muni' },
    fields: [
      ['title', 'Book title', 'single'],
      ['e_title', 'Book English title', 'single'],
      ['author', 'Author name', 'single'],
    ],
  },
  {
    name: 'withdrawal by an operator',
    schema: withdrawBookRequest,
    valid: { reason: 'Registered twice', duplicate_of_jsbn: 'JSBN-1' },
    fields: [
      ['reason', 'Reason', 'multi'],
      ['duplicate_of_jsbn', 'JSBN of the other book', 'single'],
    ],
  },
  {
    name: 'duplicate withdrawn',
    schema: withdrawDuplicateRequest,
    valid: { book_id: 1, reason: 'Registered twice' },
    fields: [['reason', 'Reason', 'multi']],
  },
  {
    name: "operator's question",
    schema: askPublisherRequest,
    valid: { question: 'Please send your trust deed.' },
    fields: [['question', 'Question', 'multi']],
  },
  { name: "publisher's answer", schema: publisherMessageRequest, valid: { body: 'Sent by post.' }, fields: [['body', 'Answer', 'multi']] },
  {
    name: "operator's note on a report",
    schema: reportNoteRequest,
    valid: { note: 'Corrected the author.' },
    fields: [['note', 'Note', 'multi']],
  },
];

/** `input` with the value at the dotted `path` replaced by `value`. */
function withValue(input: Record<string, unknown>, path: string, value: string): Record<string, unknown> {
  const copy = structuredClone(input);
  const keys = path.split('.');
  let target = copy;
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[keys.at(-1)!] = value;
  return copy;
}

/** The messages of the issues at `path` when `input` is parsed by `schema`. */
function messagesAt(schema: z.ZodType, input: unknown, path: string): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.filter((issue) => issue.path.join('.') === path).map((issue) => issue.message);
}

describe('control characters in every text field', () => {
  for (const { name, schema, valid, fields } of FIELDS) {
    it(`are refused in the ${name}, naming the field`, () => {
      expect(schema.safeParse(valid).error).toBeUndefined();
      for (const [path, label, lines] of fields) {
        // the courier number is 10 characters long, and is also not a phone number (Invalid Number)
        const only = (message: string) => (path === 'courierCompanyNumber' ? expect.arrayContaining([message]) : [message]);
        const injected = path === 'courierCompanyNumber' ? INJECTED.slice(0, 10) : `${INJECTED} end`;
        expect(messagesAt(schema, withValue(valid, path, injected), path), path).toEqual(only(controlCharacterMessage(label, lines)));
        const sized = (text: string) => (path === 'courierCompanyNumber' ? text.padEnd(10, '0').slice(0, 10) : text);
        for (const control of ['\u0001', '\u007f', '\u0085', '\ud800'])
          expect(messagesAt(schema, withValue(valid, path, sized(`a${control}b`)), path), `${path} ${JSON.stringify(control)}`).toEqual(
            only(controlCharacterMessage(label, lines)),
          );
        // a tab or line break is one line's problem, a multi-line field's text
        expect(messagesAt(schema, withValue(valid, path, sized('one\ttwo\nthree')), path), path).toEqual(
          lines === 'multi' ? [] : only(controlCharacterMessage(label, lines)),
        );
      }
    });
  }

  it('keep a multi-line field with its line breaks as line feeds, and a character outside the BMP whole', () => {
    const parsed = contactMessage.parse({
      fullName: 'Ramesh 𝕊hah',
      email: 'ramesh@example.in',
      contact: '9825012345',
      message: 'Line one\r\nLine two\rLine three\tend',
    });
    expect(parsed.message).toBe('Line one\nLine two\nLine three\tend');
    expect(parsed.fullName).toBe('Ramesh 𝕊hah');
  });

  it('answer in Gujarati and Hindi with the field named in the language', () => {
    const labels = new Set(
      FIELDS.flatMap(({ fields }) => fields.map(([, label, lines]) => [label, lines] as const)).map((pair) => JSON.stringify(pair)),
    );
    for (const pair of labels) {
      const [label, lines] = JSON.parse(pair) as [string, TextLines];
      const message = controlCharacterMessage(label, lines);
      for (const [lng, script] of [
        ['gu', /[\u0A80-\u0AFF]/],
        ['hi', /[\u0900-\u097F]/],
      ] as const) {
        const translated = translateMessage(message, MESSAGE_CATALOGUES[lng]);
        expect(translated, `${lng}: ${message}`).toMatch(script);
        expect(translated.startsWith(`${MESSAGE_CATALOGUES[lng][label]}:`), `${lng}: ${label} → ${translated}`).toBe(true);
      }
    }
    expect(translateMessage(controlCharacterMessage('Book title'), MESSAGE_CATALOGUES.gu)).toBe(
      'પુસ્તકનું શીર્ષક: એક જ લીટીમાં લખો, ટૅબ કે બીજા નિયંત્રણ-અક્ષરો વગર',
    );
  });
});

describe('web addresses', () => {
  it('are http or https only, the field named', () => {
    for (const url of [
      'javascript:alert(document.cookie)',
      'JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox',
      'file:///etc/passwd',
      'ftp://example.org/a.pdf',
    ]) {
      expect(messagesAt(bookFields, { ...book, pdfurl: url }, 'pdfurl'), url).toEqual([webAddressMessage('PDF link')]);
    }
    expect(bookFields.parse({ ...book, pdfurl: ' http://example.org/a.pdf ' }).pdfurl).toBe('http://example.org/a.pdf');
    expect(translateMessage(webAddressMessage('PDF link'), MESSAGE_CATALOGUES.hi)).toBe(
      'PDF का लिंक: http:// या https:// से शुरू होने वाला वेब पता लिखें',
    );
  });
});

describe('the writers’ sanitizer', () => {
  it('drops what a record may not hold and keeps every script', () => {
    expect(withoutControlCharacters(INJECTED)).toBe('Ctl9INJECTED');
    expect(withoutControlCharacters('a\r\nb\tc\u0085\ud800 ગુજરાતી हिन्दी 𝕊')).toBe('a\nb\tc ગુજરાતી हिन्दी 𝕊');
    expect(withoutControlCharacters('a\r\nb\tc', 'single')).toBe('a b c');
    expect(hasControlCharacters(withoutControlCharacters(`${INJECTED}\u007f\uffff`, 'single'))).toBe(false);
  });
});
