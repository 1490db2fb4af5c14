import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/*
 * Local stand-ins for the outside world the reference searches read (tests and the browser journey):
 * a media server yt-dlp's generic extractor reads like any site (an MP3, a text file), and a server that
 * speaks Spotify's documented Web API contract (client-credentials token, track search, one track).
 */

/** The DNA engine's fixture: 10 s of a 120 BPM A-minor beat. */
export const REFERENCE_MP3 = readFileSync(
  path.join(
    path.dirname(require.resolve('@beatmatch/audio/package.json')),
    'src/testing/fixtures/beat-120bpm-a-minor.mp3',
  ),
);

export const STAND_IN_CREDENTIALS = { clientId: 'beatmatch-test', clientSecret: 'stand-in-secret' };
export const STAND_IN_TOKEN = 'stand-in-token';

/** Tracks the stand-in knows (ids are 22 base-62 characters, as Spotify's). */
export const STAND_IN_TRACKS = [
  { id: '4uLU6hMCjMI75M1A2tKUQC', name: 'Minor Groove', artists: [{ name: 'Test Artist' }] },
  { id: '7qiZfU4dY1lWllzX7mPBI3', name: 'Shape of Sound', artists: [{ name: 'Another Artist' }] },
].map((track) => ({
  ...track,
  album: {
    images: [
      { url: `https://i.scdn.co/image/${track.id}-640`, width: 640 },
      { url: `https://i.scdn.co/image/${track.id}-64`, width: 64 },
    ],
  },
}));

export interface StandIns {
  /** http://127.0.0.1:port */
  base: string;
  /** Every track search for a Spotify track's audio lands on the reference MP3. */
  audioSearch: string;
  spotify: { clientId: string; clientSecret: string; accountsBase: string; apiBase: string };
  /** Requests seen, by path (the adapter's calls). */
  seen: string[];
  close(): Promise<void>;
}

function spotifyAnswer(url: URL, authorization: string | undefined): [number, unknown] {
  if (authorization !== `Bearer ${STAND_IN_TOKEN}`)
    return [401, { error: { status: 401, message: 'Invalid access token' } }];
  if (url.pathname === '/v1/search') {
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    const items = STAND_IN_TRACKS.filter((track) =>
      `${track.name} ${track.artists[0]!.name}`.toLowerCase().includes(q),
    );
    return [200, { tracks: { items, total: items.length } }];
  }
  const track = STAND_IN_TRACKS.find((known) => url.pathname === `/v1/tracks/${known.id}`);
  return track ? [200, track] : [404, { error: { status: 404, message: 'Resource not found' } }];
}

function tokenAnswer(authorization: string | undefined, body: string): [number, unknown] {
  const expected = Buffer.from(
    `${STAND_IN_CREDENTIALS.clientId}:${STAND_IN_CREDENTIALS.clientSecret}`,
  ).toString('base64');
  if (authorization !== `Basic ${expected}` || body !== 'grant_type=client_credentials')
    return [400, { error: 'invalid_client' }];
  return [200, { access_token: STAND_IN_TOKEN, token_type: 'Bearer', expires_in: 3600 }];
}

/** `port`: a fixed one (the browser journey's app is told it before the stand-ins start); default any. */
export async function startStandIns(port = 0): Promise<StandIns> {
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    seen.push(url.pathname);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const json = ([status, body]: [number, unknown]) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (url.pathname === '/song.mp3' || url.pathname.startsWith('/audio/'))
        return res
          .writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': REFERENCE_MP3.length })
          .end(REFERENCE_MP3);
      if (url.pathname === '/notes.txt')
        return res.writeHead(200, { 'content-type': 'text/plain' }).end('just some notes\n');
      if (url.pathname === '/api/token' && req.method === 'POST')
        return json(tokenAnswer(req.headers.authorization, Buffer.concat(chunks).toString()));
      if (url.pathname.startsWith('/v1/')) return json(spotifyAnswer(url, req.headers.authorization));
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    audioSearch: `${base}/audio/{query}.mp3`,
    spotify: { ...STAND_IN_CREDENTIALS, accountsBase: base, apiBase: base },
    seen,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
