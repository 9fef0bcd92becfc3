/**
 * `npm run lint`'s two halves (decision 068) refuse what they are there to refuse: oxlint's
 * type-aware rules (oxlint-tsgolint) a promise left floating, ESLint's import zones (decision 045)
 * a web feature importing another, or app/ (which imports the features).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OXLINT = join(ROOT, 'node_modules/.bin/oxlint');

/** A program of its own outside the repository, linted with the repository's .oxlintrc.json. */
const dir = mkdtempSync(join(tmpdir(), 'jsbn-lint-'));
writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, module: 'NodeNext', target: 'ES2023' } }));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs oxlint on one file of `dir` holding `source`; its exit code and output. */
function oxlint(name: string, source: string): Promise<{ code: number; out: string }> {
  writeFileSync(join(dir, name), source);
  return new Promise((resolve) => {
    execFile(OXLINT, ['-c', join(ROOT, '.oxlintrc.json'), '-f', 'unix', name], { cwd: dir }, (error, stdout) =>
      resolve({ code: error ? Number(error.code) : 0, out: stdout }),
    );
  });
}

const saved = 'export async function save(): Promise<number> {\n  return 1;\n}\n';

describe('npm run lint', () => {
  it('oxlint refuses a floating promise, found through its type, and passes it once handled', async () => {
    const floating = await oxlint('floating.ts', `${saved}export function submit(): void {\n  save();\n}\n`);
    expect(floating.code).toBe(1);
    expect(floating.out).toContain('floating.ts:5:3: Promises must be awaited');
    expect(floating.out).toContain('[Error/typescript(no-floating-promises)]');

    const handled = await oxlint('handled.ts', `${saved}export function submit(): void {\n  void save();\n}\n`);
    expect(handled).toEqual({ code: 0, out: '' });
  });

  it('ESLint refuses a web feature importing another or app/, and lets it import its own parts', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    const filePath = join(ROOT, 'apps/web/src/features/books/zone-check.ts');
    const [other] = await eslint.lintText("export { useOrders } from '../orders/api/orders-api.js';\n", { filePath });
    expect(other!.messages.map((m) => [m.ruleId, m.message])).toEqual([
      [
        'import-x/no-restricted-paths',
        'Unexpected path "../orders/api/orders-api.js" imported in restricted zone. a web feature imports no other feature: move what they share to components/ or api/ (decision 045)',
      ],
    ]);
    const [app] = await eslint.lintText("export { routes } from '../../app/routes';\n", { filePath });
    expect(app!.messages.map((m) => m.message)).toEqual([
      'Unexpected path "../../app/routes" imported in restricted zone. a web feature imports nothing of app/, which imports the features: move what it needs to lib/ or components/ (decision 045)',
    ]);
    const [own] = await eslint.lintText("export { useLanguages } from './api/books-api.js';\n", { filePath });
    expect(own!.messages).toEqual([]);
  });

  it("ESLint refuses the API's lib/ importing a module and a module importing the test harness", async () => {
    const eslint = new ESLint({ cwd: ROOT });
    const [lib] = await eslint.lintText("export { registerBook } from '../modules/books/registration.js';\n", {
      filePath: join(ROOT, 'apps/api/src/lib/zone-check.ts'),
    });
    expect(lib!.messages.map((m) => [m.ruleId, m.message])).toEqual([
      [
        'import-x/no-restricted-paths',
        'Unexpected path "../modules/books/registration.js" imported in restricted zone. lib/ and db/ are the layers the modules stand on: they never import a module (decision 045)',
      ],
    ]);
    const [module] = await eslint.lintText("export { createTestApp } from '../../test/harness.js';\n", {
      filePath: join(ROOT, 'apps/api/src/modules/books/zone-check.ts'),
    });
    expect(module!.messages.map((m) => m.message)).toEqual([
      'Unexpected path "../../test/harness.js" imported in restricted zone. seeding and the test harness stand on the app, never the other way round (decision 045)',
    ]);
    // the API's tests stand on every layer: ESLint, with no rule for them, does not parse them
    expect(await eslint.isPathIgnored(join(ROOT, 'apps/api/src/modules/books/books.test.ts'))).toBe(true);
  });
});
