/**
 * Registration does the same work for an e-mail that is already registered as for a new one
 * (22 ms against 101 ms told who had an account). Timing is not asserted (tests never
 * do); the expensive step — hashing the password with argon2id — is counted instead, through
 * the real function wrapped in a spy. The database is real.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as AuthModule from '../../lib/auth.js';
import type { TestApp } from '../../test/harness.js';

vi.mock('../../lib/auth.js', async (importOriginal) => {
  const original = await importOriginal<typeof AuthModule>();
  return { ...original, hashPassword: vi.fn(original.hashPassword) };
});
// Test files share their worker's modules (decision 055): the app a file before this one imported
// holds the real hashPassword, so the modules are loaded again here, the spy in place of it.
vi.resetModules();
const { hashPassword } = await import('../../lib/auth.js');
const { createLibrary, makeJpeg } = await import('../../seed/factories.js');
const { ENGINES, createTestApp, registerLibraryRequest } = await import('../../test/harness.js');

describe.each(ENGINES)('registration work on %s', (engine) => {
  let t: TestApp;
  let logo: Buffer;
  beforeAll(async () => {
    t = await createTestApp(engine);
    logo = await makeJpeg('L', { width: 40, height: 40 });
  });
  afterAll(() => t.close());

  it('hashes the password once whether or not the e-mail is already registered', async () => {
    const existing = await createLibrary(t.ctx);
    const counted = async (email: string) => {
      vi.mocked(hashPassword).mockClear();
      const reply = await registerLibraryRequest(t.app, email, logo);
      expect([reply.statusCode, reply.json().message]).toEqual([200, 'A 6-digit verification code has been sent to your e-mail']);
      return vi.mocked(hashPassword).mock.calls.length;
    };
    expect(await counted(`new-${engine}@example.test`)).toBe(1);
    expect(await counted(existing.email)).toBe(1);
  });
});
