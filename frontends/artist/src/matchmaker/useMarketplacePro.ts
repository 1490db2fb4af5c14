import { useEffect, useState } from 'react';
import { beatmatchSdk, useSessionState } from '@beatmatch/frontend-common/sdk';

/**
 * Whether the signed-in listener has Marketplace Pro (an artist plan, or the lifetime membership):
 * the player then offers no Upgrade. A visitor, or a status that cannot be read, counts as without.
 */
export function useMarketplacePro(): boolean {
  const signedIn = useSessionState().status === 'signedIn';
  const [pro, setPro] = useState(false);
  useEffect(() => {
    setPro(false);
    if (!signedIn) return;
    let live = true;
    beatmatchSdk()
      .commerce.memberActiveStatus('artist')
      .then(
        (status) => live && setPro(status.subscribed || status.lifer),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [signedIn]);
  return pro;
}
