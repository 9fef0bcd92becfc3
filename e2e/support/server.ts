/**
 * Starts the built app (`node apps/api/dist/server.js`) on a free port with its own data
 * directory and the embedded database, exactly as `npm start` would, and stops it afterwards.
 * A journey's data directory is a copy of the one `global-setup.ts` made once for the run (the
 * migrations applied and the demo seeded by the same start), not a fresh start of its own
 * (decision 055).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { createDatabase, type JourneyDatabase } from './database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The data directory of a server started once and stopped (migrated, demo seeded) that journeys copy. */
    e2eDataDir: string;
    /** That server's PostgreSQL database, which journeys copy; '' when it ran on PGlite (no TEST_DATABASE_URL). */
    e2eDatabase: string;
  }
}

const ROOT = new URL('../../', import.meta.url).pathname;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface RunningServer {
  url: string;
  dataDir: string;
  output: () => string;
  /** Stops the server (SIGTERM, as a supervisor would) and removes its data directory unless `keepDataDir`. */
  stop(options?: { keepDataDir?: boolean }): Promise<void>;
}

/** How `startServer` starts the server. */
export interface ServerOptions {
  /** Settings over the journeys' defaults; a `DATA_DIR` of the journey's own runs on the embedded database there. */
  env?: Record<string, string>;
  /** Start on an empty data directory (and `database`, empty): what `global-setup.ts` prepares. */
  fresh?: boolean;
  /** The database of a `fresh` start; a journey's own is a copy of the prepared one. */
  database?: JourneyDatabase;
  /** Runs before the server opens the database, with the server's environment (a script adding an operator). */
  beforeStart?: (env: NodeJS.ProcessEnv) => Promise<void>;
}

/**
 * Starts the server and waits until /api/health answers (at most 170 s: a machine shared by many
 * test runs starts it slowly; within the hooks' 180 s). Without `DATA_DIR` in `env` it runs on a
 * copy of the run's prepared data directory, and on a copy of its PostgreSQL database where
 * there is one (`database.ts`).
 * @throws Error with the server's output when it exits or does not answer in time
 */
export async function startServer({ env = {}, fresh = false, database, beforeStart }: ServerOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'jsbn-e2e-'));
  if (!fresh && !env.DATA_DIR) {
    cpSync(inject('e2eDataDir'), dataDir, { recursive: true });
    if (inject('e2eDatabase')) database = await createDatabase(inject('e2eDatabase'));
  }
  const url = `http://localhost:${port}`;
  // a publisher's order notices go out a second after the order, not five minutes (decision 033)
  const serverEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    ORDER_NOTICE_DIGEST_SECONDS: '1',
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...env,
  };
  const removeData = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    if (!fresh) await database?.drop();
  };
  await beforeStart?.(serverEnv);
  let log = '';
  const child: ChildProcess = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: ROOT,
    env: serverEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (log += chunk));
  child.stderr!.on('data', (chunk) => (log += chunk));
  const deadline = Date.now() + 170_000;
  for (;;) {
    if (child.exitCode !== null) {
      await removeData();
      throw new Error(`server exited:\n${log}`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await removeData();
      throw new Error(`server did not start:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    dataDir,
    output: () => log,
    async stop({ keepDataDir = false } = {}) {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (!keepDataDir) await removeData();
    },
  };
}
