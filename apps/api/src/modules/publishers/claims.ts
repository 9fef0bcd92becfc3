/**
 * Claims of imported publisher accounts (decision 014). The importer makes an account
 * per publisher with a placeholder e-mail nobody reads. The real publisher asks for it from the
 * publisher's page; support gets the claim by e-mail with a signed link, valid 7 days; opening it
 * gives the account the claimant's e-mail and sends the claimant a link to set a password (the
 * reset flow), after which the publisher logs in as any other.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { PublisherClaimRequest } from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { accounts, publisher_claims, publishers } from '../../db/schema.js';
import { record, type AuditActor } from '../../lib/audit.js';
import { AppError, notFound } from '../../lib/errors.js';
import { enqueueMessage } from '../../lib/outbox.js';
import { forgotPassword } from '../auth/service.js';
import { isImportedEmail } from './service.js';

/** How long support's approval link works, ms. */
export const CLAIM_LINK_TTL_MS = 7 * 24 * 60 * 60_000;

/** What the claimant reads after sending a claim. */
export const claimReceivedMessage = (email: string) => `Thank you. We will check your claim and write to you at ${email}.`;

function signature(ctx: AppContext, claimId: number, expires: number): string {
  return createHmac('sha256', ctx.secrets.fileSigningSecret).update(`claim\n${claimId}\n${expires}`).digest('base64url');
}

/** The publisher's account if it is an imported one nobody has taken yet. @throws 404, 409 */
async function claimableAccount(
  ctx: AppContext,
  publisherId: number,
): Promise<{ accountId: number; publisher_name: string; publisher_no: string }> {
  const [row] = await ctx.db
    .select({
      accountId: accounts.id,
      email: accounts.email,
      publisher_name: publishers.publisher_name,
      publisher_no: publishers.publisher_no,
    })
    .from(publishers)
    .innerJoin(accounts, eq(accounts.id, publishers.account_id))
    .where(eq(publishers.id, publisherId));
  if (!row) throw notFound('Publisher');
  if (!isImportedEmail(row.email)) throw new AppError('CONFLICT', 'This publisher already manages its own account');
  return row;
}

/**
 * Records a claim of an imported publisher account and e-mails support the approval link
 * (POST /publisher/:id/claim).
 * @returns the message for the claimant
 * @throws AppError 404 unknown publisher; 409 when the account is not an imported one
 */
export async function claimPublisher(ctx: AppContext, publisherId: number, input: PublisherClaimRequest): Promise<string> {
  const publisher = await claimableAccount(ctx, publisherId);
  await ctx.db.transaction(async (tx) => {
    const [claim] = await tx
      .insert(publisher_claims)
      .values({
        publisher_id: publisherId,
        full_name: input.fullName,
        email: input.email.toLowerCase(),
        contact: input.contact,
        message: input.message,
      })
      .returning({ id: publisher_claims.id });
    const expires = ctx.clock().getTime() + CLAIM_LINK_TTL_MS;
    const link = `${ctx.config.publicUrl}/api/publisher/claims/${claim!.id}/approve?expires=${expires}&signature=${signature(ctx, claim!.id, expires)}`;
    await enqueueMessage(tx, {
      channel: 'email',
      to: ctx.config.SUPPORT_EMAIL,
      subject: `JSBN: claim #${claim!.id} of ${publisher.publisher_name} (${publisher.publisher_no})`,
      text: `${input.fullName} (${input.email}, +91 ${input.contact}) asks for the imported account of ${publisher.publisher_name} (${publisher.publisher_no}):\n\n${input.message}\n\nIf the claim is genuine, open this link within 7 days to give the account their e-mail and send them a link to set a password:\n\n${link}`,
      link,
    });
  });
  return claimReceivedMessage(input.email.toLowerCase());
}

/**
 * The claim support's signed link names, still waiting for approval, with its publisher
 * (GET /publisher/claims/:id/approve shows it; a mail scanner that opens the link changes nothing).
 * @throws AppError 403 altered or expired link; 404 unknown claim; 409 approved already, or the
 *   account is no longer an imported one
 */
