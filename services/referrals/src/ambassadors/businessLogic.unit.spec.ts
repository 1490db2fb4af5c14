import { DomainError } from '@beatmatch/platform';
import { ambassadorDecider, decideAmbassador, type AmbassadorCommand } from './businessLogic';
import type { AmbassadorEvent } from './ambassador';

const now = new Date('2026-11-25T12:00:00Z');
const state = (events: AmbassadorEvent[]) =>
  events.reduce(ambassadorDecider.evolve, ambassadorDecider.initialState());
const granted: AmbassadorEvent = {
  type: 'AmbassadorGranted',
  data: { userId: 'u', grantedAt: now.toISOString() },
};
const command = (type: AmbassadorCommand['type']): AmbassadorCommand =>
  type === 'apply'
    ? { type, userId: 'u', message: 'I run a producer forum', now }
    : { type, userId: 'u', now };

describe('the ambassador role', () => {
  it('an application lands in the queue; an ambassador cannot apply', () => {
    expect(decideAmbassador(command('apply'), state([]))).toEqual([
      {
        type: 'AmbassadorApplied',
        data: { userId: 'u', message: 'I run a producer forum', appliedAt: now.toISOString() },
      },
    ]);
    expect(() => decideAmbassador(command('apply'), state([granted]))).toThrow(DomainError);
  });

  it('grant and revoke change the role once (a second click records nothing)', () => {
    expect(decideAmbassador(command('grant'), state([]))).toEqual([granted]);
    expect(decideAmbassador(command('grant'), state([granted]))).toEqual([]);
    expect(decideAmbassador(command('revoke'), state([]))).toEqual([]);
    expect(decideAmbassador(command('revoke'), state([granted]))).toEqual([
      { type: 'AmbassadorRevoked', data: { userId: 'u', revokedAt: now.toISOString() } },
    ]);
  });
});
