import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REFERENCE_MESSAGES } from '@beatmatch/contracts';
import { classifyYtDlpError, YtDlp } from './videoLink';

/**
 * What yt-dlp says about a link → what the artist reads (the cases a local server cannot make: a
 * private video, a video over 15 minutes, a live stream, a playlist), with a stand-in yt-dlp that
 * prints what the real one prints.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'fake-yt-dlp-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fakeYtDlp(name: string, stdout: string, stderr = '', code = 0): YtDlp {
  const file = path.join(dir, name);
  writeFileSync(file, `#!/bin/sh\ncat <<'OUT'\n${stdout}\nOUT\necho '${stderr}' >&2\nexit ${code}\n`);
  chmodSync(file, 0o755);
  return new YtDlp({ command: file });
}

const info = (fields: object) =>
  JSON.stringify({ _type: 'video', title: 'A song', ext: 'webm', acodec: 'opus', ...fields });

it('takes one public video of at most 15 minutes', async () => {
  await expect(fakeYtDlp('ok', info({ duration: 900 })).probe('https://v.example/1')).resolves.toEqual({
    title: 'A song',
    durationSeconds: 900,
  });
});

it.each([
  ['over 15 minutes', info({ duration: 901 }), REFERENCE_MESSAGES.tooLong],
  ['a live stream', info({ is_live: true }), REFERENCE_MESSAGES.notAVideo],
  ['a playlist', info({ _type: 'playlist' }), REFERENCE_MESSAGES.notAVideo],
  ['a file without media', info({ ext: 'unknown_video', acodec: undefined }), REFERENCE_MESSAGES.notAVideo],
])('refuses %s', async (name, printed, message) => {
  await expect(fakeYtDlp(name.replaceAll(' ', '-'), printed).probe('https://v.example/2')).rejects.toThrow(
    message,
  );
});

it('tells a private video from an unreachable link and a page without a video', async () => {
  const privateVideo = fakeYtDlp(
    'private',
    'null',
    'ERROR: [youtube] abc: Private video. Sign in if you have access',
    1,
  );
  await expect(privateVideo.probe('https://v.example/3')).rejects.toThrow(REFERENCE_MESSAGES.privateVideo);
  expect(classifyYtDlpError('ERROR: Unsupported URL: https://example.com/').message).toBe(
    REFERENCE_MESSAGES.notAVideo,
  );
  expect(classifyYtDlpError('ERROR: [generic] x: Unable to download webpage: HTTP Error 404').message).toBe(
    REFERENCE_MESSAGES.unreachable,
  );
});
