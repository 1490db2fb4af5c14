import { Card, Typography } from 'antd';
import type { Part, RewardMonth } from './useReferralDashboard';

/** Producer-side spec §8: the graph's load error. */
export const CANNOT_LOAD_GRAPH = 'Can not load graph';

const WIDTH = 600;
const HEIGHT = 160;
const LABEL_ROOM = 20;
const MONTHS_SHOWN = 12;

/** '2026-11' as 'Nov 26'. */
const shortMonth = (month: string) => {
  const [year, index] = month.split('-').map(Number);
  return new Date(Date.UTC(year!, index! - 1, 1)).toLocaleDateString('en-US', {
    month: 'short',
    year: '2-digit',
    timeZone: 'UTC',
  });
};

/** One bar per month, oldest on the left; the running month is lighter (it is still adding up). */
function Bars({ months }: { months: RewardMonth[] }) {
  const shown = months.slice(0, MONTHS_SHOWN).reverse();
  const highest = Math.max(1, ...shown.map((month) => Number(month.total)));
  const slot = WIDTH / Math.max(shown.length, 1);
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT + LABEL_ROOM}`}
      width="100%"
      style={{ maxHeight: 220 }}
      role="group"
      aria-label="Kickback per month"
    >
      {shown.map((month, index) => {
        const label = `${shortMonth(month.month)}: $${month.total}${month.final ? '' : ' so far'}`;
        const height = (Math.max(0, Number(month.total)) / highest) * HEIGHT;
        return (
          <g key={month.month} role="img" aria-label={label}>
            <title>{label}</title>
            <rect
              x={index * slot + slot * 0.2}
              y={HEIGHT - height}
              width={slot * 0.6}
              height={height}
              rx={3}
              fill={month.final ? '#1677ff' : '#91caff'}
            />
            <text x={index * slot + slot / 2} y={HEIGHT + 15} fontSize={12} textAnchor="middle">
              {shortMonth(month.month)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** Kickback Stats: the rewards month by month (real figures; the spec's placeholder is not kept). */
export function KickbackStats({ months }: { months: Part<RewardMonth[]> }) {
  return (
    <Card title="Kickback Stats" loading={months.status === 'loading'}>
      {months.status === 'failed' ? (
        <Typography.Text type="danger">{CANNOT_LOAD_GRAPH}</Typography.Text>
      ) : months.status === 'ready' ? (
        <Bars months={months.value} />
      ) : null}
    </Card>
  );
}
