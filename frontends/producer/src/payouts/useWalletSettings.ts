import { PAYOUT_SPLIT } from '@beatmatch/contracts';
import { ApiError, beatmatchSdk } from '@beatmatch/frontend-common/sdk';
import { useCallback, useEffect, useState } from 'react';

interface Saved {
  address: string | null;
  split: number;
}

/**
 * Configure Your Payout's state (producer-side spec §2, §4 Payout): what is saved, what the form
 * holds, whether Save may be pressed (only after a change) and the badge (Active once saved).
 */
export function useWalletSettings() {
  const [saved, setSaved] = useState<Saved | null>(null);
  const [address, setAddress] = useState('');
  const [split, setSplit] = useState<number>(PAYOUT_SPLIT.default);
  const [loadFailed, setLoadFailed] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    beatmatchSdk()
      .api.call('get_address')
      .then((settings) => {
        if (!live) return;
        setSaved(settings);
        setAddress(settings.address ?? '');
        setSplit(settings.split);
      })
      .catch(() => live && setLoadFailed(true));
    return () => {
      live = false;
    };
  }, []);

  const changed = saved !== null && (address.trim() !== (saved.address ?? '') || split !== saved.split);

  const save = useCallback(async () => {
    setFieldError(null);
    try {
      const answer = await beatmatchSdk().api.call('save_address', { address: address.trim(), split });
      setSaved({ address: answer.address, split: answer.split });
      setAddress(answer.address);
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) setFieldError(error.message);
      return false;
    }
  }, [address, split]);

  const remove = useCallback(async () => {
    try {
      await beatmatchSdk().api.call('delete_address', { address: saved?.address ?? '' });
      return true;
    } catch {
      return false;
    }
  }, [saved]);

  return {
    loaded: saved !== null,
    loadFailed,
    active: Boolean(saved?.address),
    address,
    setAddress: (value: string) => {
      setAddress(value);
      setFieldError(null);
    },
    split,
    setSplit,
    changed,
    fieldError,
    save,
    remove,
  };
}
