/** @jest-environment jsdom */
import type { ErrorReport } from '@beatmatch/contracts';
import { ApiError, startErrorReporting, type CatalogApi } from '@beatmatch/frontend-common/sdk';
import { runUpload, type PublicUploadInput } from './uploadFlow';

/** Producer-side §8: every failed upload step is also reported, with the step, file kind and attempt. */
const sent: ErrorReport[] = [];
let stop: () => void;
beforeEach(() => {
  sent.length = 0;
  window.history.replaceState(null, '', '/user/uploadBeats');
  stop = startErrorReporting(async (report) => void sent.push(report));
});
afterEach(() => stop());

const input: PublicUploadInput = {
  kind: 'public',
  name: 'Night Drive',
  prices: { firstDatePackagePrice: '25.00', relationshipPackagePrice: '40.00', marriagePackagePrice: '-' },
  cover: new File(['png'], 'cover.png'),
  snippet: new Blob(['snippet']),
  mp3: new Blob(['mp3']),
  wav: new File(['wav'], 'beat.wav'),
};

/** The catalog as the wizard calls it, its signed-URL step refused with `error` each time. */
const catalogRefusingUrls = (error: Error) =>
  ({
    createReference: async () => ({ beatRefId: 'ref-1' }),
    uploadUrl: async () => {
      throw error;
    },
  }) as unknown as CatalogApi;

const noEvents = { phase: () => undefined, progress: () => undefined };

it('reports each failed attempt of a step with its trace id, and the upload then fails', async () => {
  const down = new ApiError('Service unavailable', 503, undefined, 'req-7');
  await expect(runUpload(catalogRefusingUrls(down), input, noEvents)).rejects.toThrow(
    'Something went wrong with your upload. Please try again. Thank you!',
  );
  const report = (attempt: number) => ({
    kind: 'upload',
    step: 'url',
    fileKind: 'snippet',
    attempt,
    traceId: 'req-7',
    message: 'Service unavailable',
    page: '/user/uploadBeats',
  });
  expect(sent).toEqual([report(1), report(2), report(3)]);
}, 10_000);

it('reports a refusal the producer must read once (it is not retried)', async () => {
  const refused = new ApiError('You can only upload 3 beats.', 403, undefined, 'req-8');
  await expect(runUpload(catalogRefusingUrls(refused), input, noEvents)).rejects.toThrow(
    'You can only upload 3 beats.',
  );
  expect(sent).toEqual([expect.objectContaining({ step: 'url', attempt: 1, traceId: 'req-8' })]);
});
