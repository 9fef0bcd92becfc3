/**
 * The operators' dashboard (GET /api/operator/dashboard, decision 041): the five queues of the
 * back office, each with how many items wait and since when.
 */
import { z } from 'zod';

/** The queues of the dashboard, in the order of its tiles. */
export const OPERATOR_QUEUES = ['publishers', 'claims', 'reports', 'duplicates', 'failures'] as const;
export type OperatorQueue = (typeof OPERATOR_QUEUES)[number];

/** One queue: how many items wait, and the oldest one's time (ISO 8601) and age in seconds; nulls when none waits. */
export const operatorQueueCount = z.object({
  count: z.number().int(),
  oldestAt: z.string().nullable(),
  oldestAgeSeconds: z.number().int().nullable(),
});
export type OperatorQueueCount = z.infer<typeof operatorQueueCount>;

/** GET /api/operator/dashboard → data. */
export const operatorDashboard = z.object({
  /** Publishers whose verification is NEW or ASKED, oldest by registration. */
  publishers: operatorQueueCount,
  /** Claims of imported publishers neither approved nor refused. */
  claims: operatorQueueCount,
  /** Reports about books still OPEN. */
  reports: operatorQueueCount,
  /** Possible duplicate books still OPEN. */
  duplicates: operatorQueueCount,
  /** Messages the outbox gave up on (status failed) and background jobs that failed for good; the sum is `count`. */
  failures: operatorQueueCount.extend({ undeliveredMessages: z.number().int(), failedJobs: z.number().int() }),
});
export type OperatorDashboard = z.infer<typeof operatorDashboard>;
