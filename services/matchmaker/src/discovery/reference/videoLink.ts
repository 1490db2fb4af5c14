import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { MAX_REFERENCE_SECONDS, REFERENCE_MESSAGES } from '@beatmatch/contracts';

/*
 * The video-link adapter: yt-dlp (PyPI, installed by deploy/local/tools/yt-dlp.sh into the cache) reads
 * a link the way a video site serves it — YouTube, or any page or file its generic extractor knows — and
 * fetches the audio, turned into MP3 by ffmpeg where the site serves another format.
 */

/** A link the artist must change: its message is the 4xx the search answers. */
export class VideoLinkError extends Error {
  constructor(
    readonly code: 'not_a_video' | 'private_video' | 'too_long' | 'unreachable',
    message: string,
  ) {
    super(message);
    this.name = 'VideoLinkError';
  }
}

export interface VideoLinkFetcher {
  /** What the link names, refused (VideoLinkError) unless it is one public video of at most 15 minutes. */
  probe(url: string): Promise<{ title: string; durationSeconds: number | null }>;
  /** The link's audio, MP3 where ffmpeg could make it one. `url` may also be a search ('ytsearch1:…'). */
  fetchAudio(url: string): Promise<{ bytes: Uint8Array; filename: string }>;
}

export interface YtDlpOptions {
  /** The yt-dlp command (default: the cache's, else the one on PATH). */
  command?: string;
  /** Seconds a connection may stay silent (default 15). */
  socketTimeoutSeconds?: number;
  /** Largest audio file fetched, in MB (default 100). */
  maxMegabytes?: number;
}

/** Where deploy/local/tools/yt-dlp.sh installs it. */
export function defaultYtDlpCommand(): string {
  const cache = process.env.BEATMATCH_CACHE ?? path.join(homedir(), '.cache', 'beatmatch');
  return path.join(cache, 'yt-dlp', 'bin', 'yt-dlp');
}

/** yt-dlp's error text → what the artist is told. */
export function classifyYtDlpError(stderr: string): VideoLinkError {
  if (/private video|sign in to confirm|members-only|login required/i.test(stderr))
    return new VideoLinkError('private_video', REFERENCE_MESSAGES.privateVideo);
  if (
    /unsupported url|no video formats found|is not a valid url|no media found|requested format is not available/i.test(
      stderr,
    )
  )
    return new VideoLinkError('not_a_video', REFERENCE_MESSAGES.notAVideo);
  return new VideoLinkError('unreachable', REFERENCE_MESSAGES.unreachable);
}

interface ProbedInfo {
  _type?: string;
  title?: string;
  duration?: number | null;
  is_live?: boolean;
  ext?: string;
  acodec?: string;
}

/** A file the generic extractor could not place as audio or video (a text file, a document). */
const notMedia = (info: ProbedInfo) => info.ext === 'unknown_video' || info.acodec === 'none';

export class YtDlp implements VideoLinkFetcher {
  private readonly command: string;

  constructor(private readonly options: YtDlpOptions = {}) {
    this.command = options.command ?? defaultYtDlpCommand();
  }

  private run(args: string[], timeoutMs: number): Promise<string> {
    const common = ['--no-playlist', '--no-warnings', '--no-progress', '--ignore-config'];
    const socket = ['--socket-timeout', String(this.options.socketTimeoutSeconds ?? 15)];
    return new Promise((resolve, reject) => {
      execFile(
        this.command,
        [...common, ...socket, ...args],
        { timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, PYTHONUNBUFFERED: '1' } },
        (error, stdout, stderr) => {
          if (!error) return resolve(stdout);
          if ((error as NodeJS.ErrnoException).code === 'ENOENT')
            return reject(new Error(`yt-dlp not found at ${this.command}: run deploy/local/tools/yt-dlp.sh`));
          reject(classifyYtDlpError(`${stderr}\n${error.message}`));
        },
      );
    });
  }

  async probe(url: string) {
    const info = JSON.parse(
      await this.run(['--skip-download', '--dump-single-json', '--', url], 60_000),
    ) as ProbedInfo;
    if (info._type === 'playlist' || info.is_live || notMedia(info))
      throw new VideoLinkError('not_a_video', REFERENCE_MESSAGES.notAVideo);
    const durationSeconds = typeof info.duration === 'number' ? info.duration : null;
    if (durationSeconds !== null && durationSeconds > MAX_REFERENCE_SECONDS)
      throw new VideoLinkError('too_long', REFERENCE_MESSAGES.tooLong);
    return { title: info.title ?? '', durationSeconds };
  }

  async fetchAudio(url: string) {
    const dir = await mkdtemp(path.join(tmpdir(), 'beatmatch-reference-'));
    try {
      await this.run(
        [
          '--format',
          'bestaudio/best',
          '--match-filter',
          `!is_live & duration <=? ${MAX_REFERENCE_SECONDS}`,
          '--max-filesize',
          `${this.options.maxMegabytes ?? 100}M`,
          ...((await hasFfmpeg())
            ? ['--extract-audio', '--audio-format', 'mp3', '--audio-quality', '2']
            : []),
          '--output',
          path.join(dir, 'audio.%(ext)s'),
          '--',
          url,
        ],
        5 * 60_000,
      );
      const [file] = (await readdir(dir)).filter(
        (name) => name.startsWith('audio.') && !name.endsWith('.part'),
      );
      // A --match-filter or --max-filesize refusal ends yt-dlp without error and without a file.
      if (!file) throw new VideoLinkError('too_long', REFERENCE_MESSAGES.tooLong);
      return { bytes: new Uint8Array(await readFile(path.join(dir, file))), filename: file };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}

let ffmpegFound: Promise<boolean> | undefined;
/** Whether ffmpeg is on PATH (Debian's, from yt-dlp.sh): without it only MP3 and WAV links are read. */
function hasFfmpeg(): Promise<boolean> {
  ffmpegFound ??= new Promise((resolve) => execFile('ffmpeg', ['-version'], (error) => resolve(!error)));
  return ffmpegFound;
}
