/**
 * The book form's values, its cross-field rules (docs/api.md) and the multipart body of
 * POST/PATCH /api/book (docs/api.md). Per-field rules come from the shared `bookFields`.
 */
import type { FieldErrors, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  BOOK_MSG,
  BOOK_SIZE_PRESETS,
  DEFAULT_CURRENCY,
  FILE_RULES,
  MSG,
  fileProblem,
  publishedDateToSend,
  type PriceKind,
} from '@jsbn/shared/core';
import { bookFields, type BookDto, type BookFieldsInput } from '@jsbn/shared';
import type { PendingFile } from '../api/upload-files';

/**
 * One author row: its type, and the author — a known record picked from the suggestions
 * (`authorId`, its name shown in `authorname`) or a new name typed (`authorId` empty).
 */
export interface AuthorRow {
  authorType: string;
  authorId: string;
  authorname: string;
}

export type SizeChoice = '' | (typeof BOOK_SIZE_PRESETS)[number]['key'] | 'custom';

export interface BookFormValues {
  book_title: string;
  book_e_title: string;
  alternate_title: string;
  book_alt_subtitle: string;
  book_subtitle_lang: string;
  language: string;
  size_choice: SizeChoice;
  height: string;
  width: string;
  type: string;
  other_type: string;
  part: string;
  publication_year: string;
  pages: string;
  no_of_copy: string;
  /** Priced, for propagation (nominal) or free. */
  price_kind: PriceKind;
  price: string;
  currency: string;
  book_published: 'yes' | 'no';
  /** DD/MM/YYYY as shown; sent as YYYY-MM-DD. */
  published_date: string;
  tags: string;
  subjects: { id: number }[];
  other_subject: string;
  authors: AuthorRow[];
  readers: '' | 'Yes' | 'No';
  isPublicPdf: '' | 'true' | 'false';
  pdfurl: string;
  contents: string;
  book_cover: File | null;
  images: File[];
  /** Ids of stored images the publisher removed (edit). */
  removed_images: number[];
  index_pdf: File | null;
  book_pdf: File | null;
}

export const emptyAuthor: AuthorRow = { authorType: '', authorId: '', authorname: '' };

export const emptyBookForm: BookFormValues = {
  book_title: '',
  book_e_title: '',
  alternate_title: '',
  book_alt_subtitle: '',
  book_subtitle_lang: '',
  language: '',
  size_choice: '',
  height: '',
  width: '',
  type: '',
  other_type: '',
  part: '',
  publication_year: '',
  pages: '',
  no_of_copy: '',
  price_kind: 'priced',
  price: '',
  currency: DEFAULT_CURRENCY,
  book_published: 'no',
  published_date: '',
  tags: '',
  subjects: [],
  other_subject: '',
  authors: [emptyAuthor],
  readers: '',
  isPublicPdf: '',
  pdfurl: '',
  contents: '',
  book_cover: null,
  images: [],
  removed_images: [],
  index_pdf: null,
  book_pdf: null,
};

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** YYYY-MM-DD (or an ISO timestamp) → DD/MM/YYYY. */
export function ddMmYyyy(iso: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '');
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/** The form values of a stored book (edit). */
export function bookToForm(book: BookDto): BookFormValues {
  const preset = BOOK_SIZE_PRESETS.find((size) => size.height === book.height && size.width === book.width);
  return {
    ...emptyBookForm,
    book_title: book.book_title,
    book_e_title: book.book_e_title,
    alternate_title: text(book.alternate_title),
    book_alt_subtitle: text(book.book_alt_subtitle),
    book_subtitle_lang: text(book.book_subtitle_lang),
    language: book.language,
    size_choice: preset ? preset.key : book.height || book.width ? 'custom' : '',
    height: text(book.height),
    width: text(book.width),
    type: text(book.type),
    other_type: text(book.other_type),
    part: text(book.part),
    publication_year: text(book.publication_year),
    pages: text(book.pages),
    no_of_copy: text(book.no_of_copy),
    price_kind: book.price_kind,
    price: text(book.price),
    currency: book.currency || DEFAULT_CURRENCY,
    book_published: book.book_published === 'yes' ? 'yes' : 'no',
    published_date: ddMmYyyy(book.published_date),
    tags: text(book.tags),
    subjects: book.subjects.map((subject) => ({ id: subject.id })),
    other_subject: text(book.other_subject),
    authors: book.authors.length
      ? book.authors.map((author) => ({
          authorType: String(author.authorType),
          authorId: String(author.authorId),
          authorname: author.author_name,
        }))
      : [emptyAuthor],
    // one question: is there a PDF for readers (an old 'Readers: Yes' without an electronic copy had none)
    readers: book.readers === 'Yes' ? (book.electronic_copy === 'Yes' ? 'Yes' : 'No') : (book.readers ?? ''),
    isPublicPdf: book.isPublicPdf === null ? '' : book.isPublicPdf ? 'true' : 'false',
    pdfurl: text(book.pdfurl),
    contents: text(book.contents),
  };
}

