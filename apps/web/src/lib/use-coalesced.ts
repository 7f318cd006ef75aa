import { useEffect, useRef } from 'react';

/**
 * A trigger that runs `run` once, `ms` after the first call of a burst (the calls meanwhile join it): a
 * live page refetches once for a burst of realtime messages. Nothing runs after unmount.
 */
export function useCoalesced(run: () => void, ms: number): () => void {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(run);
  latest.current = run;
  useEffect(() => () => clearTimeout(timer.current), []);
  return () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      latest.current();
    }, ms);
  };
}
