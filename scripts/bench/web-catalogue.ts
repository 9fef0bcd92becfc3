/**
 * What the browser benchmarks (`bench:web`, `bench:start`) render their pages from: six Gujarati
 * books of one publisher in an app listening on 127.0.0.1, and a library signed in through the
 * real login (its token and the `/api/user/me` reply the web app keeps in localStorage).
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { formatJsbn } from '@jsbn/shared';
import { createBook, createLibrary, createPublisher } from '@jsbn/api/factories';
import type { buildApp } from '@jsbn/api/app';

type AppContext = Awaited<ReturnType<typeof buildApp>>['ctx'];

/** The publisher's id and its first book's JSBN as a page's address writes it. */
export async function benchBooks(ctx: AppContext): Promise<{ publisherId: number; jsbn: string }> {
  const publisher = await createPublisher(ctx, { publisher_no: 'BENCH', publisher_name: 'શ્રી જિનશાસન આરાધના ટ્રસ્ટ' });
  let jsbn = '';
  for (let i = 0; i < 6; i += 1) {
    const book = await createBook(ctx, publisher.publisherId, {
      book_title: `શ્રી ક્ષમાપના સૂત્ર ${i + 1}`,
      book_e_title: `Shri Kshamapana Sutra ${i + 1}`,
    });
    jsbn ||= formatJsbn(book.jsbn_number);
  }
  return { publisherId: publisher.publisherId, jsbn };
}

/** Starts `app` on a free port of 127.0.0.1; its origin (`http://127.0.0.1:<port>`). */
export async function listenLocally(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** A new library signed in at `origin` by `POST /api/user/login`: its access token and `userData` (JSON) as the app keeps them. */
export async function signedInLibrary(ctx: AppContext, origin: string): Promise<{ token: string; user: string }> {
  const library = await createLibrary(ctx);
  const login = await fetch(`${origin}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: library.email, password: library.password, modelType: 'LIBRARY' }),
  });
  const token = ((await login.json()) as { data: { accessToken: { access_token: string } } }).data.accessToken.access_token;
  const me = (await (await fetch(`${origin}/api/user/me`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: unknown };
  return { token, user: JSON.stringify(me.data) };
}
