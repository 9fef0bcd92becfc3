/**
 * The reporter that ends a Vitest run with one line a failure (failed-tests-reporter.ts): run by
 * Vitest itself on a fixture run with a failing test, a file that throws as it loads and a
 * rejection no test awaited.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const VITEST = fileURLToPath(new URL('../node_modules/.bin/vitest', import.meta.url));
const CONFIG = fileURLToPath(new URL('./fixtures/failing-run/vitest.config.ts', import.meta.url));

describe('scripts/failed-tests-reporter.ts', () => {
  it("ends the run's output with a line for each failure, after the default reporter's", async () => {
    const { code, out } = await new Promise<{ code: number; out: string }>((resolve) => {
      execFile(VITEST, ['run', '--config', CONFIG], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1', CI: '1' } }, (error, stdout) =>
        resolve({ code: error ? Number(error.code) : 0, out: stdout }),
      );
    });
    expect(code).toBe(1);
    const end = out.trimEnd().split('\n').slice(-4);
    expect(end[0]).toBe('Failed (3):');
    expect(end.slice(1).sort()).toEqual(
      [
        '  ERROR outside any test (Unhandled Rejection): connection terminated',
        '  FAIL broken.fixture.ts (the file did not run): TypeError: cannot read the template',
        '  FAIL tests.fixture.ts > orders > refuses a second accept: expected 200 to be 409 // Object.is equality',
      ].sort(),
    );
  });
});
