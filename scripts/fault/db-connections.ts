/**
 * npm run fault:db — the database fault drill, longer than the test's: an API process
 * on a fresh PostgreSQL database under a mixed load (search, JSBN page, current user, order
 * creation) while all of its connections are ended with `pg_terminate_backend` again and again.
 * Prints what the clients saw and exits 1 unless the process stayed up, never answered a 5xx
 * other than the maintenance 503, and answered again afterwards.
 *
 *   npm run fault:db -- [--seconds 60] [--kill-every-ms 500] [--concurrency 16]
 *
 * PostgreSQL: TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres (a database
 * is created there and dropped afterwards). Talks only to 127.0.0.1; stops by itself.
 */
import { parseArgs } from 'node:util';
import { formatStatuses, runConnectionKillDrill } from '../../apps/api/src/test/fault-drill.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    'kill-every-ms': { type: 'string', default: '500' },
    concurrency: { type: 'string', default: '16' },
  },
});
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const options = {
  adminUrl,
  durationMs: Number(values.seconds) * 1000,
  killEveryMs: Number(values['kill-every-ms']),
  concurrency: Number(values.concurrency),
};
console.log(
  `fault drill: ${values.seconds} s of load with ${options.concurrency} clients, all API connections ended every ${options.killEveryMs} ms`,
);
const report = await runConnectionKillDrill(options);
const failures = Object.keys(report.byStatus)
  .map(Number)
  .filter((status) => status >= 500 && status !== 503);
console.log(`responses:          ${formatStatuses(report.byStatus)}`);
console.log(`no answer at all:   ${report.noAnswer}`);
console.log(`connections ended:  ${report.terminated} in ${report.rounds} rounds`);
console.log(`process still up:   ${report.alive ? 'yes' : 'NO'}`);
console.log(`answering after:    ${report.recovered ? 'yes' : 'NO'}`);
if (!report.alive || !report.recovered || failures.length || report.noAnswer) {
  console.log(report.stderr);
  process.exit(1);
}
