// Unit and API tests of every workspace except e2e (which runs after the build).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // the database is migrated once a run and copied for each test file
    globalSetup: ['apps/api/src/test/global-setup.ts'],
  },
});
