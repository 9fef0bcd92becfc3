/**
 * Choice lists (spec lookups): languages, subjects, author types and the swaroop (Jain
 * literary form) list. The API seeds its lookup tables from these and serves them at
 * GET /api/book/language, /api/book/subject, /api/book/author-type, /api/book/swaroop.
 * Swaroop forms come from ../shared/data/jain_literary_forms.csv and the spec's codes.
 */

export interface LanguageOption { id: number; language_name: string; language_des: string }
export interface SubjectOption { id: number; subject_name: string }
export interface AuthorTypeOption { id: number; author_type: string; auth_search_key: string }
export interface SwaroopOption { code: string; label: string; gloss: string }

export const LANGUAGES: readonly LanguageOption[] = [
  { id: 1, language_name: 'Gujarati', language_des: 'ગુજરાતી' },
  { id: 2, language_name: 'Hindi', language_des: 'हिन्दी' },
  { id: 3, language_name: 'Sanskrit', language_des: 'संस्कृत' },
  { id: 4, language_name: 'Prakrit', language_des: 'प्राकृत' },
  { id: 5, language_name: 'Ardhamagadhi', language_des: 'अर्धमागधी' },
  { id: 6, language_name: 'Apabhramsha', language_des: 'अपभ्रंश' },
  { id: 7, language_name: 'English', language_des: 'English' },
  { id: 8, language_name: 'Marathi', language_des: 'मराठी' },
  { id: 9, language_name: 'Rajasthani', language_des: 'राजस्थानी' },
  { id: 10, language_name: 'Kannada', language_des: 'ಕನ್ನಡ' },
  { id: 11, language_name: 'Tamil', language_des: 'தமிழ்' },
  { id: 12, language_name: 'Bengali', language_des: 'বাংলা' },
  { id: 13, language_name: 'Punjabi', language_des: 'ਪੰਜਾਬੀ' },
  { id: 14, language_name: 'Gujarati, Sanskrit', language_des: 'ગુજરાતી, સંસ્કૃત' },
  { id: 15, language_name: 'Hindi, Sanskrit', language_des: 'हिन्दी, संस्कृत' },
  { id: 16, language_name: 'Prakrit, Sanskrit', language_des: 'प्राकृत, संस्कृत' },
];

export const SUBJECTS: readonly SubjectOption[] = [
  'Agam', 'Literature', 'Religion', 'Philosophy', 'Spiritual', 'History', 'Story', 'Grammar',
  'Tattvartha', 'Discourse', 'Karma', 'Worship', 'Yoga', 'Ritual', 'Moral stories', 'Paryushan',
  'Biography', 'Sermon', 'Art', 'Mythology', 'Society', 'Education', 'Jyotish', 'Devotion',
  'Ethics', 'Tirth', 'Nyay', 'Culture', 'Puja', 'Pilgrimage', 'Anekantvad', 'Science', 'Children',
  'Dictionary', 'Metaphysics', 'Stavan', 'Dhyan', 'Ahimsa', 'Conduct',
].map((subject_name, index) => ({ id: index + 1, subject_name }));

export const AUTHOR_TYPES: readonly AuthorTypeOption[] = [
  { id: 1, author_type: 'Author', auth_search_key: 'author' },
  { id: 2, author_type: 'Editor', auth_search_key: 'editor' },
  { id: 3, author_type: 'Translator', auth_search_key: 'translator' },
  { id: 4, author_type: 'Commentator', auth_search_key: 'commentator' },
  { id: 5, author_type: 'Compiler', auth_search_key: 'compiler' },
  { id: 6, author_type: 'Inspiration (Preraka)', auth_search_key: 'preraka' },
];

