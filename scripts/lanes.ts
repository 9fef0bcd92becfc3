/**
 * `tsx scripts/lanes.ts "a && b" "c d"` — runs npm scripts in lanes at once: each argument is a
 * lane, the npm scripts in it one after another; the lanes side by side. `npm test` runs the whole
 * test run this way on two cores (decisions 055 and 058): the build and then the journeys in one
 * lane; formatting, typecheck, lint and the unit and API tests in the other, so neither lane's
 * waits (a page, a database) leave a core idle.
 *
 * In a lane, `a && b` runs b only when a passed (the journeys need the build); `c d` runs d
 * whether c passed or not (the checks and the unit tests need nothing of each other), so one run
 * names every failure. A script's output is kept and printed whole when it ends (lanes never
 * interleave lines). At the very end, each failed script's closing lines are printed again — a
 * Vitest run's list of failed tests (scripts/failed-tests-reporter.ts), else the last lines (tsc
 * and ESLint name what failed there) — and then one line for every script that failed or did not
 * run: a reader of only the tail of a long run (CI shows its last 100 lines) sees every failed
 * test of both lanes, not only which lane failed. Exits 1 when any script failed, 0 otherwise.
 */
import { spawn } from 'node:child_process';

/** How many of a failed script's last lines are printed again at the end of the run, when it has no list of failed tests. */
const FAILED_TAIL_LINES = 40;
/** Where the list of failed tests of a Vitest run starts (scripts/failed-tests-reporter.ts). */
const FAILED_TESTS = '\nFailed (';

/** What of a failed script's `text` is printed again at the end: its list of failed tests, else its last lines. */
function closingLines(text: string): string {
  const list = text.lastIndexOf(FAILED_TESTS);
  if (list >= 0) return text.slice(list + 1).trimEnd();
  return text.trimEnd().split('\n').slice(-FAILED_TAIL_LINES).join('\n');
}

/** Runs `npm run <script>`, its output kept; resolves null when it passed, else its closing lines. */
function run(script: string): Promise<string | null> {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const passed = code === 0;
      process.stdout.write(`\n> ${script}: ${passed ? 'passed' : `failed (exit ${code})`} in ${seconds} s\n`);
      const text = Buffer.concat(output);
      process.stdout.write(text);
      resolve(passed ? null : closingLines(text.toString('utf8')));
    });
  });
}

/**
 * What went wrong in a lane, one a script: `line` 'lint failed' or 'test:journeys not run: build
 * failed'; `tail`, a failed script's closing lines.
 */
type Failures = { line: string; script: string; tail?: string }[];

/**
 * Runs one lane: its steps one after another, each step a chain of scripts joined by `&&` that
 * stops at the first failing one.
 */
async function lane(steps: string[][]): Promise<Failures> {
  const failures: Failures = [];
  for (const chain of steps) {
    for (const [index, script] of chain.entries()) {
      const tail = await run(script);
      if (tail === null) continue;
      failures.push({ line: `${script} failed`, script, tail });
      for (const skipped of chain.slice(index + 1)) failures.push({ line: `${skipped} not run: ${script} failed`, script: skipped });
      break;
    }
  }
  return failures;
}

/** `"a && b c"` → [['a', 'b'], ['c']]: the steps of a lane, each the chain of scripts `&&` joins. */
function parseLane(argument: string): string[][] {
  const words = argument.split(/\s+/).filter(Boolean);
  const steps: string[][] = [];
  let joined = false;
  for (const word of words) {
    if (word === '&&') joined = true;
    else if (joined && steps.length > 0) {
      steps.at(-1)!.push(word);
      joined = false;
    } else steps.push([word]);
  }
  return steps;
}

const lanes = process.argv.slice(2).map(parseLane);
if (lanes.length === 0) throw new Error('usage: tsx scripts/lanes.ts "<script> && <script> <script>…" "<script>…" …');
const failures = (await Promise.all(lanes.map(lane))).flat();
for (const { script, tail } of failures)
  if (tail !== undefined) process.stdout.write(`\n> the end of ${script}'s output, again:\n${tail}\n`);
if (failures.length > 0) process.stdout.write(`\n${failures.map((failure) => `✗ ${failure.line}`).join('\n')}\n`);
process.exitCode = failures.length > 0 ? 1 : 0;
