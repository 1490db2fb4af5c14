import { decodeIntegrationEvent } from './kafka';

/** What the Kafka adapter accepts as an integration event off the wire (anything else is dead-lettered). */
describe('decodeIntegrationEvent', () => {
  const event = {
    id: 'e-1',
    type: 'identity.UserRegistered',
    version: 1,
    occurredAt: '2026-11-22T07:00:00.000Z',
    payload: { userId: 'u-1' },
  };

  it('decodes the JSON envelope with its payload', () => {
    expect(decodeIntegrationEvent({ value: Buffer.from(JSON.stringify(event)) })).toEqual(event);
  });

  it('refuses a message without a value, with a value that is not JSON, or without the envelope fields', () => {
    expect(() => decodeIntegrationEvent({ value: null })).toThrow('Message has no value');
    expect(() => decodeIntegrationEvent({ value: Buffer.from('not json') })).toThrow(SyntaxError);
    const { id: _id, ...withoutId } = event;
    expect(() => decodeIntegrationEvent({ value: Buffer.from(JSON.stringify(withoutId)) })).toThrow(
      /Not an integration event/,
    );
    expect(() =>
      decodeIntegrationEvent({ value: Buffer.from(JSON.stringify({ ...event, version: 0 })) }),
    ).toThrow(/Not an integration event/);
    expect(() =>
      decodeIntegrationEvent({ value: Buffer.from(JSON.stringify({ ...event, occurredAt: 'yesterday' })) }),
    ).toThrow(/Not an integration event/);
  });
});
