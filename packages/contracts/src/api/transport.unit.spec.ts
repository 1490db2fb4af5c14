import {
  CALL_TRANSPORT_FILE,
  REGENERATE,
  committedCallTransport,
  renderCallTransport,
  transportOf,
} from '../../../../scripts/call-transport';
import { apiCalls, type CallDeclaration } from './index';
import { callTransport } from './transport';

/** The committed transport table is what the declarations generate (scripts/call-transport.ts). */
describe('callTransport', () => {
  it('has each declared call with its method and multipart file field', () => {
    const declared = Object.fromEntries(
      Object.entries(apiCalls as Record<string, CallDeclaration>).map(([name, call]) => [
        name,
        transportOf(call),
      ]),
    );
    expect(callTransport).toEqual(declared);
    expect(callTransport.beatmatch_upload_beat).toEqual({ method: 'post', multipart: 'coverArt' });
  });

  it(`is the generated file, byte for byte (after changing a declaration run: ${REGENERATE})`, () => {
    if (committedCallTransport() !== renderCallTransport())
      throw new Error(`${CALL_TRANSPORT_FILE} drifts from apiCalls. Run: ${REGENERATE}`);
  });
});
