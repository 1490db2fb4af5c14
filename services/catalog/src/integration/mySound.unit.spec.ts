import { mp3Key } from '@beatmatch/contracts';
import { sampleDna } from '@beatmatch/testing';
import { evolve, initialState, type BeatEvent, type UploadKind } from '../beats/beat';
import { toIntegrationEvents } from './publish';

/** A beat's whole life as its stream records it: drafted, MP3 received, published, renamed. */
function life(kind: UploadKind): BeatEvent[] {
  const at = '2026-11-25T12:00:00.000Z';
  const files = { snippetKey: null, mp3Key: mp3Key('song-1'), wavKey: null, stemsKey: null };
  return [
    {
      type: 'BeatDrafted',
      data: {
        ...{ beatId: 'song-1', producerId: 'artist-1', producerName: 'artist', name: 'My Demo', kind },
        ...{
          prices: { firstDate: 0, relationship: 0, marriage: null },
          crate: 'active',
          demo: false,
          draftedAt: at,
        },
      },
    },
    { type: 'BeatFilesReceived', data: { name: 'My Demo', files, cover: null, receivedAt: at } },
    { type: 'BeatPublished', data: { dna: sampleDna(), publishedAt: at } },
    { type: 'BeatRenamed', data: { name: 'Renamed', renamedAt: at } },
  ];
}

/** The integration events each append of the life publishes, in order. */
function published(kind: UploadKind): string[] {
  let state = initialState();
  return life(kind).flatMap((event) => {
    state = evolve(state, event);
    return toIntegrationEvents([event], state).map(({ event: sent }) => sent.type);
  });
}

describe('a My Sound upload (producer-side spec §4 isMySound)', () => {
  it('publishes as the artist’s song (received, analysed), never as a beat', () => {
    expect(published('mySound')).toEqual(['catalog.MySoundReceived', 'catalog.MySoundAnalysed']);
  });

  it('leaves a public upload publishing as a beat', () => {
    expect(published('public')).toEqual(['catalog.BeatPublished', 'catalog.BeatRenamed']);
  });
});
