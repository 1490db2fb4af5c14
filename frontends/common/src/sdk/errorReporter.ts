// Error reporting from the browser (both spec documents: "an error-reporting service runs in
// production only"; producer-side §8: every failed upload step is reported). The shell starts it in a
// production build (errorReportingFor); until then, and in development builds, reportError does nothing.
// It lives in the SDK because the SDK is the federation singleton: a remote's reportError is the shell's.
import { REPORTS_PER_PAGE, withoutEmails, type CallName, type ErrorReport } from '@beatmatch/contracts';

/** Sends one report to the server (the SDK's beatmatch_error_report call). */
export type SendReport = (report: ErrorReport) => Promise<unknown>;

/** The call that carries reports: its own failures are dropped, never reported (no loop). */
export const REPORT_CALL: CallName = 'beatmatch_error_report';

let sendReport: ((report: ErrorReport) => void) | undefined;

/** Reports an error where reporting was started; elsewhere (development, tests) does nothing. */
export function reportError(report: ErrorReport): void {
  sendReport?.(report);
}

/** Text the report's token fields accept: letters, digits and `_.:/-`, clipped. */
const tokenOf = (text: string, max: number) => text.replace(/[^\w.:/-]/g, '_').slice(0, max);

/** An error's text, whatever was thrown. */
export const describeError = (error: unknown): string =>
  error instanceof Error ? error.message || error.name : typeof error === 'string' ? error : 'Unknown error';

/**
 * Starts reporting: uncaught errors and unhandled rejections of `target`, and whatever reportError is
 * handed (failed calls, failed upload steps), each with the page's path (no query: a reset link's
 * carries its token) and the build. At most REPORTS_PER_PAGE per page load. Returns stop.
 */
export function startErrorReporting(
  send: SendReport,
  {
    target = window,
    build,
    perPage = REPORTS_PER_PAGE,
  }: { target?: Window; build?: string; perPage?: number } = {},
): () => void {
  let sent = 0;
  sendReport = (report) => {
    if (sent >= perPage) return;
    sent += 1;
    const message = withoutEmails(report.message).trim().slice(0, 500) || 'Unknown error';
    const page = tokenOf(target.location.pathname, 200);
    void send({ page, ...(build ? { build: tokenOf(build, 40) } : {}), ...report, message }).catch(
      () => undefined,
    );
  };
  const onError = (event: ErrorEvent) =>
    reportError({ kind: 'uncaught', message: event.message || describeError(event.error) });
  const onRejection = (event: PromiseRejectionEvent) =>
    reportError({ kind: 'uncaught', message: describeError(event.reason) });
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
    sendReport = undefined;
  };
}

/** Reporting for a build of `mode` (rspack's NODE_ENV): started in production only, else nothing. */
export function errorReportingFor(
  mode: string | undefined,
  send: SendReport,
  options: { target?: Window; build?: string } = {},
): (() => void) | undefined {
  return mode === 'production' ? startErrorReporting(send, options) : undefined;
}
