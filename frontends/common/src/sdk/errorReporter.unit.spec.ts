/** @jest-environment jsdom */
import type { ErrorReport } from '@beatmatch/contracts';
import { createApiClient } from './apiClient';
import { errorReportingFor, reportError, startErrorReporting } from './errorReporter';

// What reached the server: every report the send function was handed.
const sent: ErrorReport[] = [];
const send = async (report: ErrorReport) => void sent.push(report);
let stop: (() => void) | undefined;

beforeEach(() => {
  sent.length = 0;
  window.history.replaceState(null, '', '/user/uploadBeats?auth=secret-token');
});
afterEach(() => stop?.());

/** A gateway that answers every call with `status` and a problem body, with its request id. */
const gatewayAnswering = (status: number, body: object) =>
  createApiClient(async (input) => {
    const answer = input === '/api/csrf' ? { csrfToken: 't' } : body;
    const code = input === '/api/csrf' ? 200 : status;
    const headers = new Map([['x-request-id', 'req-42']]);
    return {
      ok: code < 400,
      status: code,
      headers,
      text: async () => JSON.stringify(answer),
    } as unknown as Response;
  });

// jsdom prints an error event nobody handled as a test failure; the page's own handler is the reporter.
const quiet = (event: ErrorEvent) => event.preventDefault();
beforeAll(() => window.addEventListener('error', quiet));
afterAll(() => window.removeEventListener('error', quiet));

const throwUncaught = (message: string) =>
  window.dispatchEvent(new ErrorEvent('error', { message, error: new Error(message) }));

describe('error reporting', () => {
  it('sends nothing from a development build: no uncaught error, no failed call', async () => {
    stop = errorReportingFor('development', send);
    expect(stop).toBeUndefined();
    throwUncaught('boom');
    reportError({ kind: 'upload', step: 'put', fileKind: 'wav', attempt: 1, message: 'refused' });
    await expect(gatewayAnswering(500, { message: 'down' }).call('beatmatch_manage_beats')).rejects.toThrow();
    expect(sent).toEqual([]);
  });

  it('reports an uncaught error of a production build with the path only (no query)', () => {
    stop = errorReportingFor('production', send, { build: '0.1.0+abc' });
    throwUncaught('x is not a function');
    expect(sent).toEqual([
      { kind: 'uncaught', message: 'x is not a function', page: '/user/uploadBeats', build: '0.1.0_abc' },
    ]);
  });

  it("reports a failed call with its name, status and the request's trace id, without e-mail addresses", async () => {
    stop = startErrorReporting(send);
    const api = gatewayAnswering(409, { message: 'ann@example.com is taken', code: 'conflict' });
    await expect(api.call('beatmatch_manage_beats')).rejects.toThrow('ann@example.com is taken');
    expect(sent).toEqual([
      {
        kind: 'api',
        call: 'beatmatch_manage_beats',
        status: 409,
        traceId: 'req-42',
        message: '[e-mail] is taken',
        page: '/user/uploadBeats',
      },
    ]);
  });

  it('stays silent on "User not authenticated" and on a failed report (no loop)', async () => {
    stop = startErrorReporting(send);
    const signedOut = gatewayAnswering(401, { message: 'User not authenticated', code: 'unauthenticated' });
    await expect(signedOut.call('beatmatch_auth')).rejects.toThrow();
    const down = gatewayAnswering(503, { message: 'down' });
    await expect(down.call('beatmatch_error_report', { kind: 'uncaught', message: 'x' })).rejects.toThrow();
    expect(sent).toEqual([]);
  });

  it('sends at most a page load’s share, then drops the rest', () => {
    stop = startErrorReporting(send, { perPage: 3 });
    for (let i = 0; i < 10; i += 1) throwUncaught(`loop ${i}`);
    expect(sent.map((report) => report.message)).toEqual(['loop 0', 'loop 1', 'loop 2']);
  });
});
