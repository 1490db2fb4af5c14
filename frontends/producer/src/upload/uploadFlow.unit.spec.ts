import { ApiError, NetworkError } from '@beatmatch/frontend-common/sdk';
import { cut, defaultSnippet } from './audio';
import { MESSAGES } from './checks';
import { uploadOrder, withRetries } from './uploadFlow';

const noWait = async () => undefined;

describe('the upload steps', () => {
  it('retries a failing step twice more, then gives the spec text', async () => {
    let attempts = 0;
    const step = async () => {
      attempts++;
      throw new NetworkError();
    };
    await expect(withRetries(step, 3, noWait)).rejects.toThrow(MESSAGES.uploadFailed);
    expect(attempts).toBe(3);
  });

  it('succeeds when a retry does', async () => {
    let attempts = 0;
    const step = async () => {
      attempts++;
      if (attempts < 3) throw new ApiError('Bad gateway', 502);
      return 'ok';
    };
    await expect(withRetries(step, 3, noWait)).resolves.toBe('ok');
  });

  it("does not retry a refusal the producer must read, and keeps the server's text", async () => {
    let attempts = 0;
    const step = async () => {
      attempts++;
      throw new ApiError('You can only upload 3 beats. Please subscribe to upload more.', 403, 'upload_cap');
    };
    await expect(withRetries(step, 3, noWait)).rejects.toThrow('You can only upload 3 beats.');
    expect(attempts).toBe(1);
  });

  it('uploads snippet, mp3, wav, then stems; a private upload mp3, wav, then stems', () => {
    const wav = new File([new Uint8Array(4)], 'beat.wav');
    const stems = new File([new Uint8Array(4)], 'stems.zip');
    const cover = new File([new Uint8Array(4)], 'cover.png');
    const prices = {
      firstDatePackagePrice: '1.00',
      relationshipPackagePrice: '2.00',
      marriagePackagePrice: '-',
    };
    const common = { name: 'Night', mp3: new Blob(), wav };
    const pub = { ...common, kind: 'public' as const, prices, cover, snippet: new Blob() };
    expect(uploadOrder(pub).map((f) => f.type)).toEqual(['snippet', 'mp3', 'wav']);
    expect(uploadOrder({ ...pub, stems }).map((f) => f.type)).toEqual(['snippet', 'mp3', 'wav', 'trackout']);
    const priv = { ...common, kind: 'private' as const };
    expect(uploadOrder(priv).map((f) => f.type)).toEqual(['mp3', 'wav']);
    expect(uploadOrder({ ...priv, stems }).map((f) => f.type)).toEqual(['mp3', 'wav', 'trackout']);
  });

  it('places the snippet at 60–90 s, earlier in a short beat, and cuts those samples', () => {
    expect(defaultSnippet(180)).toEqual({ start: 60, end: 90 });
    expect(defaultSnippet(70)).toEqual({ start: 40, end: 70 });
    expect(defaultSnippet(12)).toEqual({ start: 0, end: 12 });
    const rate = 100;
    const ramp = Float32Array.from({ length: 100 * rate }, (_, i) => i);
    const part = cut({ channels: [ramp, ramp], sampleRate: rate, duration: 100 }, 60, 90);
    expect(part.channels[0].length).toBe(30 * rate);
    expect(part.channels[0][0]).toBe(60 * rate);
    expect(part.duration).toBe(30);
  });
});