/** Swaroop: the literary form of the book — code, Gujarati label and English gloss. */
export const SWAROOPS: readonly SwaroopOption[] = [
  { code: 'AGM1', label: 'આગમ', gloss: 'Agam (canonical text)' },
  { code: 'NIR1', label: 'નિર્યુક્તિ', gloss: 'Niryukti (verse commentary)' },
  { code: 'BHA1', label: 'ભાષ્ય', gloss: 'Bhashya (commentary)' },
  { code: 'CHU1', label: 'ચૂર્ણિ', gloss: 'Churni (prose commentary)' },
  { code: 'TIK1', label: 'ટીકા', gloss: 'Tika (commentary)' },
  { code: 'AVC1', label: 'અવચૂરિ', gloss: 'Avachuri (short gloss)' },
  { code: 'VIV1', label: 'વિવરણ', gloss: 'Vivaran (explanation)' },
  { code: 'DIP1', label: 'દીપિકા', gloss: 'Dipika (illuminating gloss)' },
  { code: 'TAB1', label: 'ટબ્બો', gloss: 'Tabba (vernacular interlinear gloss)' },
  { code: 'VRU1', label: 'વૃત્તિ', gloss: 'Vrutti (commentary)' },
  { code: 'BAL1', label: 'બાલાવબોધ', gloss: 'Balavbodh (vernacular prose gloss)' },
  { code: 'RAS1', label: 'રાસ', gloss: 'Rasa (narrative poem)' },
  { code: 'CHA1', label: 'ચરિત્ર', gloss: 'Charitra (life story)' },
  { code: 'PHA1', label: 'ફાગુ', gloss: 'Phagu (spring poem)' },
  { code: 'STV1', label: 'સ્તવન', gloss: 'Stavan (hymn of praise)' },
  { code: 'STU1', label: 'સ્તુતિ', gloss: 'Stuti (praise)' },
  { code: 'PUJ1', label: 'પૂજા', gloss: 'Puja (worship text)' },
  { code: 'VVH1', label: 'વિવાહલો', gloss: 'Vivahalo (wedding poem)' },
  { code: 'VEL1', label: 'વેલિ', gloss: 'Veli (verse form)' },
  { code: 'CHV1', label: 'ચૈત્યવંદન', gloss: 'Chaityavandan (temple salutation)' },
  { code: 'LEK1', label: 'લેખ', gloss: 'Lekh (letter poem)' },
  { code: 'HAR1', label: 'હરિયાળી', gloss: 'Hariyali (riddle poem)' },
  { code: 'GAH1', label: 'ગહૂંળી', gloss: 'Gahunli (song of welcome)' },
  { code: 'SAJ1', label: 'સજ્ઝાય', gloss: 'Sajjhay (reflective song)' },
  { code: 'DEV1', label: 'દેવવંદન', gloss: 'Devvandan (ritual salutation)' },
  { code: 'DHA1', label: 'ઢાળીયાં', gloss: 'Dhaliya (sung verses)' },
  { code: 'LAV1', label: 'લાવણી', gloss: 'Lavani (song)' },
  { code: 'KAT1', label: 'કથા', gloss: 'Katha (narrative)' },
  { code: 'STO1', label: 'સ્તોત્ર', gloss: 'Stotra (hymn)' },
  { code: 'PRA1', label: 'પ્રકરણ', gloss: 'Prakaran (doctrinal treatise)' },
  { code: 'KAV1', label: 'કાવ્ય', gloss: 'Kavya (poem)' },
  { code: 'PUR1', label: 'પુરાણ', gloss: 'Puran (legendary history)' },
  { code: 'VID1', label: 'વિધિ', gloss: 'Vidhi (ritual manual)' },
  { code: 'AKS1', label: 'અક્ષર', gloss: 'Akshar (script, alphabet primer)' },
  { code: 'GAD', label: 'ગદ્ય', gloss: 'Gadya (prose)' },
  { code: 'SAT1', label: 'સૂત્ર', gloss: 'Sutra (aphoristic text)' },
  { code: 'SAR3', label: 'સારાંશ', gloss: 'Saransh (summary)' },
  { code: 'PRV1', label: 'પ્રવચન', gloss: 'Pravachan (discourse)' },
  { code: 'KOS1', label: 'કોશ', gloss: 'Kosh (dictionary)' },
  { code: 'VYA1', label: 'વ્યાકરણ', gloss: 'Vyakaran (grammar)' },
  { code: 'SAR1', label: 'સાર', gloss: 'Sar (essence)' },
  { code: 'SAR2', label: 'સારોદ્ધાર', gloss: 'Saroddhar (digest)' },
  { code: 'ANU1', label: 'અનુવાદ', gloss: 'Anuvad (translation)' },
  { code: 'BHV1', label: 'ભાવાર્થ', gloss: 'Bhavarth (meaning explained)' },
  { code: 'VIV2', label: 'વિવેચન', gloss: 'Vivechan (critical exposition)' },
  { code: 'SNG1', label: 'સંગ્રહ', gloss: 'Sangrah (collection)' },
  { code: 'SNK1', label: 'સંકલન', gloss: 'Sankalan (compilation)' },
  { code: 'PAD1', label: 'પદ', gloss: 'Pad (devotional song)' },
  { code: 'BHJ1', label: 'ભજન', gloss: 'Bhajan (hymn for singing)' },
  { code: 'GEE1', label: 'ગીત', gloss: 'Geet (song)' },
  { code: 'DUH1', label: 'દુહા', gloss: 'Duha (couplets)' },
  { code: 'CHO1', label: 'ચોપાઈ', gloss: 'Chopai (narrative quatrains)' },
  { code: 'SLK1', label: 'શ્લોક', gloss: 'Shlok (verses)' },
  { code: 'SUB1', label: 'સુભાષિત', gloss: 'Subhashit (aphorisms)' },
  { code: 'PRB1', label: 'પ્રબંધ', gloss: 'Prabandh (chronicle)' },
  { code: 'PAT1', label: 'પટ્ટાવલી', gloss: 'Pattavali (lineage of monks)' },
  { code: 'ATM1', label: 'આત્મકથા', gloss: 'Atmakatha (autobiography)' },
  { code: 'JIV1', label: 'જીવનચરિત્ર', gloss: 'Jivancharitra (biography)' },
  { code: 'ITI1', label: 'ઇતિહાસ', gloss: 'Itihas (history)' },
  { code: 'NIB1', label: 'નિબંધ', gloss: 'Nibandh (essay)' },
  { code: 'PTR1', label: 'પત્ર', gloss: 'Patra (letters)' },
  { code: 'PRS1', label: 'પ્રશ્નોત્તર', gloss: 'Prashnottar (questions and answers)' },
  { code: 'NAT1', label: 'નાટક', gloss: 'Natak (play)' },
  { code: 'SMR1', label: 'સ્મરણિકા', gloss: 'Smaranika (commemorative volume)' },
  { code: 'ABH1', label: 'અભિનંદન ગ્રંથ', gloss: 'Abhinandan granth (felicitation volume)' },
  { code: 'SUC1', label: 'સૂચિ', gloss: 'Suchi (catalogue, index)' },
  { code: 'PNC1', label: 'પંચાંગ', gloss: 'Panchang (almanac)' },
  { code: 'TIR1', label: 'તીર્થમાળા', gloss: 'Tirthmala (pilgrimage poem)' },
  { code: 'ARA1', label: 'આરતી', gloss: 'Aarti (lamp-offering hymn)' },
  { code: 'MNT1', label: 'મંત્ર', gloss: 'Mantra' },
  { code: 'YNT1', label: 'યંત્ર', gloss: 'Yantra (diagrams and their texts)' },
  { code: 'KLP1', label: 'કલ્પ', gloss: 'Kalp (monastic and ritual code)' },
  { code: 'UPD1', label: 'ઉપદેશ', gloss: 'Updesh (teaching)' },
  { code: 'BAL2', label: 'બાળસાહિત્ય', gloss: "Balsahitya (children's literature)" },
  { code: 'CHT1', label: 'ચિત્રકથા', gloss: 'Chitrakatha (picture story)' },
];

