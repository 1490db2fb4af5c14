import { useCallback, useSyncExternalStore } from 'react';

// The matchmaker pages' breakpoints (artist-side spec §9; the producer-side spec words the same rules
// as "below 515px", "under 600px", "title width 120px"). "Below N px" is the range query `width < N`,
// so a fractional viewport (browser zoom) such as 1074.5px counts as below 1075px, and 515px itself
// is not narrow.

/** Narrow screens: below 515px. */
export const NARROW = '(width < 515px)';

/** The Match List's Commit button shows only its icon below 1075px (spec §2 Match List, §9). */
export const COMMIT_LABEL_HIDDEN = '(width < 1075px)';

/** On narrow screens a list row's beat title is cut (with an ellipsis) at this width (spec §9). */
export const TITLE_OVERFLOW_WIDTH = 120;

/** Whether the media query matches now; the component renders again when that changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const snapshot = () => typeof window !== 'undefined' && !!window.matchMedia?.(query).matches;
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
