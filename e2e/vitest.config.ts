// End-to-end journeys: real built app, real API, Debian's Chromium (see e2e/support).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    // `npm run bench:scan` (E2E_BENCH=1) runs the journeys' benchmarks instead (*.bench.ts)
    include: process.env.E2E_BENCH ? ['**/*.bench.ts'] : ['**/*.e2e.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // A poll waits for what a user would wait for: a list loading behind a PDF being made on a
    // slow two-core CI machine takes more than vitest's default of 1 s.
    expect: { poll: { timeout: 15_000, interval: 100 } },
    // two journeys at once: each has its own server (port, data directory) and browser, and one
    // alone leaves a core idle while its page waits on the server or the server on the page (decision 055)
    maxWorkers: 2,
    pool: 'forks',
    // a worker's journeys share their loaded modules (playwright-core, the support code), as the
    // unit tests' do (decision 055): each journey still has its own server and browser
    isolate: false,
    // the server is started once on an empty data directory; each journey's starts on a copy (decision 055)
    globalSetup: ['support/global-setup.ts'],
    // the run ends with a line for each failure, where a reader of its tail looks
    reporters: ['default', '../scripts/failed-tests-reporter.ts'],
  },
});
