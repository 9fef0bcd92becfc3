/**
 * The downloadable offline forms — README.md: the book registration form in Gujarati
 * and in English, and in Hindi for the Hindi interface's readers (every Book field of docs/api.md) and the publisher registration form
 * (docs/api.md, Gujarati and English labels). Each form is described once here as a
 * `FormDocument`; `form-docx.ts` and `form-pdf.ts` render that one description.
 */
import { AUTHOR_TYPES, BOOK_SIZE_PRESETS, LEADING_CURRENCIES, PUBLISHER_TYPES } from '@jsbn/shared';
import { formDocx } from './form-docx.js';
import { label, sentence, type Bilingual, type FormBlock, type FormDocument, type FormLanguage } from './form-model.js';
import { formPdf } from './form-pdf.js';

export const OFFLINE_FORMS = ['book-form-gu', 'book-form-hi', 'book-form-en', 'publisher-registration'] as const;
export type OfflineFormId = (typeof OFFLINE_FORMS)[number];

/** The languages the book form is offered in: one per interface language. */
type BookFormLanguage = 'gu' | 'hi' | 'en';
const BOOK_FORM_LANGUAGE: Record<Exclude<OfflineFormId, 'publisher-registration'>, BookFormLanguage> = {
  'book-form-gu': 'gu',
  'book-form-hi': 'hi',
  'book-form-en': 'en',
};

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
const YES: Bilingual = { gu: 'હા', hi: 'हाँ', en: 'Yes' };
const NO: Bilingual = { gu: 'ના', hi: 'नहीं', en: 'No' };
const REQUIRED_NOTE: Bilingual = { gu: '* ફરજિયાત વિગત', hi: '* अनिवार्य विवरण', en: '* required' };

const SIZE_NAMES: Record<(typeof BOOK_SIZE_PRESETS)[number]['key'], { gu: string; hi: string }> = {
  pocket: { gu: 'પોકેટ', hi: 'पॉकेट' },
  medium: { gu: 'મધ્યમ', hi: 'मध्यम' },
  large: { gu: 'મોટું', hi: 'बड़ा' },
};
const AUTHOR_TYPE_NAMES: Record<string, { gu: string; hi: string }> = {
  Author: { gu: 'લેખક', hi: 'लेखक' },
  Editor: { gu: 'સંપાદક', hi: 'संपादक' },
  Translator: { gu: 'અનુવાદક', hi: 'अनुवादक' },
  Commentator: { gu: 'ટીકાકાર', hi: 'टीकाकार' },
  Compiler: { gu: 'સંકલનકર્તા', hi: 'संकलनकर्ता' },
  'Inspiration (Preraka)': { gu: 'પ્રેરક', hi: 'प्रेरक' },
};
const PUBLISHER_TYPE_GU: Record<(typeof PUBLISHER_TYPES)[number], string> = {
  Sangh: 'સંઘ',
  Trust: 'ટ્રસ્ટ',
  'Private Company': 'પ્રાઇવેટ કંપની',
  Institution: 'સંસ્થા',
};

const sendTo = (email: string): Bilingual => ({
  gu: `ભરેલું ફોર્મ અને જોડાણો ${email} પર ઈ-મેઇલથી મોકલો.`,
  hi: `भरा हुआ फ़ॉर्म और संलग्नक ${email} पर ई-मेल से भेजें।`,
  en: `Send the filled form and its attachments by e-mail to ${email}.`,
});

