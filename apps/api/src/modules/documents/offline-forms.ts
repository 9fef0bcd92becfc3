/**
 * The downloadable offline forms — README.md: the book registration form in Gujarati
 * and in English (every Book field of docs/api.md) and the publisher registration form
 * (docs/api.md, Gujarati and English labels). Each form is described once here as a
 * `FormDocument`; `form-docx.ts` and `form-pdf.ts` render that one description.
 */
import { AUTHOR_TYPES, BOOK_SIZE_PRESETS, LEADING_CURRENCIES, PUBLISHER_TYPES } from '@jsbn/shared';
import { formDocx } from './form-docx.js';
import { label, sentence, type Bilingual, type FormBlock, type FormDocument, type FormLanguage } from './form-model.js';
import { formPdf } from './form-pdf.js';

export const OFFLINE_FORMS = ['book-form-gu', 'book-form-en', 'publisher-registration'] as const;
export type OfflineFormId = (typeof OFFLINE_FORMS)[number];

/** The file formats of every form, with their content types. */
export const FORM_FORMATS = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
} as const;
export type FormFormat = keyof typeof FORM_FORMATS;

/** A generated download. */
export interface FormFile {
  bytes: Buffer;
  contentType: string;
  /** `JSBN-<form>.<format>`, the name the server gives the download. */
  fileName: string;
}

const BRAND = 'JSBN — Jain Standard Book Number';
const YES: Bilingual = { gu: 'હા', en: 'Yes' };
const NO: Bilingual = { gu: 'ના', en: 'No' };
const REQUIRED_NOTE: Bilingual = { gu: '* ફરજિયાત વિગત', en: '* required' };

const SIZE_NAMES: Record<(typeof BOOK_SIZE_PRESETS)[number]['key'], string> = { pocket: 'પોકેટ', medium: 'મધ્યમ', large: 'મોટું' };
const AUTHOR_TYPE_GU: Record<string, string> = {
  Author: 'લેખક',
  Editor: 'સંપાદક',
  Translator: 'અનુવાદક',
  Commentator: 'ટીકાકાર',
  Compiler: 'સંકલનકર્તા',
  'Inspiration (Preraka)': 'પ્રેરક',
};
const PUBLISHER_TYPE_GU: Record<(typeof PUBLISHER_TYPES)[number], string> = {
  Sangh: 'સંઘ',
  Trust: 'ટ્રસ્ટ',
  'Private Company': 'પ્રાઇવેટ કંપની',
  Institution: 'સંસ્થા',
};

const sendTo = (email: string): Bilingual => ({
  gu: `ભરેલું ફોર્મ અને જોડાણો ${email} પર ઈ-મેઇલથી મોકલો.`,
  en: `Send the filled form and its attachments by e-mail to ${email}.`,
});

