/**
 * Logging out ends the session on the server (decision 063): a token copied before 'log out'
 * gets 401 after it, as the bearer of an API call and as the `jsbn_session` cookie of a page.
 */
import { accountEndpoints } from '@jsbn/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLibrary } from '../../seed/factories.js';
import { ENGINES, authHeader, createTestApp, type TestApp } from '../../test/harness.js';
import { inject } from '../../test/inject.js';
import { builtApp } from '../../test/web-dist.js';

describe.each(ENGINES)('logout on %s', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(engine, {}, builtApp());
  });
  afterAll(() => t.close());

  it('makes a token copied before it answer 401 as the bearer and render the shell as the cookie', async () => {
    const library = await createLibrary(t.ctx, { name: 'Shri Logout Bhandar' });
    const bearer = await authHeader(t.app, library, 'LIBRARY');
    const cookie = `jsbn_session=${bearer.authorization.slice('Bearer '.length)}`;
    expect((await inject(t.app, accountEndpoints.me, { headers: bearer })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/orders', headers: { cookie } })).body).toContain(
      '<p data-rendered-for="Shri Logout Bhandar"',
    );

    const out = await inject(t.app, accountEndpoints.logout, { headers: bearer });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toMatchObject({ statusCode: 200, message: 'Logged out' });
    expect(out.headers['set-cookie']).toBe('jsbn_session=; Path=/; Max-Age=0; SameSite=Lax');

    const me = await inject(t.app, accountEndpoints.me, { headers: bearer });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toMatchObject({ message: 'Your session has expired. Please log in again.' });
    const page = await t.app.inject({ method: 'GET', url: '/orders', headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
    expect(page.body).not.toContain('Shri Logout Bhandar');
    expect((await inject(t.app, accountEndpoints.logout, { headers: bearer })).statusCode).toBe(401);

    // logging in again starts a new session
    const again = await authHeader(t.app, library, 'LIBRARY');
    expect((await inject(t.app, accountEndpoints.me, { headers: again })).statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const anonymous = await inject(t.app, accountEndpoints.logout);
    expect(anonymous.statusCode).toBe(401);
  });
});
