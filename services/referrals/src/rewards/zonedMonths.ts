/*
 * Months in a user's time zone (issue 23: active vs inactive "during the month" in the user's zone).
 * Pure, on the platform's Intl time-zone data: no library, no process zone.
 */

/** One formatter per zone: making one costs far more than using it (the run asks thousands of times). */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The zone's offset from UTC at `at`, in minutes (east positive). */
function offsetMinutes(zone: string, at: Date): number {
  const parts = formatterOf(zone).formatToParts(at);
  const field = (type: string) => Number(parts.find((part) => part.type === type)!.value);
  const local = Date.UTC(
    field('year'),
    field('month') - 1,
    field('day'),
    field('hour'),
    field('minute'),
    field('second'),
  );
  return Math.round((local - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** Local midnight of the 1st of `month` (YYYY-MM) in `zone`, as an instant. */
export function monthStart(month: string, zone: string): Date {
  const [year, monthIndex] = month.split('-').map(Number) as [number, number];
  const wall = Date.UTC(year, monthIndex - 1, 1);
  // Twice: the offset at the guess may differ from the offset at the answer across a DST change.
  let at = wall - offsetMinutes(zone, new Date(wall)) * 60_000;
  at = wall - offsetMinutes(zone, new Date(at)) * 60_000;
  return new Date(at);
}

/** The month after `month` (YYYY-MM). */
export function nextMonth(month: string): string {
  const [year, monthIndex] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, monthIndex, 1)).toISOString().slice(0, 7);
}

/** The month before `month` (YYYY-MM). */
export function previousMonth(month: string): string {
  const [year, monthIndex] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, monthIndex - 2, 1)).toISOString().slice(0, 7);
}

/** `month` in `zone` as the half-open interval [start, end). */
export const monthInterval = (month: string, zone: string) => ({
  start: monthStart(month, zone),
  end: monthStart(nextMonth(month), zone),
});

/** The month (YYYY-MM) `at` falls in, in `zone`. */
export function monthIn(at: Date, zone: string): string {
  const shifted = new Date(at.getTime() + offsetMinutes(zone, at) * 60_000);
  return shifted.toISOString().slice(0, 7);
}

/** The UTC months from `from`'s to `to`'s, both included. */
export function utcMonthsBetween(from: Date, to: Date): string[] {
  const months: string[] = [];
  const last = to.toISOString().slice(0, 7);
  for (let month = from.toISOString().slice(0, 7); month <= last; month = nextMonth(month))
    months.push(month);
  return months;
}
