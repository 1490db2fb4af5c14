import { randomUUID } from 'node:crypto';
import { requireEnv } from '@beatmatch/testing';
import { ensureSchedule, openTemporalClient, type TemporalClientHandle } from './temporal';

/**
 * Temporal Schedules on a real Temporal server (TEMPORAL_ADDRESS: the dev server from deploy/local/up):
 * the monthly runs call ensureSchedule at every start of every replica, so it must create once and
 * then only update.
 */
describe('ensureSchedule (TEMPORAL_ADDRESS)', () => {
  let temporal: TemporalClientHandle;
  const created: string[] = [];
  const monthly = { dayOfMonth: 1, hour: 3, minute: 0 };

  beforeAll(async () => {
    temporal = await openTemporalClient({ address: requireEnv('TEMPORAL_ADDRESS') });
  });
  afterAll(async () => {
    for (const id of created) await temporal.client.schedule.getHandle(id).delete();
    await temporal?.close();
  });

  const scheduleId = () => {
    const id = `schedule-test-${randomUUID()}`;
    created.push(id);
    return id;
  };

  it('creates a schedule with calendar times that starts the workflow on its task queue', async () => {
    const id = scheduleId();
    const handle = await ensureSchedule(temporal.client, {
      id,
      spec: { calendars: [monthly], timezone: 'Europe/Berlin' },
      action: { workflowType: 'monthlyPayoutRun', taskQueue: 'payouts-test', args: [{ dryRun: true }] },
    });
    const described = await handle.describe();
    expect(described.spec.timezone).toBe('Europe/Berlin');
    expect(described.spec.calendars).toEqual([
      expect.objectContaining({
        dayOfMonth: [{ start: 1, end: 1, step: 1 }],
        hour: [{ start: 3, end: 3, step: 1 }],
      }),
    ]);
    expect(described.action).toMatchObject({
      type: 'startWorkflow',
      workflowType: 'monthlyPayoutRun',
      taskQueue: 'payouts-test',
      args: [{ dryRun: true }],
    });
  });

  it('updates the schedule of the same id instead of failing or making a second, and keeps it paused', async () => {
    const id = scheduleId();
    const first = await ensureSchedule(temporal.client, {
      id,
      spec: { calendars: [monthly] },
      action: { workflowType: 'monthlyPayoutRun', taskQueue: 'payouts-test' },
    });
    await first.pause('held by an operator');
    await ensureSchedule(temporal.client, {
      id,
      spec: { calendars: [{ ...monthly, dayOfMonth: 15 }] },
      action: { workflowType: 'monthlyReferralRun', taskQueue: 'referrals-test' },
    });
    const described = await temporal.client.schedule.getHandle(id).describe();
    expect(described.spec.calendars).toEqual([
      expect.objectContaining({ dayOfMonth: [{ start: 15, end: 15, step: 1 }] }),
    ]);
    expect(described.action).toMatchObject({
      workflowType: 'monthlyReferralRun',
      taskQueue: 'referrals-test',
    });
    expect(described.state.paused).toBe(true);
  });
});
