import type { CatalogApi } from '@beatmatch/frontend-common/sdk';
import { useState } from 'react';
import { MESSAGES, nameProblem } from './checks';
import { useBeatFiles } from './useBeatFiles';
import { usePrices } from './usePrices';

/** Step 1: the beat's name, whether it is private, its files and its prices. */
export function useBeatDetails(catalog: CatalogApi, onNewWav: () => void) {
  const [name, setName] = useState('');
  // A private upload: no prices, no snippet step (spec §4: a single step with Upload).
  const [isPrivate, setIsPrivate] = useState(false);
  const { prices, setPrice, fields } = usePrices(catalog);
  const files = useBeatFiles(onNewWav);

  const priceFields = () => fields(Boolean(files.stems));

  /** Step 1's checks; a private beat needs no cover art and has no prices (spec §5). */
  const problem = (): string | null => {
    const { cover, wav, coverError, wavError, stemsError } = files;
    const badName = nameProblem(name);
    if (badName) return badName;
    if ((!cover && !isPrivate) || !wav) return MESSAGES.emptyFiles;
    if (coverError || wavError || stemsError) return coverError ?? wavError ?? stemsError;
    if (isPrivate) return null;
    const checked = priceFields();
    return 'error' in checked ? checked.error : null;
  };

  /** After an upload: a new name and new files; the prices stay for the next beat. */
  const clear = () => {
    setName('');
    setIsPrivate(false);
    files.clear();
  };

  return { name, setName, isPrivate, setIsPrivate, prices, setPrice, files, priceFields, problem, clear };
}

export type BeatDetails = ReturnType<typeof useBeatDetails>;