/** What the book already has on the server (edit): it satisfies the cover and book PDF rules. */
export interface StoredFiles {
  cover: boolean;
  bookPdf: boolean;
  images: { id: number; url: string }[];
}

/** The fields as the API takes them (strings, before the shared schema's coercion): the input of `bookFields`. */
export function toApiFields(values: BookFormValues, stored?: StoredFiles) {
  const published = values.book_published === 'yes';
  const hasSize = values.height.trim() !== '' && values.width.trim() !== '';
  // the form asks one question; the API's two fields (readers, electronic_copy) both carry its answer
  const electronic = values.readers === 'Yes' ? 'Yes' : '';
  const isPublicPdf = electronic === 'Yes' ? values.isPublicPdf : '';
  return {
    book_title: values.book_title,
    book_e_title: values.book_e_title,
    alternate_title: values.alternate_title,
    book_alt_subtitle: values.book_alt_subtitle,
    book_subtitle_lang: values.book_subtitle_lang,
    language: values.language,
    size: hasSize ? `${values.height.trim()} * ${values.width.trim()}` : '',
    height: hasSize ? values.height : '',
    width: hasSize ? values.width : '',
    type: values.type,
    other_type: values.other_type,
    part: values.part,
    publication_year: values.publication_year,
    pages: values.pages,
    no_of_copy: values.no_of_copy,
    price_kind: values.price_kind,
    // a free book has no price (a price typed before choosing Free is dropped)
    price: values.price_kind === 'free' ? '' : values.price,
    currency: values.currency,
    book_published: values.book_published,
    published_date: publishedDateToSend(published, values.published_date),
    tags: values.tags,
    subjects: values.subjects,
    other_subject: values.other_subject,
    authors: values.authors,
    readers: values.readers,
    electronic_copy: electronic,
    isPublicPdf,
    pdfurl: isPublicPdf === 'true' ? values.pdfurl.trim() : '',
    book_pdf: isPublicPdf === 'false' ? (values.book_pdf?.name ?? (stored?.bookPdf ? 'stored' : '')) : '',
    contents: values.contents,
  } satisfies BookFieldsInput;
}

/**
 * Multipart body (docs/api.md): subjects[i][id], authors[i][authorType] with
 * authors[i][authorId] (a known author) or authors[i][authorname] (a new one), book_cover,
 * removed_images.
 */
export function toBookFormData(values: BookFormValues, stored?: StoredFiles): FormData {
  const form = new FormData();
  const { subjects, authors, book_pdf, ...fields } = toApiFields(values, stored);
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null || value === '') continue;
    form.append(key, String(value));
  }
  // On edit a stored PDF already counts (the server knows); only a newly chosen one is named.
  if (book_pdf && book_pdf !== 'stored') form.append('book_pdf', book_pdf);
  subjects.forEach((subject, index) => form.append(`subjects[${index}][id]`, String(subject.id)));
  authors.forEach((author, index) => {
    form.append(`authors[${index}][authorType]`, author.authorType);
    if (author.authorId) form.append(`authors[${index}][authorId]`, author.authorId);
    else form.append(`authors[${index}][authorname]`, author.authorname);
  });
  if (values.removed_images.length) form.append('removed_images', values.removed_images.join(','));
  if (values.book_cover) form.append('book_cover', values.book_cover);
  return form;
}

/** The files that go through upload addresses after the book is saved (docs/api.md). */
export function pendingFilesOf(values: BookFormValues): PendingFile[] {
  const files: PendingFile[] = [];
  values.images.forEach((file, index) => files.push({ key: `bookimage-${index}`, field: 'bookimage', file }));
  if (values.index_pdf) files.push({ key: 'index_pdf', field: 'index_pdf', file: values.index_pdf });
  if (values.book_pdf && values.readers === 'Yes' && values.isPublicPdf === 'false') {
    files.push({ key: 'pdfpublisher', field: 'pdfpublisher', file: values.book_pdf });
  }
  return files;
}