export async function claimOfLink(ctx: AppContext, claimId: number, query: { expires?: string; signature?: string }) {
  const expires = Number(query.expires);
  const expected = Buffer.from(signature(ctx, claimId, expires));
  const given = Buffer.from(query.signature ?? '');
  if (!Number.isFinite(expires) || expected.length !== given.length || !timingSafeEqual(expected, given))
    throw new AppError('FORBIDDEN', 'This approval link is not valid');
  if (expires < ctx.clock().getTime()) throw new AppError('FORBIDDEN', 'This approval link has expired');
  const [claim] = await ctx.db.select().from(publisher_claims).where(eq(publisher_claims.id, claimId));
  if (!claim) throw notFound('Claim');
  if (claim.approved_at) throw new AppError('CONFLICT', 'This claim was approved already');
  if (claim.refused_at) throw new AppError('CONFLICT', 'This claim was refused');
  return { claim, ...(await claimableAccount(ctx, claim.publisher_id)) };
}

/**
 * Approves a claim (POST /publisher/claims/:id/approve, the button of the page support's signed
 * link opens): the account takes the claimant's e-mail and the claimant gets the link to set a password.
 * @returns the claimant's e-mail
 * @throws as `claimOfLink`; AppError 409 when the e-mail has a publisher account
 */
export async function approveClaim(ctx: AppContext, claimId: number, query: { expires?: string; signature?: string }): Promise<string> {
  await claimOfLink(ctx, claimId, query);
  return approveClaimNow(ctx, claimId, VISITOR_WITH_LINK);
}

/** Who approves through support's signed link: whoever holds it (the link is the authority). */
const VISITOR_WITH_LINK: AuditActor = { accountId: null, role: 'VISITOR' };

/**
 * Approves a claim, by support's signed link (`approveClaim`) or by an operator from the claims
 * queue (POST /operator/claims/:id/approve, decision 043): the same effect, on the record.
 * @returns the claimant's e-mail
 * @throws AppError 404 unknown claim; 409 approved or refused already, the account no longer an
 *   imported one, or the e-mail has a publisher account
 */
export async function approveClaimNow(ctx: AppContext, claimId: number, actor: AuditActor): Promise<string> {
  const [claim] = await ctx.db.select().from(publisher_claims).where(eq(publisher_claims.id, claimId));
  if (!claim) throw notFound('Claim');
  if (claim.approved_at) throw new AppError('CONFLICT', 'This claim was approved already');
  if (claim.refused_at) throw new AppError('CONFLICT', 'This claim was refused');
  const { accountId } = await claimableAccount(ctx, claim.publisher_id);
  await ctx.db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.email, claim.email), eq(accounts.role, 'PUBLISHER'), ne(accounts.id, accountId)));
    if (taken) throw new AppError('CONFLICT', `${claim.email} already has a publisher account`);
    const approved = await tx
      .update(publisher_claims)
      .set({ approved_at: ctx.clock() })
      .where(and(eq(publisher_claims.id, claimId), isNull(publisher_claims.approved_at), isNull(publisher_claims.refused_at)))
      .returning({ id: publisher_claims.id });
    if (!approved.length) throw new AppError('CONFLICT', 'This claim was approved already');
    const [before] = await tx.select({ email: accounts.email }).from(accounts).where(eq(accounts.id, accountId));
    await tx.update(accounts).set({ email: claim.email, updated_at: ctx.clock() }).where(eq(accounts.id, accountId));
    // the account's e-mail changes hands and the claim is decided, by whoever approved it (decision 042)
    await record(
      tx,
      {
        actor,
        subject: 'account',
        subjectId: accountId,
        action: 'claim approved',
        changes: { email: [before?.email ?? null, claim.email] },
        reason: `claim ${claimId}`,
      },
      { actor, subject: 'claim', subjectId: claimId, action: 'approved', changes: { approved_at: [null, ctx.clock().toISOString()] } },
    );
  });
  await forgotPassword(ctx, { email: claim.email, modelType: 'PUBLISHER' });
  return claim.email;
}
