// The gateway client lives in the frontend SDK, shared with the remotes.
export {
  ApiError,
  ERROR_CODES,
  callAddress,
  NETWORK_ERROR_MESSAGE,
  NetworkError,
  TOO_MANY_ATTEMPTS_MESSAGE,
  createApiClient,
  isNotAuthenticated,
  isRateLimited,
  isUnavailable,
  type ApiClient,
} from '@beatmatch/frontend-common/sdk';
