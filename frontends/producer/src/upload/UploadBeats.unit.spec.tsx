/** @jest-environment jsdom */
import '@beatmatch/frontend-common/testing/jsdomPolyfills';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { reply } from '@beatmatch/frontend-common/testing/fakeGateway';
import { renderPage } from '@beatmatch/frontend-common/testing/renderPage';
import { UploadBeats } from './UploadBeats';

// jsdom's Blob has no arrayBuffer(); browsers do. Read through FileReader here.
if (!Blob.prototype.arrayBuffer)
  Blob.prototype.arrayBuffer = function (this: Blob) {
    return new Promise<ArrayBuffer>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.onerror = () => reject(reader.error);
      reader.readAsArrayBuffer(this);
    });
  };

let status: Record<string, unknown>;
let allowance: Record<string, unknown>;

beforeEach(() => {
  status = { lifer: false, subscribed: false, plan: null };
  allowance = { uploads: 0, cap: 3, refusal: null };
  globalThis.fetch = (async (input: string) => {
    if (input === '/api/csrf') return reply(200, { csrfToken: 't' });
    if (input === '/api/member_active_status') return reply(200, status);
    if (input.startsWith('/api/beatmatch_upload_allowance')) return reply(200, allowance);
    if (input === '/api/beatmatch_last_uploaded_price')
      return reply(200, { firstDatePackage: '24.99', relationshipPackage: '49.99', marriagePackage: '-' });
    return reply(404, { message: `no route ${input}` });
  }) as unknown as typeof fetch;
});

const show = () => renderPage(<UploadBeats />, '/user/uploadBeats', { inApp: true });

const file = (name: string, bytes: number[]) => new File([new Uint8Array(bytes)], name);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

