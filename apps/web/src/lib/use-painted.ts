import { useEffect, useState } from 'react';

const nextFrame = (callback: () => void): (() => void) => {
  if (typeof window.requestAnimationFrame !== 'function') {
    const timer = window.setTimeout(callback, 16);
    return () => window.clearTimeout(timer);
  }
  let timer: number | undefined;
  // A task queued from an animation frame runs once that frame is painted.
  const frame = window.requestAnimationFrame(() => {
    timer = window.setTimeout(callback, 0);
  });
  return () => {
    window.cancelAnimationFrame(frame);
    window.clearTimeout(timer);
  };
};

/** False on the first render, true once the browser has painted the page with it. */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => nextFrame(() => setPainted(true)), []);
  return painted;
}
