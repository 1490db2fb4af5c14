import { toIntegrationEvents } from './publish';

const at = new Date('2026-11-20T12:00:00Z');
const beat = { beatId: 'b1', producerId: 'p1' };

describe('integration events', () => {
  it('publishes plays, passes, matches and removals with the listener and user', () => {
    const messages = toIntegrationEvents(
      [
        { type: 'BeatMatched', data: { ...beat, at: at.toISOString() } },
        { type: 'LyricsSaved', data: { beatId: 'b1', lyrics: 'x', at: at.toISOString() } },
      ],
      'listener-user:u1',
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]!.key).toBe('b1');
    expect(messages[0]!.event).toMatchObject({
      type: 'matchmaker.BeatMatched',
      payload: { listenerId: 'user:u1', userId: 'u1', beatId: 'b1', producerId: 'p1' },
    });
  });
});
