import type { SpotifySuggestion } from '@beatmatch/contracts';

/*
 * The streaming-track adapter, written to Spotify's documented Web API: a client-credentials token
 * (POST {accounts}/api/token), track search (GET {api}/v1/search?type=track) and one track
 * (GET {api}/v1/tracks/{id}). Spotify serves no audio features to new apps, so a track's sound is
 * found from its title and artist through the video-link pipeline (./referenceSearches.ts).
 */

export interface SpotifySettings {
  clientId: string;
  clientSecret: string;
  /** Default https://accounts.spotify.com. */
  accountsBase?: string;
  /** Default https://api.spotify.com. */
  apiBase?: string;
}

/** Spotify did not answer usefully (down, rate-limited, refusing our credentials): a 503 for the artist. */
export class SpotifyUnavailable extends Error {
  constructor(detail: string) {
    super(`Spotify unavailable: ${detail}`);
    this.name = 'SpotifyUnavailable';
  }
}

interface SpotifyTrack {
  id: string;
  name: string;
  artists?: { name: string }[];
  album?: { images?: { url: string; width?: number | null }[] };
}

/** The smallest cover of at least 64 px (the list shows it small), else any. */
function coverOf(track: SpotifyTrack): string | null {
  const images = [...(track.album?.images ?? [])].sort((a, b) => (a.width ?? 0) - (b.width ?? 0));
  return (images.find((image) => (image.width ?? 0) >= 64) ?? images[0])?.url ?? null;
}

export const suggestionOf = (track: SpotifyTrack): SpotifySuggestion => ({
  id: track.id,
  songName: track.name,
  artistName: (track.artists ?? []).map((artist) => artist.name).join(', '),
  coverArt: coverOf(track),
});

export class SpotifyCatalogue {
  private token: { value: string; expiresAt: number } | undefined;
  private readonly accountsBase: string;
  private readonly apiBase: string;

  constructor(
    private readonly settings: SpotifySettings,
    private readonly now: () => number = Date.now,
  ) {
    this.accountsBase = (settings.accountsBase ?? 'https://accounts.spotify.com').replace(/\/$/, '');
    this.apiBase = (settings.apiBase ?? 'https://api.spotify.com').replace(/\/$/, '');
  }

  /** Tracks for what the artist typed, best first. */
  async search(input: string, limit = 8): Promise<SpotifySuggestion[]> {
    const query = new URLSearchParams({ q: input, type: 'track', limit: String(limit) });
    const answer = await this.get(`/v1/search?${query}`);
    const body = (await answer.json()) as { tracks?: { items?: SpotifyTrack[] } };
    return (body.tracks?.items ?? []).filter((track) => track?.id).map(suggestionOf);
  }

  /** One track, or null when Spotify has none with that id. */
  async track(id: string): Promise<SpotifySuggestion | null> {
    const answer = await this.get(`/v1/tracks/${encodeURIComponent(id)}`, [400, 404]);
    if (answer.status === 400 || answer.status === 404) return null;
    return suggestionOf((await answer.json()) as SpotifyTrack);
  }

  private async get(pathAndQuery: string, passThrough: number[] = [], retried = false): Promise<Response> {
    const answer = await this.fetch(`${this.apiBase}${pathAndQuery}`, {
      headers: { authorization: `Bearer ${await this.accessToken()}` },
    });
    if (answer.status === 401 && !retried) {
      this.token = undefined;
      return this.get(pathAndQuery, passThrough, true);
    }
    if (answer.ok || passThrough.includes(answer.status)) return answer;
    throw new SpotifyUnavailable(`GET ${pathAndQuery.split('?')[0]} answered ${answer.status}`);
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > this.now()) return this.token.value;
    const basic = Buffer.from(`${this.settings.clientId}:${this.settings.clientSecret}`).toString('base64');
    const answer = await this.fetch(`${this.accountsBase}/api/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    if (!answer.ok) throw new SpotifyUnavailable(`the token endpoint answered ${answer.status}`);
    const body = (await answer.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new SpotifyUnavailable('the token endpoint answered no token');
    // A minute's margin, so a token never expires between this check and Spotify's.
    this.token = {
      value: body.access_token,
      expiresAt: this.now() + ((body.expires_in ?? 3600) - 60) * 1000,
    };
    return this.token.value;
  }

  private async fetch(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
    } catch (error) {
      throw new SpotifyUnavailable((error as Error).message);
    }
  }
}
