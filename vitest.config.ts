// Unit and API tests of every workspace except e2e (which runs after the build).
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    // a limit stops a hang, nothing more: tests of 27–28 s beside the journeys on this machine's two
    // cores (a race run 100 times, a bulk file's refusals) take nearly twice that on a CI machine
    // with slower cores, near a one-minute limit
    testTimeout: 180_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // a file per core: vitest's default leaves one core to its own process (one file at a time on
    // two cores), which mostly waits; the files wait on their databases part of the time (decision 055)
    maxWorkers: availableParallelism(),
    // the files of a worker share its loaded modules: the app's module graph is imported once a
    // worker, not once a file (about 3 s of CPU a file); each file still builds its own app on
    // its own copy of the database (decision 055)
    isolate: false,
    // the database is migrated once a run and copied for each test file
    globalSetup: ['apps/api/src/test/global-setup.ts'],
    // the run ends with a line for each failure, where a reader of its tail looks
    reporters: ['default', './scripts/failed-tests-reporter.ts'],
  },
});
