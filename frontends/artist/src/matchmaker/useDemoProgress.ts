import { useEffect, useRef, useState } from 'react';
import type { CallAnswer } from '@beatmatch/contracts';
import { beatmatchSdk } from '@beatmatch/frontend-common/sdk';

export type DemoProgress = CallAnswer<'beatmatch_demo_catalogue'>;

/** How often the player looks again while the demo catalogue is being made. */
export const DEMO_PROGRESS_POLL_MS = 3000;

/** What the player says instead of "No beat found!" while the demo catalogue is being made. */
export const demoPreparingText = ({ ready, total }: DemoProgress) =>
  `The demo catalogue is being prepared — ${ready} of ${total} beats ready`;

/**
 * While the player has no beat (`active`), whether that is because the demo catalogue is still being
 * made on a first start (beatmatch_demo_catalogue): its progress, or null (then "No beat found!"
 * stands). It looks again every few seconds, and each time more beats are ready it calls
 * `onMoreReady` so the player tries for a beat again.
 */
export function useDemoProgress(active: boolean, onMoreReady: () => void): DemoProgress | null {
  const [progress, setProgress] = useState<DemoProgress | null>(null);
  const seenReady = useRef(0);
  const retry = useRef(onMoreReady);
  retry.current = onMoreReady;

  useEffect(() => {
    if (!active) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const look = async () => {
      try {
        const answer = await beatmatchSdk().api.call('beatmatch_demo_catalogue');
        if (!live) return;
        setProgress(answer.preparing ? answer : null);
        if (answer.ready > seenReady.current) {
          seenReady.current = answer.ready;
          retry.current();
        } else if (answer.preparing) timer = setTimeout(() => void look(), DEMO_PROGRESS_POLL_MS);
      } catch {
        // Not known: the player says "No beat found!" as before.
      }
    };
    void look();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [active]);

  return active ? progress : null;
}
