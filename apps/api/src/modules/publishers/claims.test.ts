/**
 * The claim of an imported publisher account (publishers/claims.ts): the real
 * publisher asks, support approves by the signed link it is e-mailed, the claimant sets a
 * password through the link it is then sent, and logs in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@jsbn/shared';
import { accountEndpoints, publisherEndpoints } from '@jsbn/shared/core';
import { createPublisher } from '../../seed/factories.js';
import { ENGINES, createTestApp, outboxTo, type TestApp } from '../../test/harness.js';
import { inject } from '../../test/inject.js';
import { importCatalogue } from '../books/import.js';

describe.each(ENGINES)('claims of imported publisher accounts on %s', (engine) => {
  let t: TestApp;
  let publisherId: number;
  beforeAll(async () => {
    t = await createTestApp(engine);
    await importCatalogue(t.ctx, [
      {
        source_id: 'claim:1',
        title: 'ઉપદેશમાળા',
        title_en: 'Updeshmala',
        publisher: 'Shrutgyan Prakashan Palitana',
        language: 'Gujarati',
        year: 1960,
        pages: 120,
      },
    ]);
    const listed = await inject(t.app, publisherEndpoints.list, { query: { queryString: 'Shrutgyan' } });
    publisherId = listed.json().data.publishers[0].id;
  });
  afterAll(() => t.close());

  const outbox = (to: string) => outboxTo(t.app, to);
  const claim = {
    fullName: 'Hitesh Shah',
    email: 'Trustee@Shrutgyan.example',
    contact: '9825012345',
    message: 'I am the trustee of Shrutgyan Prakashan and publish these books.',
  };

  it('takes the claim, lets support approve it once, and the claimant sets a password and logs in', async () => {
    const before = (await inject(t.app, publisherEndpoints.one, { params: { id: publisherId } })).json().data.publisher;
    expect([before.claimable, before.email]).toEqual([true, '']);

    const invalid = await inject(t.app, publisherEndpoints.claim, { params: { id: publisherId }, body: { ...claim, contact: '12' } });
    expect(invalid.json().details).toEqual([{ field: 'contact', message: MSG.contact10 }]);
    const sent = await inject(t.app, publisherEndpoints.claim, { params: { id: publisherId }, body: claim });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toBe('Thank you. We will check your claim and write to you at trustee@shrutgyan.example.');

    const [toSupport] = await outbox(t.ctx.config.SUPPORT_EMAIL);
    expect(toSupport!.subject).toMatch(/^JSBN: claim #\d+ of Shrutgyan Prakashan Palitana \([A-Z0-9]{5}\)$/);
    const approve = new URL(toSupport!.link!);
    expect(approve.pathname).toMatch(/^\/api\/publisher\/claims\/\d+\/approve$/);
    // one character of the signature changed (to one it is not: a fixed 'x' left 1 in 64 signatures as they were)
    const signature = approve.searchParams.get('signature')!;
    const altered = `${approve.pathname}?expires=${approve.searchParams.get('expires')}&signature=${signature.startsWith('x') ? 'y' : 'x'}${signature.slice(1)}`;
    expect((await t.app.inject({ method: 'GET', url: altered })).statusCode).toBe(403);

    // opening the link (as a mail scanner would) shows the claim and changes nothing; its button approves
    const shown = await t.app.inject({ method: 'GET', url: `${approve.pathname}${approve.search}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(shown.body).toContain(
      'Hitesh Shah (trustee@shrutgyan.example, +91 9825012345) asks for the account of Shrutgyan Prakashan Palitana',
    );
    expect(shown.body).toContain('<button type="submit">Approve this claim</button>');
    expect((await inject(t.app, publisherEndpoints.one, { params: { id: publisherId } })).json().data.publisher.claimable).toBe(true);
    const action = /<form method="post" action="([^"]+)">/.exec(shown.body)![1]!.replace(/&amp;/g, '&');
    const approved = await t.app.inject({
      method: 'POST',
      url: action,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.body).toContain('The account now belongs to trustee@shrutgyan.example');
    expect(
      (await t.app.inject({ method: 'POST', url: action, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' }))
        .statusCode,
    ).toBe(409);
    expect((await t.app.inject({ method: 'GET', url: `${approve.pathname}${approve.search}` })).statusCode).toBe(409);

    const [reset] = await outbox('trustee@shrutgyan.example');
    const token = new URL(reset!.link!).searchParams.get('token')!;
    expect((await inject(t.app, accountEndpoints.resetPassword, { body: { token, password: 'Shrutgyan@2026' } })).statusCode).toBe(200);
    const login = await inject(t.app, accountEndpoints.login, {
      body: { email: 'trustee@shrutgyan.example', password: 'Shrutgyan@2026', modelType: 'PUBLISHER' },
    });
    expect(login.statusCode).toBe(200);

    const after = (await inject(t.app, publisherEndpoints.one, { params: { id: publisherId } })).json().data.publisher;
    expect([after.claimable, after.email]).toEqual([false, 'trustee@shrutgyan.example']);
    // a taken account is claimed no more
    const again = await inject(t.app, publisherEndpoints.claim, { params: { id: publisherId }, body: claim });
    expect([again.statusCode, again.json().message]).toEqual([409, 'This publisher already manages its own account']);
  });

  it('refuses a claim of a registered publisher or of no publisher', async () => {
    const registered = await createPublisher(t.ctx);
    const own = await inject(t.app, publisherEndpoints.claim, { params: { id: registered.publisherId }, body: claim });
    expect([own.statusCode, own.json().message]).toEqual([409, 'This publisher already manages its own account']);
    expect((await inject(t.app, publisherEndpoints.claim, { params: { id: 999999 }, body: claim })).statusCode).toBe(404);
  });
});
