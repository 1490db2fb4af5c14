import { STAND_IN_CREDENTIALS } from '../services/matchmaker/src/discovery/reference/testing/standIns';

/**
 * Where referenceSearch.journey.ts serves the reference searches' outside world (a media site and a
 * stand-in of Spotify's Web API), two ports above the app's; playwright.config.ts gives the app these
 * settings, so its Spotify adapter and its track-audio search talk to the stand-ins.
 */
export const REFERENCE_STAND_IN_PORT = Number(
  process.env.E2E_REFERENCE_PORT ?? Number(process.env.E2E_PORT ?? 8123) + 2,
);
const base = `http://127.0.0.1:${REFERENCE_STAND_IN_PORT}`;

export const REFERENCE_SEARCH_ENV = {
  SPOTIFY_CLIENT_ID: STAND_IN_CREDENTIALS.clientId,
  SPOTIFY_CLIENT_SECRET: STAND_IN_CREDENTIALS.clientSecret,
  SPOTIFY_ACCOUNTS_URL: base,
  SPOTIFY_API_URL: base,
  SPOTIFY_AUDIO_SEARCH: `${base}/audio/{query}.mp3`,
};
