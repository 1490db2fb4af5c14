import { createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { SIGNED_IN_STATE } from './accounts';
import { TRACKER_PORT } from './trackerPort';
import { beatWav, png } from './uploadFiles';

// Error reporting in the production build the journeys run against (both spec documents: "an
// error-reporting service runs in production only"; producer-side §8: "every failed upload step is also
// reported"). One upload step is broken on purpose; the server's record of the report is found where an
// operator's error tracker would get it: the app runs with ERROR_TRACKER_DSN pointing at the stand-in
// below, which speaks Sentry's envelope ingest API. (A development build sending none is
// frontends/common/src/sdk/errorReporter.unit.spec.ts: the journeys' server serves the production build.)

interface TrackedEvent {
  tags: Record<string, string>;
  extra: Record<string, unknown>;
  user?: { id: string };
  message: { formatted: string };
}
const tracked: TrackedEvent[] = [];
let tracker: Server;

test.beforeAll(async () => {
  tracker = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const [, , event] = Buffer.concat(chunks).toString('utf8').split('\n');
      if (req.url === '/api/1/envelope/' && event) tracked.push(JSON.parse(event) as TrackedEvent);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => tracker.listen(TRACKER_PORT, '127.0.0.1', resolve));
});
test.afterAll(() => new Promise<void>((resolve) => tracker.close(() => resolve())));

test.use({ storageState: SIGNED_IN_STATE, viewport: { width: 1280, height: 900 } });

test("a failed upload step is reported to the server with the step, the file kind and the request's trace id", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.goto('/user/uploadBeats');
  await page.getByLabel('Beat name').fill(`Broken Upload ${Date.now().toString(36)}`);
  await page
    .locator('#cover-art')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png(256, 256) });
  await page
    .locator('#wav-file')
    .setInputFiles({ name: 'beat.wav', mimeType: 'audio/wav', buffer: beatWav(20) });
  await page.getByLabel('First Date Package (MP3)').fill('19.99');
  await page.getByLabel('Relationship Package (MP3 + WAV)').fill('39.99');
  await page.getByRole('button', { name: 'Next' }).click();
  const upload = page.getByRole('button', { name: 'Upload' });
  await expect(upload).toBeEnabled({ timeout: 90_000 });

  // The snippet's confirm step is sent for an upload that is not there: the real catalog refuses it.
  await page.route('**/api/aws_upload', async (route) => {
    const body = route.request().postDataJSON() as Record<string, unknown>;
    await route.continue({ postData: JSON.stringify({ ...body, refId: 'no-such-upload' }) });
  });
  const refused = page.waitForResponse((response) => response.url().endsWith('/api/aws_upload'));
  const reported = page.waitForResponse((response) => response.url().endsWith('/api/beatmatch_error_report'));
  await upload.click();
  const refusal = await refused;
  expect(refusal.status()).toBeGreaterThanOrEqual(400);
  const traceId = refusal.headers()['x-request-id'];
  expect(traceId).toBeTruthy();
  expect((await reported).status()).toBe(200);

  // The server logged them and handed them to the error tracker, found by the trace id: the upload
  // step's report (step, file kind, attempt) and the failed call's.
  const reportOf = (kind: string) => () =>
    tracked.find((event) => event.tags.trace_id === traceId && event.tags.kind === kind);
  await expect.poll(reportOf('upload'), { timeout: 15_000 }).toMatchObject({
    tags: { step: 'confirm', file_kind: 'snippet' },
    extra: { attempt: 1, page: '/user/uploadBeats' },
    user: { id: expect.any(String) },
  });
  await expect.poll(reportOf('api'), { timeout: 15_000 }).toMatchObject({
    tags: { call: 'aws_upload' },
    extra: { status: refusal.status() },
  });
});