/** The book registration form (પુસ્તક નોંધણી ફોર્મ) in `language`: Gujarati, Hindi or English. */
function bookForm(language: BookFormLanguage, supportEmail: string): FormDocument {
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
  const sizes = BOOK_SIZE_PRESETS.map((size) => `${L({ ...SIZE_NAMES[size.key], en: size.label })} ${size.height} × ${size.width}`);
  const authorTypes = AUTHOR_TYPES.map((type) => {
    const names = AUTHOR_TYPE_NAMES[type.author_type];
    return language === 'en' || !names ? type.author_type : `${names[language]} (${type.author_type})`;
  });

  return {
    brand: BRAND,
    title: L({ gu: 'પુસ્તક નોંધણી ફોર્મ', hi: 'पुस्तक पंजीकरण फ़ॉर्म', en: 'Book Registration Form' }),
    subtitle: S({
      gu: 'JSBN નંબર અને QR કોડ મેળવવા માટે — નોંધણી નિઃશુલ્ક છે',
      hi: 'JSBN नंबर और QR कोड पाने के लिए — पंजीकरण निःशुल्क है',
      en: 'To acquire a JSBN number and QR code — registration is free',
    }),
    sendTo: S(sendTo(supportEmail)),
    lang: `${language}-IN`,
    requiredNote: S(REQUIRED_NOTE),
    blocks: [
      {
        kind: 'list',
        items: [
          S({
            gu: 'દરેક પુસ્તક માટે અલગ ફોર્મ ભરો. સ્પષ્ટ અક્ષરે લખો.',
            hi: 'हर पुस्तक के लिए अलग फ़ॉर्म भरें। साफ़ अक्षरों में लिखें।',
            en: 'Fill one form for each book. Write clearly.',
          }),
          S({ gu: '* વાળી વિગતો ફરજિયાત છે.', hi: '* वाले विवरण अनिवार्य हैं।', en: 'Fields marked * are required.' }),
          S({
            gu: 'પુસ્તકના મુખપૃષ્ઠનો ફોટો (JPEG કે PNG) જરૂરી છે; બીજા વધુમાં વધુ 4 ફોટા અને અનુક્રમણિકાની PDF પણ મોકલી શકો.',
            hi: 'पुस्तक के मुखपृष्ठ का फ़ोटो (JPEG या PNG) आवश्यक है; अधिकतम 4 और फ़ोटो तथा अनुक्रमणिका की PDF भी भेज सकते हैं।',
            en: 'A photo of the front cover (JPEG or PNG) is required; you may add up to 4 more images and an index PDF.',
          }),
          S({
            gu: 'JSBN કાર્યાલય વિગતો પ્લેટફોર્મ પર દાખલ કરશે; પછી JSBN નંબર અને QR કોડ આપના ખાતામાં (My Books) જોવા મળશે.',
            hi: 'JSBN कार्यालय विवरण प्लेटफ़ॉर्म पर दर्ज करेगा; फिर JSBN नंबर और QR कोड आपके खाते में (My Books) दिखेंगे।',
            en: 'The JSBN office enters the details on the platform; the JSBN number and QR code then appear in your account (My Books).',
          }),
        ],
      },
      section({ gu: 'પ્રકાશક', hi: 'प्रकाशक', en: 'Publisher' }),
      field(
        { gu: 'પ્રકાશક યુનિક આઈડી', hi: 'प्रकाशक कोड', en: 'Publisher unique id' },
        { required: true, boxes: 5, hint: { gu: '5 અક્ષર', hi: '5 अक्षर', en: '5 characters' } },
      ),
      field(
        { gu: 'પ્રકાશક JSBN ક્રમાંક', hi: 'प्रकाशक की JSBN आईडी', en: 'Publisher JSBN id' },
        { hint: { gu: 'ખબર ન હોય તો કાર્યાલય ભરશે', hi: 'पता न हो तो कार्यालय भरेगा', en: 'left blank, the JSBN office fills it in' } },
      ),
      field({ gu: 'પ્રકાશકનું નામ', hi: 'प्रकाशक का नाम', en: 'Publisher name' }, { required: true }),
      section({ gu: 'મૂળભૂત વિગતો', hi: 'मूल विवरण', en: 'Basic details' }),
      field({ gu: 'પુસ્તકનું નામ', hi: 'पुस्तक का शीर्षक', en: 'Book title' }, { required: true }),
      field({ gu: 'પુસ્તકનું અંગ્રેજી નામ', hi: 'पुस्तक का अंग्रेज़ी शीर्षक', en: 'Book English title' }, { required: true }),
      field({ gu: 'મૂળ પુસ્તક / વૈકલ્પિક નામ', hi: 'मूल ग्रंथ / वैकल्पिक शीर्षक', en: 'Alternate title (original book)' }),
      field(
        { gu: 'ભાષા', hi: 'भाषा', en: 'Language' },
        {
          required: true,
          hint: {
            gu: 'જેમ કે ગુજરાતી, હિન્દી, સંસ્કૃત, પ્રાકૃત, અંગ્રેજી',
            hi: 'जैसे गुजराती, हिन्दी, संस्कृत, प्राकृत, अंग्रेज़ी',
            en: 'e.g. Gujarati, Hindi, Sanskrit, Prakrit, English',
          },
        },
      ),
      field(
        { gu: 'સ્વરૂપ', hi: 'स्वरूप', en: 'Swaroop (type)' },
        {
          required: true,
          hint: { gu: 'જેમ કે આગમ, ટીકા, રાસ, સ્તવન, કથા', hi: 'जैसे आगम, टीका, रास, स्तवन, कथा', en: 'e.g. Agam, Tika, Rasa, Stavan, Katha' },
        },
      ),
      field(
        { gu: 'અન્ય સ્વરૂપ', hi: 'अन्य स्वरूप', en: 'Other type' },
        { hint: { gu: 'સ્વરૂપ યાદીમાં ન હોય તો', hi: 'स्वरूप सूची में न हो तो', en: 'when the swaroop is not in the list' } },
      ),
      field({ gu: 'ભાગ', hi: 'भाग', en: 'Part' }),
      {
        kind: 'choice',
        label: L({ gu: 'કદ (ઇંચ, ઊંચાઈ × પહોળાઈ)', hi: 'आकार (इंच, ऊँचाई × चौड़ाई)', en: 'Size (inches, height × width)' }),
        options: [...sizes, `${L({ gu: 'અન્ય', hi: 'अन्य', en: 'Custom' })} ______ × ______`],
      },
      field({ gu: 'પ્રકાશન વર્ષ (ઈ.સ.)', hi: 'प्रकाशन वर्ष (ईसवी)', en: 'Publication year (CE)' }, { required: true, boxes: 4 }),
      field(
        { gu: 'વિક્રમ સંવત', hi: 'विक्रम संवत', en: 'Vikram Samvat' },
        { boxes: 4, hint: { gu: 'ઈ.સ. + 57', hi: 'ईसवी + 57', en: 'year + 57' } },
      ),
      field(
        { gu: 'વીર સંવત', hi: 'वीर संवत', en: 'Veer Samvat' },
        { boxes: 4, hint: { gu: 'ઈ.સ. + 527', hi: 'ईसवी + 527', en: 'year + 527' } },
      ),
      field({ gu: 'પાનાં', hi: 'पृष्ठों की संख्या', en: 'Number of pages' }, { required: true }),
      field({ gu: 'નકલો', hi: 'प्रतियों की संख्या', en: 'Number of copies' }),
      field({ gu: 'કિંમત', hi: 'मूल्य', en: 'Price' }),
      field(
        { gu: 'ચલણ', hi: 'मुद्रा', en: 'Currency' },
        {
          hint: {
            gu: `${LEADING_CURRENCIES.join(', ')} …; ન લખો તો INR`,
            hi: `${LEADING_CURRENCIES.join(', ')} …; न लिखें तो INR`,
            en: `${LEADING_CURRENCIES.join(', ')} …; INR when blank`,
          },
        },
      ),
      { kind: 'choice', label: L({ gu: 'પુસ્તક પ્રકાશિત થયું છે?', hi: 'क्या पुस्तक प्रकाशित हो चुकी है?', en: 'Book published?' }), options: yesNo },
      field(
        { gu: 'પ્રકાશન તારીખ', hi: 'प्रकाशन तिथि', en: 'Published date' },
        { hint: { gu: 'DD/MM/YYYY', hi: 'DD/MM/YYYY', en: 'DD/MM/YYYY' } },
      ),
      field(
        { gu: 'વિષય', hi: 'विषय', en: 'Subjects' },
        {
          required: true,
          hint: { gu: 'ઓછામાં ઓછો એક વિષય અથવા અન્ય વિષય', hi: 'कम से कम एक विषय या अन्य विषय', en: 'at least one subject or other subject' },
        },
      ),
      field({ gu: 'અન્ય વિષય', hi: 'अन्य विषय', en: 'Other subject' }),
      field({ gu: 'ટૅગ', hi: 'टैग', en: 'Tags' }, { hint: { gu: 'અલ્પવિરામથી અલગ કરો', hi: 'अल्पविराम से अलग करें', en: 'comma separated' } }),
      field({ gu: 'અનુક્રમણિકા / વિષયવસ્તુ', hi: 'अनुक्रमणिका / विषय-सूची', en: 'Contents' }, { lines: 4 }),
      section({ gu: 'લેખકો', hi: 'लेखक', en: 'Authors' }),
      {
        kind: 'table',
        columns: ['#', L({ gu: 'પ્રકાર', hi: 'प्रकार', en: 'Author type' }), L({ gu: 'નામ', hi: 'नाम', en: 'Author name' })],
        widths: [0.07, 0.33, 0.6],
        rows: 5,
        hint: `${S({ gu: 'ઓછામાં ઓછા એક લેખક, પ્રકાર સાથે. પ્રકાર', hi: 'कम से कम एक लेखक, प्रकार के साथ। प्रकार', en: 'At least one author, with a type. Types' })}: ${authorTypes.join(', ')}`,
      },
      section({ gu: 'PDF ની વિગતો', hi: 'PDF का विवरण', en: 'PDF details' }),
      {
        kind: 'choice',
        label: L({ gu: 'વાચકો માટે PDF ખુલ્લી છે?', hi: 'क्या PDF पाठकों के लिए खुली है?', en: 'Readers: is the PDF open to readers?' }),
        options: yesNo,
        required: true,
        hint: S({ gu: 'ના = વિનંતીથી મળશે', hi: 'नहीं = अनुरोध पर मिलेगी', en: 'No means on request' }),
      },
      {
        kind: 'choice',
        label: L({ gu: 'ઇલેક્ટ્રોનિક નકલ છે?', hi: 'क्या इलेक्ट्रॉनिक प्रति है?', en: 'Electronic copy?' }),
        options: yesNo,
        hint: S({ gu: 'વાચકો = હા હોય તો જ', hi: 'केवल तब जब पाठक = हाँ', en: 'only when Readers is Yes' }),
      },
      {
        kind: 'choice',
        label: L({ gu: 'PDF ઓનલાઇન જાહેર છે?', hi: 'क्या PDF ऑनलाइन सार्वजनिक है?', en: 'Public PDF online?' }),
        options: yesNo,
        hint: S({ gu: 'ઇલેક્ટ્રોનિક નકલ = હા હોય તો જ', hi: 'केवल तब जब इलेक्ट्रॉनिक प्रति = हाँ', en: 'only when Electronic copy is Yes' }),
      },
      field(
        { gu: 'PDF લિંક', hi: 'PDF का लिंक', en: 'PDF link' },
        {
          hint: {
            gu: 'જાહેર PDF = હા હોય તો; ના હોય તો પુસ્તકની PDF (200 MB સુધી) સાથે મોકલો',
            hi: 'सार्वजनिक PDF = हाँ हो तो; नहीं हो तो पुस्तक की PDF (200 MB तक) साथ भेजें',
            en: 'when Public PDF is Yes; when No, attach the book PDF (up to 200 MB)',
          },
        },
      ),
      section({ gu: 'ઉપશીર્ષક', hi: 'उपशीर्षक', en: 'Subtitle details' }),
      field({ gu: 'ઉપશીર્ષક', hi: 'उपशीर्षक', en: 'Subtitle' }),
      field({ gu: 'ઉપશીર્ષકની ભાષા', hi: 'उपशीर्षक की भाषा', en: 'Subtitle language' }),
      section({ gu: 'જોડાણો', hi: 'संलग्नक', en: 'Attachments' }),
      {
        kind: 'choice',
        label: L({ gu: 'સાથે મોકલેલ', hi: 'साथ भेजे गए', en: 'Enclosed' }),
        options: [
          `${L({ gu: 'મુખપૃષ્ઠ', hi: 'मुखपृष्ठ', en: 'Cover page' })} (JPEG, PNG) *`,
          L({ gu: 'વધુ ફોટા, 4 સુધી', hi: 'और फ़ोटो, 4 तक', en: 'More images, up to 4' }),
          `${L({ gu: 'અનુક્રમણિકા', hi: 'अनुक्रमणिका', en: 'Index' })} PDF`,
          `${L({ gu: 'પુસ્તક', hi: 'पुस्तक', en: 'Book' })} PDF`,
        ],
        hint: S({ gu: 'લાગુ પડે તે બધા પર નિશાની કરો', hi: 'जो लागू हों उन सब पर निशान लगाएँ', en: 'tick all that apply' }),
      },
      section({ gu: 'ભરનાર', hi: 'भरने वाले', en: 'Filled in by' }),
      field({ gu: 'નામ', hi: 'नाम', en: 'Name' }),
      field({ gu: 'મોબાઇલ', hi: 'मोबाइल', en: 'Mobile' }, { boxes: 10 }),
      field({ gu: 'તારીખ', hi: 'तारीख़', en: 'Date' }),
      field({ gu: 'સહી / સિક્કો', hi: 'हस्ताक्षर / मुहर', en: 'Signature / stamp' }, { lines: 2 }),
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
  const form = id === 'publisher-registration' ? publisherRegistrationForm(supportEmail) : bookForm(BOOK_FORM_LANGUAGE[id], supportEmail);
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
