import { beatmatchSdk } from '@beatmatch/frontend-common/sdk';
import { useEffect, useState } from 'react';

export const loadWallet = () => beatmatchSdk().api.call('get_wallet');
export const loadPayouts = () => beatmatchSdk().api.call('payouts_history');

/** One read for a page: its answer, or that it failed (the page shows the spec's load message). */
export function useLoaded<T>(load: () => Promise<T>) {
  const [answer, setAnswer] = useState<T | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    load()
      .then((value) => live && setAnswer(value))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [load]);
  return { answer, failed };
}
