/**
 * `npm test`'s lanes (decision 058): a failure anywhere fails the run and is named at the end
 * after the last lines of its output,
 * a script joined by `&&` does not run after a failure (the journeys without a build), and the
 * scripts that need nothing of each other run on after one failed.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const LANES = fileURLToPath(new URL('./lanes.ts', import.meta.url));
const TSX = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));

/** A package whose npm scripts print their name and pass, or fail (`bad-…`). */
const dir = mkdtempSync(join(tmpdir(), 'jsbn-lanes-'));
const script = (name: string) => (name.startsWith('bad') ? `echo ${name} ran && exit 3` : `echo ${name} ran`);
const names = ['build', 'journeys', 'format', 'bad-lint', 'unit', 'bad-build', 'typecheck'];
/** A failing Vitest run: a long output, then the list of failed tests its reporter ends with. */
const badTests =
  'for i in $(seq 1 60); do echo detail $i; done; printf "Failed (1):\\n  FAIL a.test.ts > b: expected 1 to be 2\\n"; exit 1';
writeFileSync(
  join(dir, 'package.json'),
  JSON.stringify({ name: 'lanes', scripts: { ...Object.fromEntries(names.map((n) => [n, script(n)])), 'bad-tests': badTests } }),
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs lanes.ts with `lanes` in the package above; its exit code and output. */
function lanes(...args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(TSX, [LANES, ...args], { cwd: dir }, (error, stdout) => resolve({ code: error ? Number(error.code) : 0, out: stdout }));
  });
}

describe('scripts/lanes.ts', () => {
  it('passes when every script passed, and runs each', async () => {
    const { code, out } = await lanes('build && journeys', 'format typecheck unit');
    expect(code).toBe(0);
    for (const name of ['build', 'journeys', 'format', 'typecheck', 'unit']) expect(out).toContain(`> ${name}: passed`);
    expect(out).not.toContain('✗');
  });

  it('fails naming every failure: a chained script is not run after a failure, the next one of the lane is', async () => {
    const { code, out } = await lanes('bad-build && journeys', 'format bad-lint unit');
    expect(code).toBe(1);
    expect(out).not.toContain('journeys ran');
    expect(out).toContain('> unit: passed');
    expect(out.trim().split('\n').slice(-3)).toEqual(['✗ bad-build failed', '✗ journeys not run: bad-build failed', '✗ bad-lint failed']);
  });

  it("prints a Vitest run's list of failed tests again, not its last lines, so every failed test of both lanes is in the tail", async () => {
    const { out } = await lanes('bad-tests', 'bad-lint');
    const end = out.slice(out.indexOf('> the end of'));
    expect(end.trim().split('\n')).toEqual([
      "> the end of bad-tests's output, again:",
      'Failed (1):',
      '  FAIL a.test.ts > b: expected 1 to be 2',
      '',
      "> the end of bad-lint's output, again:",
      'bad-lint ran',
      '',
      '✗ bad-tests failed',
      '✗ bad-lint failed',
    ]);
  });

  it("prints a failed script's last lines again before the list of failures, for a reader of the run's tail alone", async () => {
    const { out } = await lanes('bad-build && journeys', 'format bad-lint unit');
    const end = out.slice(out.indexOf('> the end of'));
    expect(end.trim().split('\n')).toEqual([
      "> the end of bad-build's output, again:",
      'bad-build ran',
      '',
      "> the end of bad-lint's output, again:",
      'bad-lint ran',
      '',
      '✗ bad-build failed',
      '✗ journeys not run: bad-build failed',
      '✗ bad-lint failed',
    ]);
  });
});