/** The book registration form (પુસ્તક નોંધણી ફોર્મ) in `language` ('gu' or 'en'). */
function bookForm(language: 'gu' | 'en', supportEmail: string): FormDocument {
  const L = (text: Bilingual) => label(text, language);
  const S = (text: Bilingual) => sentence(text, language);
  const yesNo = [L(YES), L(NO)];
  const field = (text: Bilingual, extra: { hint?: Bilingual; required?: boolean; lines?: number; boxes?: number } = {}): FormBlock => ({
    kind: 'field',
    label: L(text),
    ...(extra.hint ? { hint: S(extra.hint) } : {}),
    ...(extra.required ? { required: true } : {}),
    ...(extra.lines ? { lines: extra.lines } : {}),
    ...(extra.boxes ? { boxes: extra.boxes } : {}),
  });
  const section = (text: Bilingual): FormBlock => ({ kind: 'section', title: L(text) });
  const sizes = BOOK_SIZE_PRESETS.map((size) => `${L({ gu: SIZE_NAMES[size.key], en: size.label })} ${size.height} × ${size.width}`);
  const authorTypes = AUTHOR_TYPES.map((type) =>
    language === 'gu' ? `${AUTHOR_TYPE_GU[type.author_type] ?? type.author_type} (${type.author_type})` : type.author_type,
  );

  return {
    brand: BRAND,
    title: L({ gu: 'પુસ્તક નોંધણી ફોર્મ', en: 'Book Registration Form' }),
    subtitle: S({ gu: 'JSBN નંબર અને QR કોડ મેળવવા માટે — નોંધણી નિઃશુલ્ક છે', en: 'To acquire a JSBN number and QR code — registration is free' }),
    sendTo: S(sendTo(supportEmail)),
    lang: language === 'gu' ? 'gu-IN' : 'en-IN',
    requiredNote: S(REQUIRED_NOTE),
    blocks: [
      {
        kind: 'list',
        items: [
          S({ gu: 'દરેક પુસ્તક માટે અલગ ફોર્મ ભરો. સ્પષ્ટ અક્ષરે લખો.', en: 'Fill one form for each book. Write clearly.' }),
          S({ gu: '* વાળી વિગતો ફરજિયાત છે.', en: 'Fields marked * are required.' }),
          S({
            gu: 'પુસ્તકના મુખપૃષ્ઠનો ફોટો (JPEG) જરૂરી છે; બીજા વધુમાં વધુ 4 ફોટા અને અનુક્રમણિકાની PDF પણ મોકલી શકો.',
            en: 'A photo of the front cover (JPEG) is required; you may add up to 4 more images and an index PDF.',
          }),
          S({
            gu: 'JSBN કાર્યાલય વિગતો પ્લેટફોર્મ પર દાખલ કરશે; પછી JSBN નંબર અને QR કોડ આપના ખાતામાં (My Books) જોવા મળશે.',
            en: 'The JSBN office enters the details on the platform; the JSBN number and QR code then appear in your account (My Books).',
          }),
        ],
      },
      section({ gu: 'પ્રકાશક', en: 'Publisher' }),
      field(
        { gu: 'પ્રકાશક યુનિક આઈડી', en: 'Publisher unique id' },
        { required: true, boxes: 5, hint: { gu: '5 અક્ષર', en: '5 characters' } },
      ),
      field(
        { gu: 'પ્રકાશક JSBN ક્રમાંક', en: 'Publisher JSBN id' },
        { hint: { gu: 'ખબર ન હોય તો કાર્યાલય ભરશે', en: 'left blank, the JSBN office fills it in' } },
      ),
      field({ gu: 'પ્રકાશકનું નામ', en: 'Publisher name' }, { required: true }),
      section({ gu: 'મૂળભૂત વિગતો', en: 'Basic details' }),
      field({ gu: 'પુસ્તકનું નામ', en: 'Book title' }, { required: true }),
      field({ gu: 'પુસ્તકનું અંગ્રેજી નામ', en: 'Book English title' }, { required: true }),
      field({ gu: 'મૂળ પુસ્તક / વૈકલ્પિક નામ', en: 'Alternate title (original book)' }),
      field(
        { gu: 'ભાષા', en: 'Language' },
        { required: true, hint: { gu: 'જેમ કે ગુજરાતી, હિન્દી, સંસ્કૃત, પ્રાકૃત, અંગ્રેજી', en: 'e.g. Gujarati, Hindi, Sanskrit, Prakrit, English' } },
      ),
      field(
        { gu: 'સ્વરૂપ', en: 'Swaroop (type)' },
        { required: true, hint: { gu: 'જેમ કે આગમ, ટીકા, રાસ, સ્તવન, કથા', en: 'e.g. Agam, Tika, Rasa, Stavan, Katha' } },
      ),
      field({ gu: 'અન્ય સ્વરૂપ', en: 'Other type' }, { hint: { gu: 'સ્વરૂપ યાદીમાં ન હોય તો', en: 'when the swaroop is not in the list' } }),
      field({ gu: 'ભાગ', en: 'Part' }),
      {
        kind: 'choice',
        label: L({ gu: 'કદ (ઇંચ, ઊંચાઈ × પહોળાઈ)', en: 'Size (inches, height × width)' }),
        options: [...sizes, `${L({ gu: 'અન્ય', en: 'Custom' })} ______ × ______`],
      },
      field({ gu: 'પ્રકાશન વર્ષ (ઈ.સ.)', en: 'Publication year (CE)' }, { required: true, boxes: 4 }),
      field({ gu: 'વિક્રમ સંવત', en: 'Vikram Samvat' }, { boxes: 4, hint: { gu: 'ઈ.સ. + 57', en: 'year + 57' } }),
      field({ gu: 'વીર સંવત', en: 'Veer Samvat' }, { boxes: 4, hint: { gu: 'ઈ.સ. + 527', en: 'year + 527' } }),
      field({ gu: 'પાનાં', en: 'Number of pages' }, { required: true }),
      field({ gu: 'નકલો', en: 'Number of copies' }),
      field({ gu: 'કિંમત', en: 'Price' }),
      field(
        { gu: 'ચલણ', en: 'Currency' },
        { hint: { gu: `${LEADING_CURRENCIES.join(', ')} …; ન લખો તો INR`, en: `${LEADING_CURRENCIES.join(', ')} …; INR when blank` } },
      ),
      { kind: 'choice', label: L({ gu: 'પુસ્તક પ્રકાશિત થયું છે?', en: 'Book published?' }), options: yesNo },
      field({ gu: 'પ્રકાશન તારીખ', en: 'Published date' }, { hint: { gu: 'DD/MM/YYYY', en: 'DD/MM/YYYY' } }),
      field(
        { gu: 'વિષય', en: 'Subjects' },
        { required: true, hint: { gu: 'ઓછામાં ઓછો એક વિષય અથવા અન્ય વિષય', en: 'at least one subject or other subject' } },
      ),
      field({ gu: 'અન્ય વિષય', en: 'Other subject' }),
      field({ gu: 'ટૅગ', en: 'Tags' }, { hint: { gu: 'અલ્પવિરામથી અલગ કરો', en: 'comma separated' } }),
      field({ gu: 'અનુક્રમણિકા / વિષયવસ્તુ', en: 'Contents' }, { lines: 4 }),
      section({ gu: 'લેખકો', en: 'Authors' }),
      {
        kind: 'table',
        columns: ['#', L({ gu: 'પ્રકાર', en: 'Author type' }), L({ gu: 'નામ', en: 'Author name' })],
        widths: [0.07, 0.33, 0.6],
        rows: 5,
        hint: `${S({ gu: 'ઓછામાં ઓછા એક લેખક, પ્રકાર સાથે. પ્રકાર', en: 'At least one author, with a type. Types' })}: ${authorTypes.join(', ')}`,
      },
      section({ gu: 'PDF ની વિગતો', en: 'PDF details' }),
      {
        kind: 'choice',
        label: L({ gu: 'વાચકો માટે PDF ખુલ્લી છે?', en: 'Readers: is the PDF open to readers?' }),
        options: yesNo,
        required: true,
        hint: S({ gu: 'ના = વિનંતીથી મળશે', en: 'No means on request' }),
      },
      {
        kind: 'choice',
        label: L({ gu: 'ઇલેક્ટ્રોનિક નકલ છે?', en: 'Electronic copy?' }),
        options: yesNo,
        hint: S({ gu: 'વાચકો = હા હોય તો જ', en: 'only when Readers is Yes' }),
      },
      {
        kind: 'choice',
        label: L({ gu: 'PDF ઓનલાઇન જાહેર છે?', en: 'Public PDF online?' }),
        options: yesNo,
        hint: S({ gu: 'ઇલેક્ટ્રોનિક નકલ = હા હોય તો જ', en: 'only when Electronic copy is Yes' }),
      },
      field(
        { gu: 'PDF લિંક', en: 'PDF link' },
        {
          hint: {
            gu: 'જાહેર PDF = હા હોય તો; ના હોય તો પુસ્તકની PDF (200 MB સુધી) સાથે મોકલો',
            en: 'when Public PDF is Yes; when No, attach the book PDF (up to 200 MB)',
          },
        },
      ),
      section({ gu: 'ઉપશીર્ષક', en: 'Subtitle details' }),
      field({ gu: 'ઉપશીર્ષક', en: 'Subtitle' }),
      field({ gu: 'ઉપશીર્ષકની ભાષા', en: 'Subtitle language' }),
      section({ gu: 'જોડાણો', en: 'Attachments' }),
      {
        kind: 'choice',
        label: L({ gu: 'સાથે મોકલેલ', en: 'Enclosed' }),
        options: [
          `${L({ gu: 'મુખપૃષ્ઠ', en: 'Cover page' })} (JPEG) *`,
          L({ gu: 'વધુ ફોટા, 4 સુધી', en: 'More images, up to 4' }),
          `${L({ gu: 'અનુક્રમણિકા', en: 'Index' })} PDF`,
          `${L({ gu: 'પુસ્તક', en: 'Book' })} PDF`,
        ],
        hint: S({ gu: 'લાગુ પડે તે બધા પર નિશાની કરો', en: 'tick all that apply' }),
      },
      section({ gu: 'ભરનાર', en: 'Filled in by' }),
      field({ gu: 'નામ', en: 'Name' }),
      field({ gu: 'મોબાઇલ', en: 'Mobile' }, { boxes: 10 }),
      field({ gu: 'તારીખ', en: 'Date' }),
      field({ gu: 'સહી / સિક્કો', en: 'Signature / stamp' }, { lines: 2 }),
    ],
  };
}

