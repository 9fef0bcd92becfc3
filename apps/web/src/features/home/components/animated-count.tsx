import { useEffect, useState } from 'react';
import { COUNTER_ANIMATION_MS } from '@jsbn/shared/core';

const DURATION_MS = COUNTER_ANIMATION_MS;
/** Counts are grouped the Indian way (1,23,456) in Latin digits, in every interface language. */
const counts = new Intl.NumberFormat('en-IN');

/** Counts from zero up to `value` over 0.7 s; ends on the exact number. */
export function AnimatedCount({ value, testId }: { value: number; testId: string }) {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (!value || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) {
      const frame = requestAnimationFrame(() => setShown(value));
      return () => cancelAnimationFrame(frame);
    }
    const start = performance.now();
    let frame = 0;
    const tick = (now: number) => {
      const progress = Math.min(1, (now - start) / DURATION_MS);
      setShown(progress >= 1 ? value : Math.round(value * progress));
      if (progress < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [value]);
  return (
    <span data-testid={testId} data-value={value}>
      {counts.format(shown)}
    </span>
  );
}
