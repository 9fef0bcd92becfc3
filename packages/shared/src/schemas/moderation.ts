/**
 * The operators' moderation (decision 043): withdrawing and reinstating books, suspending and
 * lifting accounts, the publishers' verification queue with its thread, and the claims queue.
 * Requests and replies of `/api/operator/...` and the publisher's `/api/publisher/messages`.
 */
import { z } from 'zod';
import { optionalText, requiredText } from './common.js';
import { cityNames } from './replies.js';

const int = z.number().int();
const text = z.string();
const timestamp = z.string();

/** The publishers' verification states (migration 0022). */
export const VERIFICATION_STATES = ['NEW', 'ASKED', 'VERIFIED', 'REJECTED'] as const;
export type VerificationState = (typeof VERIFICATION_STATES)[number];

/** Why an operator acts: shown to the public (a withdrawal) or to the account (a suspension), and on the record. */
export const moderationReason = z.object({ reason: requiredText('Reason is required', 500, 'multi') });
export type ModerationReason = z.infer<typeof moderationReason>;

/** POST /api/operator/books/:id/withdraw: why, and the JSBN of the book it duplicates when that is why. */
export const withdrawBookRequest = moderationReason.extend({ duplicate_of_jsbn: optionalText(40, 'JSBN of the other book') });
export type WithdrawBookRequest = z.infer<typeof withdrawBookRequest>;

/** POST /api/operator/publishers/:id/ask: the question the publisher is sent. */
export const askPublisherRequest = z.object({ question: requiredText('Question is required', 2000, 'multi') });
export type AskPublisherRequest = z.infer<typeof askPublisherRequest>;

/** POST /api/publisher/messages: the publisher's answer. */
export const publisherMessageRequest = z.object({ body: requiredText('Answer is required', 2000, 'multi') });
export type PublisherMessageRequest = z.infer<typeof publisherMessageRequest>;

/** GET /api/operator/publishers?verification=NEW|ASKED|VERIFIED|REJECTED (NEW when not given). */
export const verificationQueueQuery = z.object({ verification: z.enum(VERIFICATION_STATES).default('NEW') });

/** GET /api/operator/books?jsbn=…: the operator's look-up of a book by its JSBN. */
export const operatorBookQuery = z.object({ jsbn: requiredText('JSBN is required', 40) });

/** One message of a publisher's thread with the operators. */
export const threadMessage = z.object({ id: int, from_role: z.enum(['OPERATOR', 'PUBLISHER']), body: text, created_at: timestamp });
export type ThreadMessage = z.infer<typeof threadMessage>;

/**
 * A publisher in the verification queue: what an operator checks (logo, address, GST number,
 * e-mail confirmed, books), its registration date and thread.
 */
export const verificationItem = z.object({
  id: int,
  publisher_no: text,
  publisher_name: text,
  publisher_type: text,
  /** The logo's address, or null without one. */
  logo: z.string().nullable(),
  gst_no: z.string().nullable(),
  /** Its newest books (at most 5), to open and check. */
  books: z.array(z.object({ jsbn_number: text, book_title: text })),
  email: text,
  /** When its e-mail was confirmed by the code sent to it: the queue lists confirmed registrations only. */
  email_verified_at: timestamp,
  mobile_no: z.string().nullable(),
  whatsapp_no: z.string().nullable(),
  address: z.string().nullable(),
  /** A town or village typed beside the district (`city_name`), decision 072. */
  town: z.string().nullable(),
  city_name: text,
  city_names: cityNames.nullable(),
  state_name: text,
  books_count: int,
  registered_at: timestamp,
  verification: z.enum(VERIFICATION_STATES),
  verified: z.boolean(),
  suspended_at: timestamp.nullable(),
  suspended_reason: z.string().nullable(),
  /** The last message of the thread is the publisher's: a question asked was answered. */
  answered: z.boolean(),
  thread: z.array(threadMessage),
});
export type VerificationItem = z.infer<typeof verificationItem>;
export const verificationQueue = z.object({ publishers: z.array(verificationItem) });

/** GET /api/publisher/messages: the publisher's thread and its verification state. */
export const publisherThread = z.object({
  verification: z.enum(VERIFICATION_STATES),
  verified: z.boolean(),
  thread: z.array(threadMessage),
});
export type PublisherThread = z.infer<typeof publisherThread>;

/** A claim in the operators' queue, with the evidence the claimant sent. */
export const claimItem = z.object({
  id: int,
  publisher_id: int,
  publisher_no: text,
  publisher_name: text,
  full_name: text,
  email: text,
  contact: text,
  /** The claimant's evidence (their message). */
  message: text,
  status: z.enum(['PENDING', 'APPROVED', 'REFUSED']),
  created_at: timestamp,
  approved_at: timestamp.nullable(),
  refused_at: timestamp.nullable(),
  refused_reason: z.string().nullable(),
});
export type ClaimItem = z.infer<typeof claimItem>;
export const claimQueue = z.object({ claims: z.array(claimItem) });

/** A book as the operator finds it by JSBN (to withdraw or reinstate it). */
export const operatorBook = z.object({
  id: int,
  jsbn_number: text,
  book_title: text,
  publisher_id: int,
  publisher_name: text,
  withdrawn_at: timestamp.nullable(),
  withdrawn_reason: z.string().nullable(),
  see_jsbn: z.string().nullable(),
});
export type OperatorBook = z.infer<typeof operatorBook>;
