/**
 * `tsx scripts/lanes.ts "a b" "c"` — runs npm scripts in lanes at once: each argument is a lane,
 * the npm scripts in it (separated by spaces) one after another; the lanes side by side. `npm
 * test` runs the checks this way on two cores (decision 055): formatting and typecheck in one
 * lane, lint in the other, neither waiting for the other's single-threaded work.
 *
 * A script's output is kept and printed whole when it ends (lanes never interleave lines). A lane
 * stops at its first failing script; the others run on, so one run names every failure. Exits 1
 * when any script failed, 0 otherwise.
 */
import { spawn } from 'node:child_process';

/** Runs `npm run <script>`, its output kept; resolves whether it passed. */
function run(script: string): Promise<boolean> {
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
      process.stdout.write(Buffer.concat(output));
      resolve(passed);
    });
  });
}

/** Runs one lane's scripts in order, stopping at the first that fails. */
async function lane(scripts: string[]): Promise<boolean> {
  for (const script of scripts) if (!(await run(script))) return false;
  return true;
}

const lanes = process.argv.slice(2).map((argument) => argument.split(/\s+/).filter(Boolean));
if (lanes.length === 0) throw new Error('usage: tsx scripts/lanes.ts "<script> <script>…" "<script>…" …');
const results = await Promise.all(lanes.map(lane));
process.exitCode = results.every(Boolean) ? 0 : 1;
