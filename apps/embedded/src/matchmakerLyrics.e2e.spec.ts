import { ApiClient, signedInClient } from './apiClient';
import { shippedSystem } from './fixtures/system';
import { announcedBeat, deviceOf, eventually } from './fixtures/world';

/**
 * Lyrics belong to the signed-in caller (artist-side spec §4), whatever uuid the body names: the
 * matchmaker takes the listener from the caller the gateway vouches for, never from the request.
 */
const shipped = shippedSystem('lyrics');
beforeAll(() => shipped.start(), 240_000);
afterAll(() => shipped.stop());

type Lyrics = { lyrics: string; signIn: boolean };

it("save_lyrics with another device's uuid in the body lands on the caller's own listener only", async () => {
  const system = shipped.current;
  const beat = await announcedBeat(system);
  const writer = await signedInClient(system, 'lyricwriter', 'artist');
  const owner = await signedInClient(system, 'deviceowner', 'artist');
  const visitor = new ApiClient(system.url);
  const writerDevice = await deviceOf(writer);
  const ownersDevice = await deviceOf(owner);
  const visitorsDevice = await deviceOf(visitor);
  const lyricsOf = async (client: ApiClient, uuid: string) =>
    (await client.post<Lyrics>('get_lyrics', { beatId: beat.beatId, uuid })).body;

  // Saved once the matchmaker knows the beat, naming the other user's device in the body.
  const saved = await eventually(async () => {
    const answer = await writer.post<Lyrics>('save_lyrics', {
      beatId: beat.beatId,
      uuid: ownersDevice,
      lyrics: 'Verse one, my own',
    });
    return answer.status === 200 ? answer : undefined;
  }, 30_000);
  expect(saved.body).toEqual({ lyrics: 'Verse one, my own', signIn: false });

  expect(await lyricsOf(writer, writerDevice)).toEqual({ lyrics: 'Verse one, my own', signIn: false });
  expect(await lyricsOf(owner, ownersDevice)).toEqual({ lyrics: '', signIn: false });
  expect(await lyricsOf(visitor, visitorsDevice)).toEqual({ lyrics: '', signIn: true });
});
