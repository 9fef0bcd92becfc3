/**
 * Bulk registration of a back catalogue: the columns of the Excel template,
 * the rows as the preview and the registration carry them, and their replies. A row's values
 * are the cells' text by column key; the API turns them into the book form's fields
 * (`bookFields`) and answers each row's problems by column, in the caller's language.
 */
import { z } from 'zod';
import { BULK_MSG } from '../book-text.js';
import { BULK_CHUNK_ROWS, BULK_COLUMNS, MAX_BULK_CELL_CHARACTERS, MAX_BULK_ROWS } from '../constants.js';

const cellText = z.string().max(MAX_BULK_CELL_CHARACTERS, BULK_MSG.cellTooLong);

/** One row of the sheet: its row number in the file (2 is the first under the headings) and its cells' text. */
export const bulkRow = z.object({
  row: z.number().int().min(2).max(1_048_576),
  values: z.partialRecord(z.enum(BULK_COLUMNS), cellText),
});
export type BulkRow = z.infer<typeof bulkRow>;

/** POST /api/book/bulk/check: the rows again, after the publisher fixed some in the preview. */
export const bulkCheckRequest = z.object({
  rows: z
    .array(bulkRow)
    .min(1, 'The file has no books to register')
    .max(MAX_BULK_ROWS, 'At most 1,000 books in one file. Please split the file.'),
});

/**
 * POST /api/book/bulk/register: `BULK_CHUNK_ROWS` rows at most, in one transaction. `batch`
 * names the upload (a UUID the browser makes): a row sent again with the same batch (a retry
 * after a lost reply) gets its earlier JSBN instead of a second book.
 */
export const bulkRegisterRequest = z.object({
  batch: z.uuid('Batch must be a UUID'),
  rows: z.array(bulkRow).min(1, 'The file has no books to register').max(BULK_CHUNK_ROWS),
});

const problem = z.object({ column: z.enum(BULK_COLUMNS), message: z.string() });
export type BulkProblem = z.infer<typeof problem>;

/** A row as the preview shows it: its cells, what stops it (`errors`) and what only looks wrong (`warnings`). */
export const bulkPreviewRow = bulkRow.extend({ errors: z.array(problem), warnings: z.array(problem) });
export type BulkPreviewRow = z.infer<typeof bulkPreviewRow>;

/** The preview of a file: the template's column labels in the caller's language, and every row checked. */
export const bulkPreview = z.object({
  /**
   * Each column's label; a column with a list (language, swaroop, subjects, author types, price
   * type, currency, readers) also its `options` in the caller's language, so a problem in it is
   * fixed by choosing from the list — `several` when a cell holds more than one, separated by ';'.
   */
  columns: z.array(
    z.object({ key: z.enum(BULK_COLUMNS), label: z.string(), options: z.array(z.string()).optional(), several: z.boolean().optional() }),
  ),
  rows: z.array(bulkPreviewRow),
});
export type BulkPreview = z.infer<typeof bulkPreview>;

/** What a registration request made: each row's book and its JSBN (PPPPPNNNNNC), in row order. */
export const bulkRegistered = z.object({
  books: z.array(z.object({ row: z.number().int(), id: z.number().int(), jsbn_number: z.string() })),
});
export type BulkRegistered = z.infer<typeof bulkRegistered>;

/**
 * POST /api/book/bulk/:batch/result.xlsx: the rows the publisher did not register — with
 * problems, or left out in the preview (`skipped`) — to list after the books, each with why.
 */
export const bulkResultRequest = z.object({
  left: z
    .array(bulkRow.extend({ skipped: z.boolean().optional() }))
    .max(MAX_BULK_ROWS)
    .default([]),
});
export type BulkResultRequest = z.input<typeof bulkResultRequest>;
