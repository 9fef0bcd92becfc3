/**
 * The real catalogue for the tests that import it: ../shared/data/books.jsonl beside the
 * repository (667 records), or, where it is absent (a fresh clone), the test's own built-in
 * sample — and then the test says so once in its output, so a green run on the sample is not
 * read as a run on the real records.
 */
import { existsSync, readFileSync } from 'node:fs';
import { parseJsonl, type CatalogueRecord } from '../modules/books/import.js';

/** ../shared/data/books.jsonl, beside the repository. */
const SHARED_BOOKS = new URL('../../../../../shared/data/books.jsonl', import.meta.url);

/** The records of books.jsonl as the importer reads them (a bad line an Error), and whether they are the real ones. */
export interface Catalogue {
  records: (CatalogueRecord | Error)[];
  real: boolean;
}

/** The test files that have said they run on their sample. */
const told = new Set<string>();

/**
 * The records of ../shared/data/books.jsonl, or `sample` when the file is absent (said once a
 * run of the file, naming `who`: the test file).
 */
export function sharedCatalogue(sample: CatalogueRecord[], who: string): Catalogue {
  if (existsSync(SHARED_BOOKS)) return { records: parseJsonl(readFileSync(SHARED_BOOKS, 'utf8')), real: true };
  if (!told.has(who))
    console.info(
      `${who}: ../shared/data/books.jsonl is not beside the repository; runs on its built-in sample of ${sample.length} records`,
    );
  told.add(who);
  return { records: parseJsonl(sample.map((record) => JSON.stringify(record)).join('\n')), real: false };
}
