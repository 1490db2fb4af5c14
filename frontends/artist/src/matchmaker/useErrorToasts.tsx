import {
  useErrorToasts as useRemoteErrorToasts,
  type ErrorToasts,
} from '@beatmatch/frontend-common/commerce';

/** The error catalogue (artist-side spec §8) for the matchmaker pages, as the commerce pages show it. Render the holder. */
export const useErrorToasts = (): ErrorToasts => useRemoteErrorToasts('matchmaker-error');
