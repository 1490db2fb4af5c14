/**
 * A listener (a visitor's device or a user) as an event-sourced stream: the beats served to it, its
 * passes, matches and lyrics. A device's activity moves to the user who signs in on it
 * (DeviceMerged on the user's stream, DeviceHandedOver on the device's, which starts it afresh), so a
 * visitor on that device later never sees the account's matches.
 */
export type ListenerId = `user:${string}` | `device:${string}`;
export const userListener = (userId: string): ListenerId => `user:${userId}`;
export const deviceListener = (uuid: string): ListenerId => `device:${uuid}`;
export const listenerStream = (listener: ListenerId) => `listener-${listener}`;
export const listenerOfStream = (stream: string) => stream.slice('listener-'.length) as ListenerId;

// A type (not an interface) so it fits DomainEvent's Record<string, unknown> data.
export type BeatRef = { beatId: string; producerId: string; at: string };
export type ListenerEvent =
  /** Served by the player (counts towards the day's plays). */
  | { type: 'BeatServed'; data: BeatRef & { day: string } }
  /** Played again from a list (add_play); not counted towards the limit. */
  | { type: 'BeatReplayed'; data: BeatRef }
  | { type: 'BeatPassed'; data: BeatRef }
  | { type: 'BeatMatched'; data: BeatRef }
  | { type: 'MatchRemoved'; data: BeatRef }
  | { type: 'LyricsSaved'; data: { beatId: string; lyrics: string; at: string } }
  | {
      type: 'DeviceMerged';
      data: {
        deviceId: string;
        matched: BeatRef[];
        passed: BeatRef[];
        served: BeatRef[];
        days: Record<string, number>;
        at: string;
      };
    }
  | { type: 'DeviceHandedOver'; data: { userId: string; at: string } };

export interface ListenerState {
  matched: Record<string, BeatRef>;
  passed: Record<string, BeatRef>;
  served: Record<string, BeatRef>;
  /** Beats served per listener-day ('YYYY-MM-DD' in the listener's time zone). */
  days: Record<string, number>;
  /** Anything happened since the stream began or was handed over. */
  active: boolean;
}

export const initialState = (): ListenerState => ({
  matched: {},
  passed: {},
  served: {},
  days: {},
  active: false,
});

const without = (record: Record<string, BeatRef>, beatId: string) => {
  const { [beatId]: _removed, ...rest } = record;
  return rest;
};

export function evolve(state: ListenerState, event: ListenerEvent): ListenerState {
  switch (event.type) {
    case 'BeatServed':
      return {
        ...state,
        active: true,
        served: { ...state.served, [event.data.beatId]: event.data },
        days: { ...state.days, [event.data.day]: (state.days[event.data.day] ?? 0) + 1 },
      };
    case 'BeatReplayed':
      return { ...state, active: true };
    case 'BeatPassed':
      return { ...state, active: true, passed: { ...state.passed, [event.data.beatId]: event.data } };
    case 'BeatMatched':
      return {
        ...state,
        active: true,
        matched: { ...state.matched, [event.data.beatId]: event.data },
        passed: without(state.passed, event.data.beatId),
      };
    case 'MatchRemoved':
      return { ...state, active: true, matched: without(state.matched, event.data.beatId) };
    case 'LyricsSaved':
      return state;
    case 'DeviceMerged': {
      const matched = { ...state.matched };
      for (const ref of event.data.matched) matched[ref.beatId] ??= ref;
      const passed = { ...state.passed };
      for (const ref of event.data.passed) if (!matched[ref.beatId]) passed[ref.beatId] ??= ref;
      const served = { ...state.served };
      for (const ref of event.data.served) served[ref.beatId] ??= ref;
      const days = { ...state.days };
      for (const [day, count] of Object.entries(event.data.days)) days[day] = (days[day] ?? 0) + count;
      return { matched, passed, served, days, active: true };
    }
    case 'DeviceHandedOver':
      return initialState();
  }
}

/** The listener's day ('YYYY-MM-DD') at `at` in `timeZone` (IANA; UTC when absent). */
export function listenerDay(at: Date, timeZone: string | null | undefined): string {
  const zone = timeZone || 'UTC';
  let format = dayFormats.get(zone);
  if (!format) {
    // Building a formatter costs far more than formatting (it was 5% of beat_play's CPU): one per zone.
    if (dayFormats.size >= 1000) dayFormats.clear();
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(zone, format);
  }
  return format.format(at);
}
const dayFormats = new Map<string, Intl.DateTimeFormat>();
