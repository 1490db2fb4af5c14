import {
  ScheduleAlreadyRunning,
  type CalendarSpec,
  type Client,
  type ScheduleHandle,
  type ScheduleOverlapPolicy,
} from '@temporalio/client';

/** A schedule that starts one workflow type on calendar times (e.g. a monthly run). */
export interface ScheduleDefinition {
  /** Stable id: the same id is one schedule, however often the service starts. */
  id: string;
  spec: { calendars: CalendarSpec[]; timezone?: string };
  action: { workflowType: string; taskQueue: string; args?: unknown[] };
  /** What happens when a run is still going at the next time (Temporal's default: skip it). */
  overlap?: ScheduleOverlapPolicy;
}

/**
 * Creates the schedule, or brings an existing one with this id up to date (times, workflow, task
 * queue), so every replica of a service may call it at every start. Its paused state and the runs it
 * already started are kept.
 */
export async function ensureSchedule(
  client: Client,
  definition: ScheduleDefinition,
): Promise<ScheduleHandle> {
  const spec = { calendars: definition.spec.calendars, timezone: definition.spec.timezone };
  const action = {
    type: 'startWorkflow' as const,
    workflowType: definition.action.workflowType,
    taskQueue: definition.action.taskQueue,
    args: definition.action.args ?? [],
  };
  const policies = definition.overlap ? { overlap: definition.overlap } : {};
  try {
    return await client.schedule.create({ scheduleId: definition.id, spec, action, policies });
  } catch (error) {
    if (!(error instanceof ScheduleAlreadyRunning)) throw error;
  }
  const handle = client.schedule.getHandle(definition.id);
  await handle.update((previous) => ({
    ...previous,
    spec,
    action,
    policies: { ...previous.policies, ...policies },
    state: { paused: previous.state.paused, note: previous.state.note },
  }));
  return handle;
}
