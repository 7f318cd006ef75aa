import { useEffect, useRef } from 'react';

export const ZOOM_LEVELS = [1, 1.5, 2, 3, 4] as const;

export type ViewerActions = {
  previous?: () => void;
  next?: () => void;
  back: () => void;
  zoomIn: () => void;
  zoomOut: () => void;
  resetZoom: () => void;
};

/** Keys typed into a field, or pressed in a dialog over the viewer, are not the viewer's. */
function ignored(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return true;
  const target = event.target as HTMLElement | null;
  if (!target || typeof target.closest !== 'function') return false;
  if (target.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]')) return true;
  return false;
}

/**
 * The viewer's keyboard: ← and → the previous and next capture, Escape back to the gallery, + and − zoom,
 * 0 fits the image again. Ctrl/⌘ with + or − stays the browser's zoom.
 */
export function useViewerKeys(actions: ViewerActions): void {
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (ignored(event)) return;
      const a = latest.current;
      const run: Record<string, (() => void) | undefined> = {
        ArrowLeft: a.previous,
        ArrowRight: a.next,
        Escape: a.back,
        '+': a.zoomIn,
        '=': a.zoomIn,
        '-': a.zoomOut,
        _: a.zoomOut,
        '0': a.resetZoom,
      };
      const action = run[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

/** The next zoom step up or down from `zoom`. */
export function stepZoom(zoom: number, direction: 1 | -1): number {
  const i = ZOOM_LEVELS.findIndex((z) => z >= zoom);
  const at = i === -1 ? ZOOM_LEVELS.length - 1 : i;
  return ZOOM_LEVELS[Math.max(0, Math.min(ZOOM_LEVELS.length - 1, at + direction))];
}
