/**
 * The one table of uploaded files (docs/api.md 'Files', packages/shared/src/constants.ts): for
 * every file field the API accepts, the types it takes (MIME type and file-name extensions),
 * its size limit in bytes, how many files it holds and the messages people read when a file is
 * refused. The API (storage rules, upload addresses) and the web app (file inputs, the checks
 * before anything is sent) read it; neither keeps a copy of a type, a size or a message.
 * Part of `@jsbn/shared/core` (no zod).
 */
import { BOOK_MSG } from './book-text.js';
import { MAX_BOOK_IMAGES } from './constants.js';
import { MSG, unreadableImageMessage } from './messages.js';

/** One megabyte as the spec counts it: 1024 × 1024 = 1,048,576 bytes (5 MB = 5,242,880 bytes). */
export const MB = 1024 * 1024;

/** Book cover, extra book images and logos: at most 10 MB = 10,485,760 bytes each (packages/shared/src/constants.ts). */
export const MAX_IMAGE_BYTES = 10 * MB;
/** Index PDF and book PDF: at most 200 MB = 209,715,200 bytes (packages/shared/src/constants.ts). */
export const MAX_PDF_BYTES = 200 * MB;
/** The proof of dispatch: at most 5 MB = 5,242,880 bytes (packages/shared/src/constants.ts). */
export const MAX_DISPATCH_FILE_BYTES = 5 * MB;

/** The file types the API keeps; it recognises each by its first bytes (apps/api lib/storage.ts). */
export type FileType = 'image/jpeg' | 'image/png' | 'application/pdf';

/**
 * What people call each type, and the file-name extensions (lower case, with the dot) that stand
 * for it when a browser gives a file no type. The first extension is the one a stored file gets.
 */
export const FILE_TYPES: Record<FileType, { name: string; extensions: readonly string[] }> = {
  'image/jpeg': { name: 'JPEG', extensions: ['.jpg', '.jpeg'] },
  'image/png': { name: 'PNG', extensions: ['.png'] },
  'application/pdf': { name: 'PDF', extensions: ['.pdf'] },
};

/** The `{PDF or image or file}` of the spec's size error. */
export type FileKind = 'PDF' | 'image' | 'file';

/** '{file} is not a valid image file. Only image files are allowed.' — docs/api.md. */
export const notImageMessage = (file: string) => `${file} is not a valid image file. Only image files are allowed.`;
/** A book image that is an image of a type the server does not keep (WebP, GIF …; wording ours). */
export const imageNotJpegOrPngMessage = (file: string) => `${file} is not a JPEG or PNG. Book images must be JPEG or PNG images.`;
/** A cover that is an image but neither JPEG nor PNG (WebP, GIF …; wording ours). */
export const coverNotJpegOrPngMessage = (file: string) => `${file} is not a JPEG or PNG. The book cover must be a JPEG or PNG image.`;

/** A size in bytes as the spec's messages write it, in MB with two decimals: 11534336 → '11.00'. */
const megabytes = (bytes: number) => (bytes / MB).toFixed(2);

/**
 * The spec's size error (docs/api.md): '{file} is too large ({size}MB). Maximum {kind} file size
 * allowed is {limit}MB.' `sizeBytes` and `limitBytes` in bytes. Without `sizeBytes` (a server
 * that stopped reading at the limit never learns the full size) the size is left out:
 * '{file} is too large. Maximum {kind} file size allowed is {limit}MB.'
 */
export const fileTooLargeMessage = (file: string, sizeBytes: number | undefined, kind: FileKind, limitBytes: number) =>
  `${file} is too large${sizeBytes === undefined ? '' : ` (${megabytes(sizeBytes)}MB)`}. Maximum ${kind} file size allowed is ${Math.round(limitBytes / MB)}MB.`;

/** The messages of one file field. `file` is the file's name; `what` its name or the field's label. */
export interface FileMessages {
  /**
   * A file whose declared type (`type`, the browser's MIME type, '' when it gave none) the field
   * does not take — the browser's check and the API's check of an upload address request.
   */
  wrongType: (file: string, type: string) => string;
  /**
   * A file over the field's limit: `sizeBytes` (bytes) when known — the browser's check, the
   * size declared for an upload address — else left out (the API stopped reading at the limit).
   */
  tooLarge: (what: string, sizeBytes?: number) => string;
  /** The API's check of the bytes themselves: they are none of the field's types. */
  wrongBytes: (what: string) => string;
  /** The API's check of an image: its bytes claim JPEG or PNG but do not decode. */
  unreadable: (what: string) => string;
}

