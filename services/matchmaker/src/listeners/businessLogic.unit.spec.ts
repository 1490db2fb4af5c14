import { DomainError } from '@beatmatch/platform';
import { listenerDecider, type Serve } from './businessLogic';
import { listenerDay, type ListenerEvent, type ListenerState } from './listener';

const at = new Date('2026-11-20T12:00:00Z');
const metadata = { now: at };
const fold = (events: ListenerEvent[]): ListenerState =>
  events.reduce(listenerDecider.evolve, listenerDecider.initialState());
const beat = { beatId: 'b1', producerId: 'p1' };
const serveCommand = (served: typeof beat, day: string, limit: number | null): Serve => ({
  type: 'Serve',
  data: { beat: served, day, limit },
  metadata,
});

describe('listener decider', () => {
  it('counts plays per listener-day and refuses the one over the limit', () => {
    let state = listenerDecider.initialState();
    for (let i = 0; i < 25; i++) {
      const events = listenerDecider.decide(
        serveCommand({ ...beat, beatId: `b${i}` }, '2026-11-20', 25),
        state,
      ) as ListenerEvent[];
      state = events.reduce(listenerDecider.evolve, state);
    }
    expect(() => listenerDecider.decide(serveCommand(beat, '2026-11-20', 25), state)).toThrow(
      new DomainError('overlimit_plays', 'overlimit plays', 429),
    );
    expect(listenerDecider.decide(serveCommand(beat, '2026-11-21', 25), state)).toHaveLength(1);
    expect(listenerDecider.decide(serveCommand(beat, '2026-11-20', null), state)).toHaveLength(1);
  });

  it('puts the listener-day in their time zone', () => {
    const late = new Date('2026-11-20T23:30:00Z');
    expect(listenerDay(late, 'UTC')).toBe('2026-11-20');
    expect(listenerDay(late, 'Europe/Berlin')).toBe('2026-11-21');
    expect(listenerDay(late, 'America/Los_Angeles')).toBe('2026-11-20');
  });

  it('matches once, removes only what is matched, and a match clears a pass', () => {
    const passed = fold([{ type: 'BeatPassed', data: { ...beat, at: at.toISOString() } }]);
    const [match] = listenerDecider.decide(
      { type: 'Choose', data: { beat, choice: 'match' }, metadata },
      passed,
    ) as ListenerEvent[];
    const matched = listenerDecider.evolve(passed, match!);
    expect(matched.passed).toEqual({});
    expect(
      listenerDecider.decide({ type: 'Choose', data: { beat, choice: 'match' }, metadata }, matched),
    ).toEqual([]);
    expect(() =>
      listenerDecider.decide(
        { type: 'Choose', data: { beat, choice: 'match', strict: true }, metadata },
        matched,
      ),
    ).toThrow('This beat is already in your Match List.');
    expect(() =>
      listenerDecider.decide({ type: 'RemoveMatch', data: { beatId: 'b2' }, metadata }, matched),
    ).toThrow('This beat is not in your Match List.');
  });

  it('hands a device over: the user gains its activity, the device starts afresh', () => {
    const device = fold([
      { type: 'BeatServed', data: { ...beat, day: '2026-11-20', at: at.toISOString() } },
      { type: 'BeatMatched', data: { ...beat, at: at.toISOString() } },
    ]);
    const merge = listenerDecider.decide(
      { type: 'Merge', data: { deviceId: 'd1', device }, metadata },
      fold([]),
    ) as ListenerEvent[];
    const user = fold(merge);
    expect(Object.keys(user.matched)).toEqual(['b1']);
    expect(user.days).toEqual({ '2026-11-20': 1 });
    const handOver = listenerDecider.decide(
      { type: 'HandOver', data: { userId: 'u1' }, metadata },
      device,
    ) as ListenerEvent[];
    const after = handOver.reduce(listenerDecider.evolve, device);
    expect(after).toEqual(listenerDecider.initialState());
    expect(
      listenerDecider.decide({ type: 'Merge', data: { deviceId: 'd1', device: after }, metadata }, user),
    ).toEqual([]);
  });
});
