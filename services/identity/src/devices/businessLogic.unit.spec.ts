import { DeciderSpecification } from '@event-driven-io/emmett';
import { DomainError } from '@beatmatch/platform';
import { decisionOf } from '@beatmatch/testing';
import { deviceDecider } from './businessLogic';

const given = DeciderSpecification.for(deviceDecider);
// Emmett's then() ignores null fields and order; the decision is compared exactly.
const decide = decisionOf(deviceDecider);
const now = new Date('2026-11-22T10:00:00Z');
const issue = { type: 'IssueDeviceId', data: { deviceId: 'd1' }, metadata: { now } } as const;

describe('device decider', () => {
  it('issues a new device id', () =>
    expect(decide([], issue)).toEqual([
      { type: 'DeviceIdIssued', data: { deviceId: 'd1', issuedAt: now.toISOString() } },
    ]));
  it('never issues the same id twice', () =>
    given([{ type: 'DeviceIdIssued', data: { deviceId: 'd1', issuedAt: now.toISOString() } }])
      .when(issue)
      .thenThrows((error) => error instanceof DomainError && error.status === 409));
});
