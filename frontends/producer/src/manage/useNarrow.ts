import { useEffect, useState } from 'react';

const NARROW = '(max-width: 514px)';

/** Whether the screen is narrow (by default: the rows then drop their number and Play button). */
export function useNarrow(query: string = NARROW) {
  const [narrow, setNarrow] = useState(
    () => typeof window !== 'undefined' && window.matchMedia?.(query).matches,
  );
  useEffect(() => {
    const media = window.matchMedia?.(query);
    if (!media) return;
    const update = () => setNarrow(media.matches);
    media.addEventListener('change', update);
    return () => media.removeEventListener('change', update);
  }, [query]);
  return narrow;
}
