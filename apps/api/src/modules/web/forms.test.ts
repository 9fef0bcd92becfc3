/**
 * The login page and its form without the app (decision 066), on the small built app of
 * test/web-dist.ts (its server render shows the login page's address and the form reply it was
 * rendered with): the page rendered on the server; the form posted urlencoded signs in with the
 * same cookie the app keeps and goes on to a return address of this site only; a wrong password
 * renders the page again with the API's message in the visitor's language; a post from another
 * site is refused; no answer to a post is cached.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLibrary } from '../../seed/factories.js';
import { ENGINES, createTestApp, type TestApp } from '../../test/harness.js';
import { builtApp } from '../../test/web-dist.js';
import { FORM_REPLY_CACHE } from './forms.js';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe.each(ENGINES)('the login form without the app on %s', (engine) => {
  let t: TestApp;
  let dist: string;
  let library: Awaited<ReturnType<typeof createLibrary>>;
  const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/login', headers: { ...FORM, ...headers }, payload: form(fields) });

  beforeAll(async () => {
    dist = builtApp();
    t = await createTestApp(engine, {}, dist);
    library = await createLibrary(t.ctx, { name: 'Shri Gyan Bhandar' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(join(dist, '..'), { recursive: true, force: true });
  });

  it('renders /login on the server, with its tab and return address, never cached for others', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/login?as=library&next=%2Fjsbn%2FAHMJS-00006-P' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(page.body).toContain('<div id="root" data-server-made>');
    expect(page.body).toContain('data-url="/login?as=library&amp;next=%2Fjsbn%2FAHMJS-00006-P"');
  });

  it('signs in: 303 to the return address with the session cookie, not cached', async () => {
    const next = '/publisher-wise-books/7?book=AHMJS-00006-P&confirm=1';
    const reply = await post(
      { email: library.email, password: library.password, modelType: 'LIBRARY', next },
      { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
    );
    expect(reply.statusCode, reply.body).toBe(303);
    expect(reply.headers.location).toBe(next);
    expect(reply.headers['cache-control']).toBe(FORM_REPLY_CACHE);
    const cookie = String(reply.headers['set-cookie']);
    expect(cookie).toMatch(/^jsbn_session=[\w.~-]+; Path=\/; Max-Age=604800; SameSite=Lax$/);
    // the cookie signs the library's pages in: /login now goes straight on
    const again = await t.app.inject({
      method: 'GET',
      url: `/login?next=${encodeURIComponent('/orders')}`,
      headers: { cookie: cookie.split(';')[0]! },
    });
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe('/orders');
  });

  it('goes home instead of to another site', async () => {
    for (const next of ['//evil.example', 'https://evil.example/', '/\\evil.example', 'evil']) {
      const reply = await post({ email: library.email, password: library.password, modelType: 'library', next });
      expect(reply.statusCode).toBe(303);
      expect(reply.headers.location).toBe('/');
    }
    const none = await post({ email: library.email, password: library.password, modelType: 'LIBRARY' });
    expect(none.headers.location).toBe('/');
  });

  it("renders the page again on a wrong password, with the message in the visitor's language", async () => {
    const reply = await post(
      { email: library.email, password: 'Wrong@1234', modelType: 'LIBRARY', next: '/jsbn/AHMJS-00006-P' },
      { cookie: 'jsbn_language=gu' },
    );
    expect(reply.statusCode).toBe(401);
    expect(reply.headers['cache-control']).toBe(FORM_REPLY_CACHE);
    expect(reply.headers['set-cookie']).toBeUndefined();
    expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(reply.body).toContain('<html lang="gu"');
    expect(reply.body).toContain('<p role="alert" data-form-error>ઈ-મેઇલ કે પાસવર્ડ ખોટો છે</p>');
    // the e-mail stays filled in, the password never goes back; the page keeps its tab and return address
    expect(reply.body).toContain(`<input name="email" value="${library.email}">`);
    expect(reply.body).not.toContain('Wrong@1234');
    expect(reply.body).toContain('data-url="/login?as=library&amp;next=%2Fjsbn%2FAHMJS-00006-P"');

    const english = await post({ email: library.email, password: 'Wrong@1234', modelType: 'LIBRARY' });
    expect(english.statusCode).toBe(401);
    expect(english.body).toContain('<p role="alert" data-form-error>Invalid email or password</p>');
  });

  it('refuses a post from another site: 403, nobody signed in', async () => {
    const fields = { email: library.email, password: library.password, modelType: 'LIBRARY', next: '/orders' };
    const crossSite: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
    ];
    for (const headers of crossSite) {
      const reply = await post(fields, headers);
      expect(reply.statusCode).toBe(403);
      expect(reply.headers['set-cookie']).toBeUndefined();
      expect(reply.headers['cache-control']).toBe(FORM_REPLY_CACHE);
      expect(reply.body).toBe('This form can only be sent from this site.');
    }
  });

  it('takes urlencoded bodies on the form routes only, not on the API', async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: FORM,
      payload: form({ email: library.email, password: library.password, modelType: 'LIBRARY' }),
    });
    expect(reply.statusCode).toBe(415);
  });
});