describe('the upload wizard, step 1', () => {
  it('shows the free cap banner to a producer without a plan, not to a subscriber', async () => {
    const { unmount } = show();
    expect(
      await screen.findByText('You can only upload 3 beats. Please subscribe to upload more.'),
    ).toBeTruthy();
    unmount();
    status = { lifer: false, subscribed: true, plan: 'producer_unlimited' };
    show();
    await screen.findByLabelText('Beat name');
    // Give the status call time to answer before looking for the banner's absence.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText('You can only upload 3 beats. Please subscribe to upload more.')).toBeNull();
  });

  it('says before the wizard starts that the plan’s uploads are used up, and opens no wizard', async () => {
    allowance = {
      uploads: 3,
      cap: 3,
      refusal: 'You can only upload 3 beats. Please subscribe to upload more.',
    };
    show();
    const reached = await screen.findByTestId('upload-cap-reached');
    expect(reached.textContent).toContain('You can only upload 3 beats. Please subscribe to upload more.');
    expect(screen.queryByLabelText('Beat name')).toBeNull();
  });

  it('keeps a typed price as typed and says what is wrong with it (never a silent $0.00)', async () => {
    show();
    fireEvent.change(await screen.findByLabelText('WAV file'), {
      target: { files: [file('beat.wav', [...ascii('RIFF'), 0, 0, 0, 0, ...ascii('WAVEfmt ')])] },
    });
    const first = (await screen.findByLabelText('First Date Package (MP3)')) as HTMLInputElement;
    await waitFor(() => expect(first.value).toBe('24.99'));
    for (const [typed, message] of [
      ['-5', 'Prices can not be negative.'],
      ['abc', 'Prices must be in dollars with at most 2 decimals.'],
      ['9.999', 'Prices must be in dollars with at most 2 decimals.'],
    ] as const) {
      fireEvent.change(first, { target: { value: typed } });
      expect(first.value).toBe(typed);
      expect(await screen.findByText(message)).toBeTruthy();
    }
    fireEvent.change(first, { target: { value: '0.00' } });
    await waitFor(() => expect(screen.queryByText(/^Prices /)).toBeNull());
  });

  it('asks for every file, refuses a file that is not a WAV, and prefills the last prices', async () => {
    show();
    fireEvent.change(await screen.findByLabelText('Beat name'), { target: { value: 'Night Drive' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Empty fields. Please ensure all files were chosen.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('WAV file'), {
      target: { files: [file('beat.wav', ascii('ID3 not a wav'))] },
    });
    expect(
      await screen.findByText('Uh oh! The wav file you selected does not seem to be a WAV.'),
    ).toBeTruthy();
    expect(screen.queryByLabelText('First Date Package (MP3)')).toBeNull();

    fireEvent.change(screen.getByLabelText('WAV file'), {
      target: { files: [file('beat.wav', [...ascii('RIFF'), 0, 0, 0, 0, ...ascii('WAVEfmt ')])] },
    });
    const first = (await screen.findByLabelText('First Date Package (MP3)')) as HTMLInputElement;
    await waitFor(() => expect(first.value).toBe('24.99'));
    expect((screen.getByLabelText('Relationship Package (MP3 + WAV)') as HTMLInputElement).value).toBe(
      '49.99',
    );
    // No stems: no Marriage price.
    expect(screen.queryByLabelText('Marriage Package (MP3 + WAV + stems)')).toBeNull();

    fireEvent.change(screen.getByLabelText('Track stems (optional, .zip or .rar)'), {
      target: { files: [file('stems.zip', ascii('not a zip'))] },
    });
    expect(await screen.findByText('Uh oh! The stems file must be a .zip or .rar.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Track stems (optional, .zip or .rar)'), {
      target: { files: [file('stems.zip', [0x50, 0x4b, 3, 4, 20, 0])] },
    });
    expect(await screen.findByLabelText('Marriage Package (MP3 + WAV + stems)')).toBeTruthy();
  });
});

/** A canonical 44-byte-header PCM WAV: 16-bit stereo at 44.1 kHz, `frames` frames of silence. */
function wavBytes(frames: number): number[] {
  const bytes = new Uint8Array(44 + frames * 4);
  const view = new DataView(bytes.buffer);
  bytes.set(ascii('RIFF'), 0);
  view.setUint32(4, 36 + frames * 4, true);
  bytes.set(ascii('WAVEfmt '), 8);
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 2, true);
  view.setUint32(24, 44100, true);
  view.setUint32(28, 44100 * 4, true);
  view.setUint16(32, 4, true);
  view.setUint16(34, 16, true);
  bytes.set(ascii('data'), 36);
  view.setUint32(40, frames * 4, true);
  return [...bytes];
}

describe('the upload wizard, a private beat', () => {
  // What the wizard asked of the catalog and the store, in order.
  let log: string[];
  let reference: Record<string, unknown> | undefined;
  let finalized: FormData | undefined;
  let puts: Map<string, Blob>;
  let encodeRequests: Array<{ channels: Float32Array[]; sampleRate: number }>;
  let workerUrls: string[];
  // The first PUT of the WAV fails (the store answers 503): the step is tried again.
  let failWavPutOnce: boolean;
  // The worker's answer: the bytes of an MP3 frame header (MPEG-1 layer III, 320 kbps, stereo).
  const mp3Out = new Uint8Array([0xff, 0xfb, 0xe0, 0x00, 1, 2, 3, 4]);

  beforeEach(() => {
    log = [];
    reference = undefined;
    finalized = undefined;
    puts = new Map();
    encodeRequests = [];
    workerUrls = [];
    failWavPutOnce = true;
    const browserFetch = globalThis.fetch;
    globalThis.fetch = (async (input: string, init?: RequestInit) => {
      const body =
        typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
      switch (input) {
        case '/api/beatmatch_create_reference':
          reference = body;
          log.push('reference');
          return reply(200, { beatRefId: 'b-private' });
        case '/api/get_presignedUrl':
          log.push(`url ${String(body!.type)}`);
          expect(body!.trackId).toBe('b-private');
          return reply(200, { data: `https://store.test/${String(body!.type)}`, method: 'PUT', headers: {} });
        case '/api/aws_upload':
          log.push(`confirm ${String(body!.type)}`);
          expect(body!.refId).toBe('b-private');
          return reply(200, { uploaded: body!.type });
        case '/api/beatmatch_upload_beat':
          finalized = init!.body as FormData;
          log.push('finalize');
          return reply(200, { uploaded: true, beatId: 'b-private' });
        default:
          return browserFetch(input, init);
      }
    }) as unknown as typeof fetch;

    // The browser's upload (the SDK PUTs with XMLHttpRequest for its progress events).
    globalThis.XMLHttpRequest = class {
      status = 0;
      responseText = '';
      upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      private url = '';
      open(method: string, url: string) {
        expect(method).toBe('PUT');
        this.url = url;
      }
      setRequestHeader() {}
      getResponseHeader() {
        return null;
      }
      abort() {}
      send(body: Blob) {
        const type = this.url.split('/').pop()!;
        log.push(`PUT ${type}`);
        setTimeout(() => {
          if (type === 'wav' && failWavPutOnce) {
            failWavPutOnce = false;
            this.status = 503;
          } else {
            puts.set(type, body);
            this.status = 200;
          }
          this.onload?.();
        }, 0);
      }
    } as unknown as typeof XMLHttpRequest;

    // The browser's decoder: two channels of the WAV's frames.
    globalThis.OfflineAudioContext = class {
      constructor(
        _channels: number,
        _length: number,
        readonly sampleRate: number,
      ) {}
      async decodeAudioData(bytes: ArrayBuffer) {
        const frames = (bytes.byteLength - 44) / 4;
        return {
          numberOfChannels: 2,
          sampleRate: this.sampleRate,
          duration: frames / this.sampleRate,
          getChannelData: () => new Float32Array(frames),
        };
      }
    } as unknown as typeof OfflineAudioContext;

    // The MP3 worker: its protocol (progress, then the MP3), not LAME itself.
    globalThis.Worker = class extends EventTarget {
      constructor(url: URL) {
        super();
        workerUrls.push(String(url));
      }
      postMessage(request: { id: number; channels: Float32Array[]; sampleRate: number }) {
        encodeRequests.push(request);
        const answer = (data: unknown) =>
          setTimeout(() => this.dispatchEvent(new MessageEvent('message', { data })), 0);
        answer({ id: request.id, type: 'progress', done: 0.5 });
        answer({ id: request.id, type: 'done', mp3: mp3Out.slice() });
      }
    } as unknown as typeof Worker;
  });

  it('is one step with Upload: the WAV to MP3, then mp3, wav and stems with the private flag, no snippet', async () => {
    show();
    fireEvent.change(await screen.findByLabelText('Beat name'), { target: { value: ' Late Night ' } });
    fireEvent.change(screen.getByLabelText('WAV file'), {
      target: { files: [file('late.wav', wavBytes(441))] },
    });
    // A public beat asks for prices and goes on to the snippet step.
    await screen.findByLabelText('First Date Package (MP3)');
    expect(screen.getByText('Snippet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' })).toBeTruthy();

    fireEvent.click(screen.getByRole('switch', { name: 'Private beat' }));
    expect(
      screen.getByText(
        'Private beats are not shown to artists and have no prices. Manage Beats lists them with a Private badge.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Optional for a private beat.')).toBeTruthy();
    expect(screen.queryByLabelText('First Date Package (MP3)')).toBeNull();
    expect(screen.queryByText('Snippet')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();

    const stems = file('stems.zip', [0x50, 0x4b, 3, 4, 20, 0]);
    fireEvent.change(screen.getByLabelText('Track stems (optional, .zip or .rar)'), {
      target: { files: [stems] },
    });
    await waitFor(() => expect(screen.getByText('stems.zip (0.0 MB)')).toBeTruthy());
    const wav = (screen.getByLabelText('WAV file') as HTMLInputElement).files![0]!;

    // No cover art: optional for a private beat.
    fireEvent.click(screen.getByRole('button', { name: /Upload/ }));
    expect((await screen.findAllByText('Uploaded Late Night successfully')).length).toBeGreaterThan(0);

    // Converted by the wizard's MP3 worker from the decoded WAV (two channels at its 44.1 kHz).
    expect(workerUrls).toEqual([expect.stringMatching(/mp3\.worker\.ts$/)]);
    expect(encodeRequests).toHaveLength(1);
    expect(encodeRequests[0]!.sampleRate).toBe(44100);
    expect(encodeRequests[0]!.channels.map((c) => c.length)).toEqual([441, 441]);

    // The reference carries the flag and no prices; the catalog fixes the upload's kind there.
    expect(reference).toEqual({ name: 'Late Night', isPrivate: true, isBeatBattle: false, isMySound: false });
    // The spec's private order (mp3, wav, stems), each URL → PUT → confirm; the failed WAV PUT retried.
    expect(log).toEqual([
      'reference',
      'url mp3',
      'PUT mp3',
      'confirm mp3',
      'url wav',
      'PUT wav',
      'url wav',
      'PUT wav',
      'confirm wav',
      'url trackout',
      'PUT trackout',
      'confirm trackout',
      'finalize',
    ]);
    expect(log.some((entry) => entry.includes('snippet'))).toBe(false);
    expect(new Uint8Array(await puts.get('mp3')!.arrayBuffer())).toEqual(mp3Out);
    expect(puts.get('wav')).toBe(wav);
    expect(puts.get('trackout')).toBe(stems);
    expect(finalized!.get('name')).toBe('Late Night');
    expect(finalized!.get('beatRefId')).toBe('b-private');
    expect(finalized!.get('zipUploaded')).toBe('true');
    expect(finalized!.has('coverArt')).toBe(false);
  });
});
