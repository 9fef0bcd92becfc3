/**
 * 'Who holds this' (decision 077) on a 390 × 844 phone: a visitor's book page shows no 'Read it
 * at' while the library keeps its holdings private; the library turns 'Show our holdings to
 * readers' on in its profile, with its opening hours and PIN code; the visitor's page of the book
 * (the cached, server-rendered one) then shows 'Read it at' the library, and its page lists the
 * book. Screenshots of both pages at 390 and 1366 px in en, gu and hi go to HOLDINGS_SHOTS
 * (default /tmp/i47public-shots).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import enBooks from '../apps/web/src/locales/en/books.json' with { type: 'json' };
import guBooks from '../apps/web/src/locales/gu/books.json' with { type: 'json' };
import hiBooks from '../apps/web/src/locales/hi/books.json' with { type: 'json' };
import enShelves from '../apps/web/src/locales/en/shelves.json' with { type: 'json' };
import { apiCall, apiToken } from './support/api.js';
import { newPage, useJourney } from './support/session.js';
import { PHONE, appLive, settle, signIn, toast } from './support/ui.js';

const LIBRARY = { email: 'library@demo.jsbn', password: 'Demo@1234' };
const SHOTS = process.env.HOLDINGS_SHOTS ?? '/tmp/i47public-shots';
const READ_AT = { en: enBooks.readAt.title, gu: guBooks.readAt.title, hi: hiBooks.readAt.title };

const journey = useJourney('failed-public-holdings-');

describe('who holds this, on a phone', () => {
  it('a visitor sees ‘Read it at’ the library after it shows its holdings, and not before', async () => {
    const base = journey.server.url;
    const token = await apiToken(base, LIBRARY, 'LIBRARY');
    const [book] = (await apiCall<{ books: { jsbn_number: string; book_title: string }[] }>(base, '/book?queryString=Kalpasutra&limit=10'))
      .data.books;
    expect(book).toBeDefined();
    const jsbn = book!.jsbn_number;
    // the library holds a copy on its shelves
    expect((await apiCall(base, '/library/holdings', { token, method: 'POST', body: { jsbn, place: 'Shelf A-3' } })).status).toBe(201);
    const { data: me } = await apiCall<{ libraryId: number }>(base, '/user/me', { token });
    const libraryId = me.libraryId;

    // before: the visitor's page names no library
    const visitor = await newPage(journey.browser, journey.contexts, { width: PHONE.width, locale: 'en-US' });
    await visitor.setViewportSize(PHONE);
    await visitor.goto(`${base}/jsbn/${jsbn}`);
    await visitor.getByTestId('book-summary').waitFor();
    expect(await visitor.getByRole('heading', { name: READ_AT.en }).count()).toBe(0);

    // the library turns the setting on in its profile
    const page = await newPage(journey.browser, journey.contexts, { width: PHONE.width, locale: 'en-US' });
    await page.setViewportSize(PHONE);
    await signIn(page, base, 'Library Login', LIBRARY);
    await page.goto(`${base}/edit-profile`);
    await page.getByRole('heading', { name: enShelves.public.title }).waitFor();
    await appLive(page);
    const form = page.getByTestId('public-holdings');
    await form.getByLabel(enShelves.public.show).check();
    await form.getByLabel(enShelves.public.hours).fill('Daily 9–12 and 4–7; closed on Mondays');
    await form.getByLabel(enShelves.public.pincode).fill('364270');
    await form.getByRole('button', { name: enShelves.public.save }).click();
    await toast(page, 'Readers now see the books on your shelves').waitFor();
    // its page for readers, now public
    const { status, data: shown } = await apiCall<{ library: { name: string } }>(base, `/library/${libraryId}/holdings`);
    expect(status).toBe(200);
    const library = shown.library;

    // after: the visitor's page (made again, as the setting changed) shows 'Read it at' the library
    mkdirSync(SHOTS, { recursive: true });
    for (const language of ['en', 'gu', 'hi'] as const) {
      await visitor.setViewportSize(PHONE);
      await visitor.goto(`${base}/jsbn/${jsbn}?lang=${language}`);
      const section = visitor.getByTestId('read-it-at');
      await section.getByRole('heading', { name: READ_AT[language] }).waitFor();
      await section.getByRole('link', { name: library.name, exact: true }).waitFor();
      await section.getByText('Daily 9–12 and 4–7; closed on Mondays', { exact: false }).waitFor();
      await settle(visitor);
      await section.scrollIntoViewIfNeeded();
      await visitor.screenshot({ path: join(SHOTS, `book-read-at-${language}-390.png`) });
      await visitor.setViewportSize({ width: 1366, height: 900 });
      await settle(visitor);
      await section.scrollIntoViewIfNeeded();
      await visitor.screenshot({ path: join(SHOTS, `book-read-at-${language}-1366.png`) });

      // the library's page lists the book
      await visitor.setViewportSize(PHONE);
      await visitor.goto(`${base}/libraries/${libraryId}?lang=${language}`);
      await visitor.getByRole('heading', { name: library.name, level: 1, exact: true }).waitFor();
      await visitor.getByRole('link', { name: book!.book_title }).first().waitFor();
      await settle(visitor);
      await visitor.screenshot({ path: join(SHOTS, `library-${language}-390.png`), fullPage: true });
      await visitor.setViewportSize({ width: 1366, height: 900 });
      await settle(visitor);
      await visitor.screenshot({ path: join(SHOTS, `library-${language}-1366.png`) });
    }

    // turned off again: the library leaves the page
    await apiCall(base, '/library/holdings/settings', { token, method: 'PUT', body: { holdings_public: false } });
    await visitor.setViewportSize(PHONE);
    await visitor.goto(`${base}/jsbn/${jsbn}?lang=en`);
    await visitor.getByTestId('book-summary').waitFor();
    expect(await visitor.getByTestId('read-it-at').count()).toBe(0);
  });
});