/** The publisher registration form, with Gujarati / English labels. */
function publisherRegistrationForm(supportEmail: string): FormDocument {
  const language: FormLanguage = 'both';
  const L = (text: Bilingual) => label(text, language);
  const field = (text: Bilingual, extra: { hint?: Bilingual; required?: boolean; lines?: number; boxes?: number } = {}): FormBlock => ({
    kind: 'field',
    label: L(text),
    ...(extra.hint ? { hint: L(extra.hint) } : {}),
    ...(extra.required ? { required: true } : {}),
    ...(extra.lines ? { lines: extra.lines } : {}),
    ...(extra.boxes ? { boxes: extra.boxes } : {}),
  });
  const digits = (count: number): Bilingual => ({ gu: `${count} અંક`, en: `${count} digits` });

  return {
    brand: BRAND,
    title: L({ gu: 'પ્રકાશક નોંધણી ફોર્મ', en: 'Publisher Registration Form' }),
    subtitle: L({ gu: 'નોંધણી નિઃશુલ્ક છે', en: 'Registration is free' }),
    sendTo: sentence(sendTo(supportEmail), language),
    lang: 'gu-IN',
    requiredNote: L(REQUIRED_NOTE),
    blocks: [
      {
        kind: 'list',
        items: [
          sentence({ gu: 'સ્પષ્ટ અક્ષરે ભરો. * વાળી વિગતો ફરજિયાત છે.', en: 'Write clearly. Fields marked * are required.' }, language),
          sentence(
            {
              gu: 'પ્રકાશક યુનિક આઈડી 5 અક્ષરનો છે (અંગ્રેજી કેપિટલ અક્ષર કે અંક) અને આપના દરેક પુસ્તકના JSBN નંબરનો ભાગ બને છે.',
              en: 'The publisher unique id has 5 characters (capital letters or digits) and becomes part of the JSBN number of each of your books.',
            },
            language,
          ),
          sentence(
            {
              gu: 'આ ઈ-મેઇલ આપનું લૉગિન બનશે; નોંધણી પૂરી કરવા JSBN કાર્યાલય તેના પર સંપર્ક કરશે.',
              en: 'The e-mail address becomes your login; the JSBN office writes to it to complete the registration.',
            },
            language,
          ),
        ],
      },
      { kind: 'section', title: L({ gu: 'પ્રકાશકની વિગતો', en: 'Publisher details' }) },
      field(
        { gu: 'પ્રકાશક યુનિક આઈડી', en: 'Publisher unique id' },
        { required: true, boxes: 5, hint: { gu: '5 અક્ષર', en: '5 characters' } },
      ),
      field({ gu: 'પ્રકાશકનું નામ', en: 'Publisher name' }, { required: true }),
      {
        kind: 'choice',
        label: L({ gu: 'પ્રકાર', en: 'Type' }),
        options: PUBLISHER_TYPES.map((type) => L({ gu: PUBLISHER_TYPE_GU[type], en: type })),
        required: true,
      },
      field({ gu: 'સરનામું', en: 'Address' }, { required: true, lines: 3 }),
      field({ gu: 'રાજ્ય', en: 'State' }, { required: true }),
      field({ gu: 'શહેર', en: 'City' }, { required: true }),
      field({ gu: 'પિનકોડ', en: 'Pincode' }, { required: true, boxes: 6 }),
      { kind: 'section', title: L({ gu: 'સંપર્ક', en: 'Contact' }) },
      field({ gu: 'લેન્ડલાઇન નંબર', en: 'Landline number' }, { boxes: 10, hint: digits(10) }),
      field({ gu: 'મોબાઇલ નંબર', en: 'Mobile number' }, { required: true, boxes: 10, hint: digits(10) }),
      field({ gu: 'વોટ્સએપ નંબર', en: 'WhatsApp number' }, { required: true, boxes: 10, hint: digits(10) }),
      field({ gu: 'ઈ-મેઇલ', en: 'E-mail' }, { required: true }),
      { kind: 'section', title: L({ gu: 'અન્ય વિગતો', en: 'Other details' }) },
      field({ gu: 'GST નંબર', en: 'GST number' }, { hint: { gu: 'હોય તો', en: 'optional' } }),
      field({ gu: 'આધાર નંબર', en: 'Aadhar number' }, { boxes: 12, hint: { gu: 'હોય તો', en: 'optional' } }),
      {
        kind: 'choice',
        label: L({ gu: 'લોગો સાથે જોડ્યો', en: 'Logo attached' }),
        options: ['JPEG', 'PNG'],
        required: true,
        hint: L({ gu: 'પ્રકાશકનો લોગો', en: "the publisher's logo" }),
      },
      { kind: 'section', title: L({ gu: 'ભરનાર', en: 'Filled in by' }) },
      field({ gu: 'નામ', en: 'Name' }),
      field({ gu: 'તારીખ', en: 'Date' }),
      field({ gu: 'સહી / સિક્કો', en: 'Signature / stamp' }, { lines: 2 }),
    ],
  };
}

/**
 * The description of offline form `id`, naming `supportEmail` as where to send it, with
 * every text in NFC. Pure: the same inputs give the same form.
 */
export function offlineForm(id: OfflineFormId, supportEmail: string): FormDocument {
  const form =
    id === 'publisher-registration' ? publisherRegistrationForm(supportEmail) : bookForm(id === 'book-form-gu' ? 'gu' : 'en', supportEmail);
  return JSON.parse(JSON.stringify(form).normalize('NFC')) as FormDocument;
}

/**
 * Generates offline form `id` as a `format` file (A4) naming `supportEmail` as where to send
 * it. Takes a few hundred milliseconds (PDF layout and font subsetting).
 * @throws Error only on a bug (missing font file, writer failure)
 */
export async function offlineFormFile(id: OfflineFormId, format: FormFormat, supportEmail: string): Promise<FormFile> {
  const form = offlineForm(id, supportEmail);
  const bytes = format === 'pdf' ? await formPdf(form) : await formDocx(form);
  return { bytes, contentType: FORM_FORMATS[format], fileName: `JSBN-${id}.${format}` };
}