/** The rules of one file field. */
export interface FileRule {
  /** The field as people read it; messages name it when they cannot name the file ('Book cover'). */
  label: string;
  /** The `{PDF or image or file}` of the size error. */
  kind: FileKind;
  /** MIME types taken, checked by the API against the file's first bytes. */
  types: readonly FileType[];
  /**
   * The one type every image of the field is kept as, when not the type it came in: a PNG
   * cover is stored as a JPEG (decision 072). Absent: each file keeps its own type.
   */
  storedAs?: FileType;
  /** File-name extensions of those types (lower case, with the dot), for a file the browser gave no type. */
  extensions: readonly string[];
  /** Largest file, in bytes. */
  maxBytes: number;
  /** How many files the field holds at most. */
  maxCount: number;
  /** The types for people: 'JPEG or PNG'. */
  typesText: string;
  /** The limit for people: 'up to 10 MB'. */
  sizeText: string;
  /** Types and limit for a field's helper text: 'JPEG or PNG, up to 10 MB'. */
  hint: string;
  messages: FileMessages;
  /** The spec's PDF upload widget has texts of its own (docs/api.md); only the book PDF has one. */
  widget?: Pick<FileMessages, 'wrongType' | 'tooLarge'>;
}

/** 'JPEG', 'JPEG or PNG', 'JPEG, PNG or PDF'. */
function typesTextOf(types: readonly FileType[]): string {
  const names = types.map((type) => FILE_TYPES[type].name);
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/** A rule with its derived parts (extensions, texts) filled in from `types` and `maxBytes`. */
function rule(spec: Omit<FileRule, 'extensions' | 'typesText' | 'sizeText' | 'hint'>): FileRule {
  const typesText = typesTextOf(spec.types);
  const sizeText = `up to ${Math.round(spec.maxBytes / MB)} MB`;
  return {
    ...spec,
    extensions: spec.types.flatMap((type) => FILE_TYPES[type].extensions),
    typesText,
    sizeText,
    hint: `${typesText}, ${sizeText}`,
  };
}

/** The messages of an image field: the spec's for a file that is no image, `notKept` for an image of another type. */
function imageMessages(notKept: (file: string) => string, wrongBytes: (what: string) => string, maxBytes: number): FileMessages {
  return {
    wrongType: (file, type) => (type.startsWith('image/') ? notKept(file) : notImageMessage(file)),
    tooLarge: (what, sizeBytes) => fileTooLargeMessage(what, sizeBytes, 'image', maxBytes),
    wrongBytes,
    unreadable: unreadableImageMessage,
  };
}

/** Index PDF and book PDF: 'Only PDF files are allowed', 'File size must be less than 200MB' (docs/api.md). */
const pdfMessages: FileMessages = {
  wrongType: () => BOOK_MSG.onlyPdf,
  tooLarge: () => BOOK_MSG.pdfTooLarge,
  wrongBytes: () => BOOK_MSG.onlyPdf,
  unreadable: () => BOOK_MSG.onlyPdf,
};

const logoTypeMessage = 'Logo must be a JPEG or PNG image';

/**
 * Every uploaded file field, by its name on the wire:
 * - `book_cover` — POST/PATCH /api/book (multipart): JPEG or PNG, 10 MB, stored as a JPEG;
 * - `bookimage` — the upload addresses and PATCH /api/book/upload-files/:id: up to 4 JPEG or PNG, 10 MB each;
 * - `index_pdf` — likewise: one PDF, 200 MB;
 * - `pdfpublisher` — the book PDF (`book_pdf` in the form and in PATCH upload-files): one PDF, 200 MB;
 * - `logo` — library and publisher registration, profile, POST /api/library/upload-logo: JPEG or PNG, 10 MB;
 * - `orderImage` — POST /api/book/create-dispatch: the proof of dispatch, JPEG, PNG or PDF, 5 MB.
 */
export const FILE_RULES = {
  book_cover: rule({
    label: 'Book cover',
    kind: 'image',
    types: ['image/jpeg', 'image/png'],
    storedAs: 'image/jpeg',
    maxBytes: MAX_IMAGE_BYTES,
    maxCount: 1,
    messages: imageMessages(coverNotJpegOrPngMessage, (what) => `${what} must be a JPEG or PNG image`, MAX_IMAGE_BYTES),
  }),
  bookimage: rule({
    label: 'Book image',
    kind: 'image',
    types: ['image/jpeg', 'image/png'],
    maxBytes: MAX_IMAGE_BYTES,
    maxCount: MAX_BOOK_IMAGES,
    messages: imageMessages(imageNotJpegOrPngMessage, notImageMessage, MAX_IMAGE_BYTES),
  }),
  index_pdf: rule({
    label: 'Index PDF',
    kind: 'PDF',
    types: ['application/pdf'],
    maxBytes: MAX_PDF_BYTES,
    maxCount: 1,
    messages: pdfMessages,
  }),
  pdfpublisher: rule({
    label: 'Book PDF',
    kind: 'PDF',
    types: ['application/pdf'],
    maxBytes: MAX_PDF_BYTES,
    maxCount: 1,
    messages: pdfMessages,
    widget: { wrongType: () => BOOK_MSG.pdfWidgetType, tooLarge: () => BOOK_MSG.pdfWidgetSize },
  }),
  logo: rule({
    label: 'Logo',
    kind: 'image',
    types: ['image/jpeg', 'image/png'],
    maxBytes: MAX_IMAGE_BYTES,
    maxCount: 1,
    messages: {
      wrongType: () => logoTypeMessage,
      tooLarge: (what, sizeBytes) => fileTooLargeMessage(what, sizeBytes, 'image', MAX_IMAGE_BYTES),
      wrongBytes: () => logoTypeMessage,
      unreadable: unreadableImageMessage,
    },
  }),
  orderImage: rule({
    label: 'Proof of dispatch',
    kind: 'file',
    types: ['image/jpeg', 'image/png', 'application/pdf'],
    maxBytes: MAX_DISPATCH_FILE_BYTES,
    maxCount: 1,
    messages: {
      wrongType: () => MSG.unsupportedFile,
      tooLarge: () => MSG.dispatchFileTooLarge,
      wrongBytes: () => MSG.unsupportedFile,
      unreadable: unreadableImageMessage,
    },
  }),
} as const satisfies Record<string, FileRule>;

/** The name of a file field of `FILE_RULES`. */
export type FileField = keyof typeof FILE_RULES;

/** A chosen file as the browser describes it: name, MIME type ('' when unknown), size in bytes. */
export interface ChosenFile {
  name: string;
  type: string;
  size: number;
}

/**
 * The type a chosen file declares: the browser's, or — when it gave none — the type of `rule`
 * whose extension ends the file's name ('' when none does).
 */
export function declaredType(rule: FileRule, file: Pick<ChosenFile, 'name' | 'type'>): string {
  if (file.type) return file.type;
  const name = file.name.toLowerCase();
  return rule.types.find((type) => FILE_TYPES[type].extensions.some((extension) => name.endsWith(extension))) ?? '';
}

/** The `accept` attribute of a file input for `rule`: its MIME types, comma separated. */
export const acceptOf = (rule: FileRule) => rule.types.join(',');

/**
 * The browser's check of a chosen file (docs/api.md): its declared type, then
 * its size (bytes) against `rule.maxBytes`.
 * @param messages the texts to use (default the field's; the book PDF's widget passes `rule.widget`)
 * @returns the message to show, or null when the file is fine
 */
export function fileProblem(
  rule: FileRule,
  file: ChosenFile,
  messages: Pick<FileMessages, 'wrongType' | 'tooLarge'> = rule.messages,
): string | null {
  const type = declaredType(rule, file);
  if (!(rule.types as readonly string[]).includes(type)) return messages.wrongType(file.name, type);
  if (file.size > rule.maxBytes) return messages.tooLarge(file.name, file.size);
  return null;
}
