/**
 * The demo logins `npm start` prints last on every start with demo data: the three demo accounts
 * on the start that creates them and on every later one, without an account whose password was
 * changed or that was suspended; none on a database without demo data. And the request log
 * lines a development start leaves out unless REQUEST_LOGS=on.
 */
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { accounts } from '../db/schema.js';
import { hashPassword } from '../lib/auth.js';
import { ENGINES, createTestApp, type TestApp } from '../test/harness.js';
import { DEMO_PASSWORD, demoLogins, seedDemo } from './seed-demo.js';

const ALL = [
  { role: 'PUBLISHER', email: 'publisher@demo.jsbn', password: DEMO_PASSWORD, name: 'Shri Jain Sahitya Prakashan Trust' },
  { role: 'PUBLISHER', email: 'jinvani@demo.jsbn', password: DEMO_PASSWORD, name: 'Jinvani Granthmala' },
  { role: 'LIBRARY', email: 'library@demo.jsbn', password: DEMO_PASSWORD, name: 'Shri Hemchandracharya Gyan Bhandar' },
];

describe.each(ENGINES)('demo logins (%s)', (engine) => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('are the three demo accounts when seeded and on every start after, less those no longer usable', async () => {
    const t = await createTestApp(engine);
    apps.push(t);
    expect(await demoLogins(t.ctx)).toEqual([]);
    expect(await seedDemo(t.ctx)).toEqual(ALL);
    expect(await demoLogins(t.ctx)).toEqual(ALL);
    // a later start seeds nothing, and still prints them
    expect(await seedDemo(t.ctx)).toEqual([]);
    expect(await demoLogins(t.ctx)).toEqual(ALL);

    await t.ctx.db
      .update(accounts)
      .set({ password_hash: await hashPassword('Changed@5678') })
      .where(eq(accounts.email, 'jinvani@demo.jsbn'));
    await t.ctx.db
      .update(accounts)
      .set({ suspended_at: new Date(), suspended_reason: 'test' })
      .where(eq(accounts.email, 'library@demo.jsbn'));
    expect(await demoLogins(t.ctx)).toEqual([ALL[0]]);
  });
});

describe('request log lines', () => {
  /** The messages an app logs at info level while answering one request. */
  async function logged(env: Record<string, string>): Promise<string[]> {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const t = await createTestApp(ENGINES[0]!, { LOG_LEVEL: 'info', ...env }, null, sink);
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
    return lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
  }

  it('are left out outside production unless REQUEST_LOGS=on', async () => {
    expect(await logged({})).not.toContain('incoming request');
    const asked = await logged({ REQUEST_LOGS: 'on' });
    expect(asked).toContain('incoming request');
    expect(asked).toContain('request completed');
  });
});
