import { describe, expect, it } from 'vitest';
import { BOOK_MSG } from './book-text.js';
import { MSG } from './messages.js';
import {
  FILE_RULES,
  MAX_DISPATCH_FILE_BYTES,
  MAX_IMAGE_BYTES,
  MAX_PDF_BYTES,
  MB,
  acceptOf,
  declaredType,
  fileProblem,
  fileTooLargeMessage,
} from './file-rules.js';

describe('the file rules table', () => {
  it('counts a megabyte as 1024 × 1024 bytes and holds the byte limits of packages/shared/src/constants.ts', () => {
    expect(MB).toBe(1_048_576);
    expect(MAX_DISPATCH_FILE_BYTES).toBe(5_242_880);
    expect(MAX_PDF_BYTES).toBe(209_715_200);
    expect(MAX_IMAGE_BYTES).toBe(10_485_760);
    expect(Object.fromEntries(Object.entries(FILE_RULES).map(([field, rule]) => [field, rule.maxBytes]))).toEqual({
      book_cover: 10_485_760,
      bookimage: 10_485_760,
      index_pdf: 209_715_200,
      pdfpublisher: 209_715_200,
      logo: 10_485_760,
      orderImage: 5_242_880,
    });
    expect(FILE_RULES.bookimage.maxCount).toBe(4);
  });

  it('takes the types of docs/api.md, with their extensions', () => {
    expect(FILE_RULES.book_cover.types).toEqual(['image/jpeg', 'image/png']);
    expect(FILE_RULES.book_cover.storedAs).toBe('image/jpeg');
    expect(FILE_RULES.book_cover.extensions).toEqual(['.jpg', '.jpeg', '.png']);
    expect(FILE_RULES.logo.types).toEqual(['image/jpeg', 'image/png']);
    expect(FILE_RULES.orderImage.extensions).toEqual(['.jpg', '.jpeg', '.png', '.pdf']);
    expect(acceptOf(FILE_RULES.orderImage)).toBe('image/jpeg,image/png,application/pdf');
    expect([FILE_RULES.book_cover.hint, FILE_RULES.bookimage.hint, FILE_RULES.index_pdf.hint, FILE_RULES.orderImage.hint]).toEqual([
      'JPEG or PNG, up to 10 MB',
      'JPEG or PNG, up to 10 MB',
      'PDF, up to 200 MB',
      'JPEG, PNG or PDF, up to 5 MB',
    ]);
  });

  it('quotes the limits in its messages as they are in bytes', () => {
    // every message with a number in it names the limit the table holds
    expect(MSG.dispatchFileTooLarge).toContain(`${MAX_DISPATCH_FILE_BYTES / MB} MB`);
    for (const text of [BOOK_MSG.pdfTooLarge, BOOK_MSG.pdfWidgetSize]) expect(text).toContain(`${MAX_PDF_BYTES / MB}MB`);
    expect(FILE_RULES.book_cover.messages.tooLarge('Book cover')).toBe('Book cover is too large. Maximum image file size allowed is 10MB.');
    expect(fileTooLargeMessage('huge.jpg', 11 * MB, 'image', MAX_IMAGE_BYTES)).toBe(
      'huge.jpg is too large (11.00MB). Maximum image file size allowed is 10MB.',
    );
  });

  it('checks a chosen file as the forms do, with the spec wording', () => {
    const file = (name: string, type: string, size = 1000) => ({ name, type, size });
    expect(fileProblem(FILE_RULES.orderImage, file('r.gif', 'image/gif'))).toBe('Unsupported File Format');
    expect(fileProblem(FILE_RULES.orderImage, file('r.pdf', 'application/pdf', MAX_DISPATCH_FILE_BYTES))).toBeNull();
    expect(fileProblem(FILE_RULES.orderImage, file('r.pdf', 'application/pdf', MAX_DISPATCH_FILE_BYTES + 1))).toBe(
      'File Size is too large, please select a file with a size less than 5 MB',
    );
    expect(fileProblem(FILE_RULES.book_cover, file('c.png', 'image/png'))).toBeNull();
    expect(fileProblem(FILE_RULES.book_cover, file('c.gif', 'image/gif'))).toBe(
      'c.gif is not a JPEG or PNG. The book cover must be a JPEG or PNG image.',
    );
    expect(fileProblem(FILE_RULES.book_cover, file('c.txt', 'text/plain'))).toBe(
      'c.txt is not a valid image file. Only image files are allowed.',
    );
    expect(fileProblem(FILE_RULES.bookimage, file('p.webp', 'image/webp'))).toBe(
      'p.webp is not a JPEG or PNG. Book images must be JPEG or PNG images.',
    );
    expect(fileProblem(FILE_RULES.index_pdf, file('i.jpg', 'image/jpeg'))).toBe('Only PDF files are allowed');
    expect(fileProblem(FILE_RULES.index_pdf, file('i.pdf', 'application/pdf', MAX_PDF_BYTES + 1))).toBe(
      'File size must be less than 200MB',
    );
    const widget = FILE_RULES.pdfpublisher.widget;
    expect(fileProblem(FILE_RULES.pdfpublisher, file('b.jpg', 'image/jpeg'), widget)).toBe(
      'Only PDF files are allowed. Please select a PDF file.',
    );
    expect(fileProblem(FILE_RULES.pdfpublisher, file('b.pdf', '', MAX_PDF_BYTES + 1), widget)).toBe(
      'File size exceeds 200MB limit. Please select a smaller file.',
    );
    expect(fileProblem(FILE_RULES.logo, file('l.gif', 'image/gif'))).toBe('Logo must be a JPEG or PNG image');
  });

  it('reads a type from the extension only when the browser gives none', () => {
    expect(declaredType(FILE_RULES.index_pdf, { name: 'Index.PDF', type: '' })).toBe('application/pdf');
    expect(declaredType(FILE_RULES.book_cover, { name: 'cover.JPEG', type: '' })).toBe('image/jpeg');
    expect(declaredType(FILE_RULES.book_cover, { name: 'cover.png', type: '' })).toBe('image/png');
    expect(declaredType(FILE_RULES.book_cover, { name: 'cover.gif', type: '' })).toBe('');
    expect(declaredType(FILE_RULES.index_pdf, { name: 'index.pdf', type: 'text/plain' })).toBe('text/plain');
  });
});
