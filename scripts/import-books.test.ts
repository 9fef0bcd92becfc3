/**
 * `npm run import:books -- FILE` with a file that is not there says so in one line, naming the
 * file and what it expects, with no stack and before touching any database.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('./import-books.ts', import.meta.url));
const TSX = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));

describe('npm run import:books', () => {
  it('names a missing file and what it expects, in one line', async () => {
    const { code, stderr, stdout } = await new Promise<{ code: number; stderr: string; stdout: string }>((resolve) => {
      execFile(TSX, ['--conditions=source', SCRIPT, '/nowhere/books.jsonl'], (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code) : 0, stderr, stdout }),
      );
    });
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      'import:books: cannot read /nowhere/books.jsonl (there is no such file); expected a JSON Lines file, one catalogue record a line ({"source_id", "title", "authors", "publisher", "language", …}, as ../shared/data/books.jsonl)\n',
    );
  });
});