/**
 * Currencies (ISO 4217 active codes), the spec's five first — spec books §9. The book form
 * offers them in this order; the API accepts only these.
 */
export const CURRENCIES = [
  'INR', 'USD', 'CAD', 'EUR', 'AED',
  'AFN', 'ALL', 'AMD', 'AOA', 'ARS', 'AUD', 'AWG', 'AZN', 'BAM', 'BBD', 'BDT', 'BGN', 'BHD', 'BIF', 'BMD',
  'BND', 'BOB', 'BRL', 'BSD', 'BTN', 'BWP', 'BYN', 'BZD', 'CDF', 'CHF', 'CLP', 'CNY', 'COP', 'CRC', 'CUP',
  'CVE', 'CZK', 'DJF', 'DKK', 'DOP', 'DZD', 'EGP', 'ERN', 'ETB', 'FJD', 'FKP', 'GBP', 'GEL', 'GHS', 'GIP',
  'GMD', 'GNF', 'GTQ', 'GYD', 'HKD', 'HNL', 'HTG', 'HUF', 'IDR', 'ILS', 'IQD', 'IRR', 'ISK', 'JMD', 'JOD',
  'JPY', 'KES', 'KGS', 'KHR', 'KMF', 'KPW', 'KRW', 'KWD', 'KYD', 'KZT', 'LAK', 'LBP', 'LKR', 'LRD', 'LSL',
  'LYD', 'MAD', 'MDL', 'MGA', 'MKD', 'MMK', 'MNT', 'MOP', 'MRU', 'MUR', 'MVR', 'MWK', 'MXN', 'MYR', 'MZN',
  'NAD', 'NGN', 'NIO', 'NOK', 'NPR', 'NZD', 'OMR', 'PAB', 'PEN', 'PGK', 'PHP', 'PKR', 'PLN', 'PYG', 'QAR',
  'RON', 'RSD', 'RUB', 'RWF', 'SAR', 'SBD', 'SCR', 'SDG', 'SEK', 'SGD', 'SHP', 'SLE', 'SOS', 'SRD', 'SSP',
  'STN', 'SVC', 'SYP', 'SZL', 'THB', 'TJS', 'TMT', 'TND', 'TOP', 'TRY', 'TTD', 'TWD', 'TZS', 'UAH', 'UGX',
  'UYU', 'UZS', 'VES', 'VND', 'VUV', 'WST', 'XAF', 'XCD', 'XCG', 'XOF', 'XPF', 'YER', 'ZAR', 'ZMW', 'ZWG',
] as const;
export type Currency = (typeof CURRENCIES)[number];
