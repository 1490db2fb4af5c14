import { beatmatchSdk, createMatchmakerClient, type MatchmakerClient } from '@beatmatch/frontend-common/sdk';

let client: MatchmakerClient | undefined;

/** The matchmaker client on the page's one API client (same CSRF token, same device uuid). */
export function matchmaker(): MatchmakerClient {
  const sdk = beatmatchSdk();
  client ??= createMatchmakerClient(sdk.api, sdk.device);
  return client;
}

/** Tests start each case with a fresh client. */
export function resetMatchmakerClient(): void {
  client = undefined;
}
