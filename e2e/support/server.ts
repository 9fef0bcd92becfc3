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

declare module 'vitest' {
  export interface ProvidedContext {
    /** The data directory of a server started once and stopped (migrated, demo seeded) that journeys copy. */
    e2eDataDir: string;
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

/**
 * Starts the server and waits until /api/health answers (at most 170 s: a machine shared by many
 * test runs starts it slowly; within the hooks' 180 s). Without `DATA_DIR` in `env` it runs on a
 * copy of the run's prepared data directory; `fresh` starts on an empty one instead (what
 * `global-setup.ts` does to prepare it).
 */
export async function startServer(env: Record<string, string> = {}, fresh = false): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'jsbn-e2e-'));
  if (!fresh && !env.DATA_DIR) cpSync(inject('e2eDataDir'), dataDir, { recursive: true });
  const url = `http://localhost:${port}`;
  let log = '';
  const child: ChildProcess = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: ROOT,
    // a publisher's order notices go out a second after the order, not five minutes (decision 033)
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      ORDER_NOTICE_DIGEST_SECONDS: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (log += chunk));
  child.stderr!.on('data', (chunk) => (log += chunk));
  const deadline = Date.now() + 170_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${log}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${log}`);
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
      if (!keepDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
