/**
 * Scans waiting on the phone (decision 075): a copy added while the phone has no connection is
 * kept in IndexedDB (`idb-keyval`) with an id of its own, and sent when the connection returns
 * (the 'online' event) and on the scan page's load — each with its id as the add's `request_id`,
 * so a scan sent twice (a reply lost on the way, two tabs) is still one copy. A scan the server
 * refuses (the book unknown, the accession number taken) leaves the queue and is shown.
 */
import { useCallback, useEffect, useState } from 'react';
import { createStore, del, entries, set, type UseStore } from 'idb-keyval';
import { holdingEndpoints } from '@jsbn/shared/core';
import type { AddHoldingInput } from '@jsbn/shared';
import { ApiError, call } from '../../../api/client';

/** A scan kept to be sent: the add's body, whose account queued it, and when. */
export interface QueuedScan {
  request_id: string;
  /** The account that queued it: only its own session sends it (a phone may be shared). */
  account_id: number;
  code: string;
  body: AddHoldingInput;
  queued_at: string;
}

/** A scan the server refused, with its message. */
export interface RefusedScan {
  code: string;
  message: string;
}

let store: UseStore | null = null;
const scans = () => (store ??= createStore('jsbn-scans', 'waiting'));

/** Keeps `scan` to be sent; its `request_id` is its key. */
export async function queueScan(scan: QueuedScan): Promise<void> {
  await set(scan.request_id, scan, scans());
}

/** The scans account `accountId` has waiting, oldest first. */
export async function waitingScans(accountId: number): Promise<QueuedScan[]> {
  const all = (await entries<string, QueuedScan>(scans())).map(([, scan]) => scan);
  return all.filter((scan) => scan.account_id === accountId).sort((a, b) => a.queued_at.localeCompare(b.queued_at));
}

let sending: Promise<RefusedScan[]> | null = null;

/**
 * Sends account `accountId`'s waiting scans, one after another, once at a time in this page;
 * each sent or refused leaves the queue; a failed connection stops the round (the rest wait).
 * @returns the scans the server refused
 */
export function sendWaitingScans(accountId: number): Promise<RefusedScan[]> {
  sending ??= (async () => {
    const refused: RefusedScan[] = [];
    try {
      for (const scan of await waitingScans(accountId)) {
        if (!navigator.onLine) break;
        try {
          await call(holdingEndpoints.add, { body: { ...scan.body, request_id: scan.request_id } });
        } catch (error) {
          // no connection after all: the scan waits for the next round
          if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) break;
          refused.push({ code: scan.code, message: error.details[0]?.message ?? error.message });
        }
        await del(scan.request_id, scans());
      }
    } finally {
      sending = null;
    }
    return refused;
  })();
  return sending;
}

/**
 * The scan page's queue for account `accountId`: how many scans wait, `queue(scan)` to keep one,
 * the scans refused, and the sending — at once, when the connection returns, and when `queue`
 * is called online. `onSent` runs after each round that sent something.
 */
export function useScanQueue(accountId: number | undefined, onSent: () => void) {
  const [waiting, setWaiting] = useState(0);
  const [refused, setRefused] = useState<RefusedScan[]>([]);
  const count = useCallback(async () => {
    if (accountId !== undefined) setWaiting((await waitingScans(accountId)).length);
  }, [accountId]);
  const send = useCallback(async () => {
    if (accountId === undefined || !navigator.onLine) return;
    const before = (await waitingScans(accountId)).length;
    if (before === 0) return;
    const failed = await sendWaitingScans(accountId);
    if (failed.length > 0) setRefused((shown) => [...shown, ...failed]);
    await count();
    onSent();
  }, [accountId, count, onSent]);
  useEffect(() => {
    void count().then(send);
    const online = () => void send();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [count, send]);
  const queue = useCallback(
    async (scan: QueuedScan) => {
      await queueScan(scan);
      await count();
    },
    [count],
  );
  return { waiting, refused, queue, send };
}
