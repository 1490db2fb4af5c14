import type { StatGraph } from '@beatmatch/contracts';
import { Card, Segmented } from 'antd';
import { useState } from 'react';

export type StatKind = 'Sales' | 'Plays' | 'Matches';
const KINDS: StatKind[] = ['Sales', 'Plays', 'Matches'];

type Day = StatGraph['days'][number];
const valueOf = (day: Day, kind: StatKind): number =>
  kind === 'Sales' ? Number(day.sales) : kind === 'Plays' ? day.plays : day.matches;
export const shownValue = (day: Day, kind: StatKind): string =>
  kind === 'Sales' ? `$${day.sales}` : String(valueOf(day, kind));

// Drawn in these units and scaled to the card's width, but never taller than MAX_HEIGHT pixels, so
// the labels keep a readable size on wide screens.
const WIDTH = 800;
const HEIGHT = 180;
const LABEL_ROOM = 20;
const MAX_HEIGHT = 240;

/** '2026-11-03' as 'Nov 3' (the day is already the producer's; no zone shift on display). */
const shortDay = (day: string) => {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, date!)).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
};

/** One bar per day; a refund-heavy day (negative sales) draws no bar but still says its value. */
function Bars({ days, kind }: { days: Day[]; kind: StatKind }) {
  const highest = Math.max(1, ...days.map((day) => valueOf(day, kind)));
  const slot = WIDTH / days.length;
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT + LABEL_ROOM}`}
      width="100%"
      style={{ maxHeight: MAX_HEIGHT }}
      role="group"
      aria-label={`${kind} per day over the last ${days.length} days`}
    >
      {days.map((day, index) => {
        const height = (Math.max(0, valueOf(day, kind)) / highest) * HEIGHT;
        return (
          <g key={day.day} aria-label={`${shortDay(day.day)}: ${shownValue(day, kind)}`} role="img">
            <title>{`${shortDay(day.day)}: ${shownValue(day, kind)}`}</title>
            <rect
              x={index * slot + slot * 0.15}
              y={HEIGHT - height}
              width={slot * 0.7}
              height={height}
              rx={3}
              fill="#1677ff"
            />
            <text x={index * slot + slot / 2} y={HEIGHT + 15} fontSize={12} textAnchor="middle">
              {shortDay(day.day)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** The 8-day chart (artist-side spec §2, §9) with its Sales / Plays / Matches toggle. */
export function StatsChart({ graph }: { graph: StatGraph }) {
  const [kind, setKind] = useState<StatKind>('Sales');
  return (
    <Card
      title="7 Day Stats"
      extra={<Segmented<StatKind> options={KINDS} value={kind} onChange={setKind} aria-label="Chart shows" />}
    >
      <Bars days={graph.days} kind={kind} />
    </Card>
  );
}
