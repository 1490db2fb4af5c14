import { beatmatchSdk, catalogApi } from '@beatmatch/frontend-common/sdk';
import { useEffect, useState } from 'react';

/** Free-cap banner: shown unless the producer is a lifer or subscribed (spec §2 Upload page). */
export function useNeedsSubscription() {
  const [needs, setNeeds] = useState(false);
  useEffect(() => {
    let live = true;
    catalogApi(beatmatchSdk().api)
      .memberActiveStatus()
      .then((status) => live && setNeeds(!status.lifer && !status.subscribed))
      // Until commerce answers, every producer is on the free plan.
      .catch(() => live && setNeeds(true));
    return () => {
      live = false;
    };
  }, []);
  return needs;
}
