/**
 * `npm run dev` runs the API from its TypeScript through tsx (`tsx watch --conditions=source
 * src/server.ts`), which resolves imports as tsconfig says, `paths` included: a mapping meant for
 * the compiler only (content-disposition's types, once) made tsx load a `.d.ts` in place of the
 * library and the inner loop stopped at its first line. This loads the whole app the same way.
 */
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const API = join(dirname(fileURLToPath(import.meta.url)), '..');

describe('the inner loop', () => {
  it('loads the app from its TypeScript as npm run dev does', async () => {
    const { stdout, stderr } = await new Promise<{ stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        ['--conditions=source', '--import', 'tsx', '--input-type=module', '-e', "await import('./src/app.ts'); console.log('loaded')"],
        { cwd: API, timeout: 120_000 },
        (_error, out, err) => resolve({ stdout: out, stderr: err.split('\n').slice(0, 8).join('\n') }),
      );
    });
    // on failure, the first lines of what the process printed name the module it could not load
    expect(stdout.trim(), stderr).toBe('loaded');
  });
});
