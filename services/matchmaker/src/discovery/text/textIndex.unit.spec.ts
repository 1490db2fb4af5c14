import { EncoderStoppedError } from './encoderClient';
import { poolBeat } from './poolBeat.fixture';
import { TextIndex } from './textIndex';

/** What the index reports when the encoder refuses its background batches. */
describe('text index: background embedding errors', () => {
  const beats = ['One', 'Two', 'Three', 'Four', 'Five'].map((name) => poolBeat(name));

  it('reports nothing when the encoder was closed (shutdown refuses every queued batch)', async () => {
    const reported: unknown[] = [];
    const index = new TextIndex(
      { embedInBackground: () => Promise.reject(new EncoderStoppedError()) },
      (error) => reported.push(error),
    );
    index.index(beats);
    await index.settled();
    expect(reported).toEqual([]);
    expect(index.embeddedCount(beats)).toBe(0);
  });

  it('reports any other failure, once per batch', async () => {
    const reported: unknown[] = [];
    const index = new TextIndex(
      { embedInBackground: () => Promise.reject(new Error('The sentence encoder failed.')) },
      (error) => reported.push(error),
    );
    index.index(beats);
    await index.settled();
    expect(reported).toHaveLength(3);
  });
});
