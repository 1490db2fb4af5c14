import { beatmatchSdk } from '@beatmatch/frontend-common/sdk';
import { useCallback, useEffect, useState } from 'react';

/**
 * Whether the producer's plan allows another upload, asked before the wizard starts (not after a WAV
 * has been converted): the refusal create_reference would give, or null. Asked again after each upload.
 * If the catalog cannot be asked, the wizard opens: create_reference still checks.
 */
export function useUploadAllowance() {
  const [refusal, setRefusal] = useState<string | null>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    let live = true;
    beatmatchSdk()
      .api.call('beatmatch_upload_allowance')
      .then((allowance) => live && setRefusal(allowance.refusal))
      .catch(() => live && setRefusal(null));
    return () => {
      live = false;
    };
  }, [asked]);
  const askAgain = useCallback(() => setAsked((count) => count + 1), []);
  return { refusal, askAgain };
}
