import { useEffect, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@jsbn/shared/core';

/** The value, updated only after it stopped changing for `delay` ms (search boxes: 500 ms). */
export function useDebounce<T>(value: T, delay = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}
