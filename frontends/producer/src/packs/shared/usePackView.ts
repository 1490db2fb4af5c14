import type { PackView } from '@beatmatch/contracts';
import { ApiError, beatmatchSdk } from '@beatmatch/frontend-common/sdk';
import { useCallback, useEffect, useState } from 'react';
import { errorText } from '../../manage/manageApi';
import { viewerAccess } from './viewerAccess';

export type PackViewState =
  | { status: 'loading' }
  | { status: 'verify' }
  | { status: 'error'; message: string }
  | { status: 'ready'; view: PackView; access?: string };

/**
 * One pack of the shared pack page (?id=): a public one for anyone; a private one for whom it is
 * shared with (signed in, or verified by e-mail code: `verify` when neither).
 */
export function usePackView(urlId: string, signedIn: boolean) {
  const [state, setState] = useState<PackViewState>({ status: 'loading' });

  const load = useCallback(async () => {
    const api = beatmatchSdk().api;
    const access = viewerAccess.get();
    try {
      const { isPrivate } = await api.call('isPackPublicOrPrivate', { urlId });
      const view = isPrivate
        ? await api.call('getPrivateBeatPackFromId', { urlId, ...(access ? { access } : {}) })
        : await api.call('getPublicBeatPackFromId', { urlId });
      setState({ status: 'ready', view, ...(access ? { access } : {}) });
    } catch (error) {
      const notShared = error instanceof ApiError && error.status === 404;
      setState(
        notShared && !signedIn ? { status: 'verify' } : { status: 'error', message: errorText(error) },
      );
    }
  }, [urlId, signedIn]);

  useEffect(() => {
    void load();
  }, [load]);

  return { state, reload: load };
}
