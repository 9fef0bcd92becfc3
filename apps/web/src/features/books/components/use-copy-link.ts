import { useCallback, useEffect, useRef, useState } from 'react';
import { copyText } from '../../../components/clipboard';

/** 'Link copied' shows this long (packages/shared/src/constants.ts). */
export const LINK_COPIED_MS = 3000;

/** Copies an absolute link and remembers which one for 3 s. */
export function useCopyLink() {
  const [copied, setCopied] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const copy = useCallback(async (key: string, url: string) => {
    await copyText(new URL(url, window.location.origin).href);
    setCopied(key);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setCopied(null), LINK_COPIED_MS);
  }, []);
  return { copied, copy };
}
