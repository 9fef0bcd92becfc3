/**
 * An operator's authenticator codes guessed from many addresses (decision 063): 10 wrong codes
 * an hour across every address lock the second factor for the rest of the hour and e-mail the
 * operator once; a try from an unknown address is given back only once the second factor passes.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountEndpoints } from '@jsbn/shared/core';
import { outbox } from '../../db/schema.js';
import { totpCodeAt } from '../../lib/totp.js';
import { TEST_TOTP_SECRET, createOperator } from '../../seed/factories.js';
import { ENGINES, createTestApp, type TestApp } from '../../test/harness.js';
import { inject } from '../../test/inject.js';

/** A code of an hour ago: wrong now. */
const wrongCode = () => totpCodeAt(TEST_TOTP_SECRET, new Date(Date.now() - 3_600_000));

describe.each(ENGINES)('the second factor under guessing on %s', (engine) => {
  let t: TestApp;
  let address = 0;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const login = async (operator: { email: string; password: string }, totp: string) =>
    inject(t.app, accountEndpoints.login, {
      remoteAddress: `10.43.0.${++address}`,
      body: { email: operator.email, password: operator.password, modelType: 'OPERATOR', totp },
    });
  const lockMails = (email: string) =>
    t.ctx.db
      .select({ subject: outbox.subject, body: outbox.body })
      .from(outbox)
      .where(and(eq(outbox.recipient, email), eq(outbox.subject, 'JSBN: sign-in with your authenticator locked for an hour')));

  it('locks after 10 wrong codes from 10 addresses, refuses the right code then, and e-mails the operator once', async () => {
    const operator = await createOperator(t.ctx);
    for (let i = 0; i < 10; i++) expect((await login(operator, await wrongCode())).statusCode).toBe(401);
    const locked = await login(operator, await totpCodeAt(TEST_TOTP_SECRET, t.ctx.clock()));
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(
      'Too many wrong authenticator codes for this account: its sign-in is locked for an hour and the account has been e-mailed',
    );
    expect((await login(operator, await wrongCode())).statusCode).toBe(429);
    const mails = await lockMails(operator.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain(`then 10 wrong authenticator codes within an hour. Sign-in to ${operator.email} is locked until`);
  });

  it('keeps the unknown-address try of a right password until the code is right', async () => {
    const operator = await createOperator(t.ctx);
    // 99 of the 100 failures an hour from unknown addresses are used up
    await t.ctx.limits.consume('loginFailuresPerAccountFromUnknownAddresses', `OPERATOR:${operator.email}`, 99);
    expect((await login(operator, await wrongCode())).statusCode).toBe(401);
    // the right password with a wrong code did not give its try back: the next is refused
    expect((await login(operator, await wrongCode())).statusCode).toBe(429);
  });
});
