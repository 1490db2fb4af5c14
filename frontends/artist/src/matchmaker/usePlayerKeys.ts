import { useEffect, useRef } from 'react';
import type { Player } from './usePlayer';

/** Keys: ← Pass, → Match, Space play/pause, wherever the focus is on the page except in fields and dialogs. */
export function usePlayerKeys({ filtering, choose, togglePlay }: Player) {
  const onKeyDown = (event: KeyboardEvent) => {
    if (filtering.filtersOpen || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey)
      return;
    const target = event.target instanceof HTMLElement ? event.target : document.body;
    if (target.closest('input, textarea, select, [role="dialog"], [role="slider"]')) return;
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      void choose('pass');
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      void choose('match');
    } else if (event.key === ' ' && target.tagName !== 'BUTTON' && target.tagName !== 'A') {
      event.preventDefault();
      togglePlay();
    }
  };

  // The keys work wherever the focus is on the page (not only inside the player), except in fields.
  const keyHandler = useRef(onKeyDown);
  useEffect(() => {
    keyHandler.current = onKeyDown;
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => keyHandler.current(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);
}