/** The cover's message for a chosen file, or null when it is fine (docs/api.md 'Files'; `FILE_RULES.book_cover`). */
export const coverProblem = (file: File) => fileProblem(FILE_RULES.book_cover, file);

/** An extra book image's message, or null (`FILE_RULES.bookimage`). */
export const imageProblem = (file: File) => fileProblem(FILE_RULES.bookimage, file);

/** The index PDF's messages ('Only PDF files are allowed', 'File size must be less than 200MB'; `FILE_RULES.index_pdf`). */
export const indexPdfProblem = (file: File) => fileProblem(FILE_RULES.index_pdf, file);

/** The PDF upload widget's messages (the book PDF; `FILE_RULES.pdfpublisher.widget`). */
export const pdfWidgetProblem = (file: File) => fileProblem(FILE_RULES.pdfpublisher, file, FILE_RULES.pdfpublisher.widget);

/** Rules across fields, checked on every validation (zod skips refinements while a field fails). */
export function crossChecks(values: BookFormValues, stored?: StoredFiles): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.type && !values.other_type.trim()) errors.type = MSG.swaroop;
  if (values.subjects.length === 0 && !values.other_subject.trim()) errors.subjects = MSG.subjectOrOther;
  if (values.authors.length === 0 || values.authors.every((author) => !author.authorId && !author.authorname.trim()))
    errors.authors = MSG.authorAtLeastOne;
  if (!values.readers) errors.readers = BOOK_MSG.pdfForReadersRequired;
  else if (values.readers === 'Yes') {
    if (!values.isPublicPdf) errors.isPublicPdf = BOOK_MSG.publicPdfRequired;
    else if (values.isPublicPdf === 'true' && !values.pdfurl.trim()) errors.pdfurl = BOOK_MSG.pdfUrlRequired;
    else if (values.isPublicPdf === 'false' && !values.book_pdf && !stored?.bookPdf) errors.book_pdf = BOOK_MSG.bookPdfRequired;
  }
  if (values.size_choice === 'custom') {
    if (!values.height.trim()) errors.height = 'Height is required for a custom size';
    if (!values.width.trim()) errors.width = 'Width is required for a custom size';
  }
  if (!values.book_cover) {
    if (!stored?.cover) errors.book_cover = MSG.bookCover;
  } else {
    const problem = coverProblem(values.book_cover);
    if (problem) errors.book_cover = problem;
  }
  const keptImages = (stored?.images ?? []).filter((image) => !values.removed_images.includes(image.id)).length;
  if (keptImages + values.images.length > FILE_RULES.bookimage.maxCount) errors.images = BOOK_MSG.maxImages;
  else {
    const problem = values.images.map((file) => imageProblem(file)).find(Boolean);
    if (problem) errors.images = problem;
  }
  if (values.index_pdf) {
    const problem = indexPdfProblem(values.index_pdf);
    if (problem) errors.index_pdf = problem;
  }
  if (values.book_pdf && !errors.book_pdf) {
    const problem = pdfWidgetProblem(values.book_pdf);
    if (problem) errors.book_pdf = problem;
  }
  return errors;
}

const fieldsResolver = zodResolver(bookFields);

/** zod's per-field rules on the API shape of the values, then the cross-field rules. */
export function bookFormResolver(stored?: StoredFiles): Resolver<BookFormValues> {
  return async (values, context, options) => {
    const api = toApiFields(values, stored);
    const result = await fieldsResolver(api, context, {
      ...options,
      fields: {},
      names: undefined,
    });
    const errors: Record<string, unknown> = { ...(result.errors as Record<string, unknown>) };
    // The API's own rules on these are replaced by the form's (which know the chosen files).
    for (const key of ['book_pdf', 'pdfurl', 'isPublicPdf', 'electronic_copy', 'readers', 'size']) delete errors[key];
    if (errors.published_date) delete errors.published_date;
    const extra = crossChecks(values, stored);
    for (const [key, message] of Object.entries(extra)) {
      if (!errors[key]) errors[key] = { type: 'custom', message };
      else if (key === 'authors' && typeof errors.authors === 'object')
        (errors.authors as Record<string, unknown>).root = { type: 'custom', message };
    }
    // A malformed link is still the API's message.
    const apiPdfUrl = (result.errors as Record<string, unknown>).pdfurl;
    if (apiPdfUrl && !errors.pdfurl) errors.pdfurl = apiPdfUrl;
    if (Object.keys(errors).length === 0) return { values, errors: {} };
    return { values: {}, errors: errors as FieldErrors<BookFormValues> };
  };
}
