import type { Crate } from '@beatmatch/contracts';

interface CratedBeat {
  beatId: string;
  demo: boolean;
  status: string;
  draftedAt: string;
  crate: Crate;
}

/**
 * The crate each of a producer's beats belongs in under a plan allowing `cap` uploads: the newest `cap`
 * beats that count against the cap (not demo, not failed) are active, older ones inactive. So the three
 * free uploads are heard, a plan that ends leaves the newest beats heard, and a new plan brings the older
 * ones back. Demo and failed beats are not the rule's business (none are returned).
 */
export function cratesByCap<B extends CratedBeat>(beats: B[], cap: number): Array<{ beat: B; crate: Crate }> {
  const counted = beats
    .filter((beat) => !beat.demo && beat.status !== 'failed')
    .sort((a, b) => Date.parse(b.draftedAt) - Date.parse(a.draftedAt) || b.beatId.localeCompare(a.beatId));
  return counted.map((beat, newest) => ({ beat, crate: newest < cap ? 'active' : 'inactive' }));
}
