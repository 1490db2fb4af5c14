import { randomUUID } from 'node:crypto';
import type { ErrorReport } from '@beatmatch/contracts';
import type { Logger } from '@beatmatch/platform';

/** A report as identity recorded it: the browser's fields, its trace id and the caller's user id. */
export type RecordedReport = Omit<ErrorReport, 'traceId'> & { traceId: string | null; userId: string | null };

/** Where recorded reports go besides the log: a hosted error tracker, when one is configured. */
export interface ErrorTracker {
  send(report: RecordedReport): Promise<void>;
}

/**
 * A tracker speaking Sentry's documented ingest API (the envelope endpoint, `X-Sentry-Auth` with the
 * DSN's public key), so an operator can point ERROR_TRACKER_DSN at Sentry or anything that speaks it.
 */
export function sentryTracker(dsn: string, fetchImpl: typeof fetch = fetch): ErrorTracker {
  const url = new URL(dsn);
  const projectId = url.pathname.split('/').filter(Boolean).pop();
  if (!url.username || !projectId)
    throw new Error('ERROR_TRACKER_DSN must be a DSN: scheme://key@host/project');
  const base = url.pathname.slice(0, url.pathname.lastIndexOf('/'));
  const endpoint = `${url.protocol}//${url.host}${base}/api/${projectId}/envelope/`;
  const auth = `Sentry sentry_version=7, sentry_key=${url.username}, sentry_client=beatmatch/0.1`;
  return {
    async send(report) {
      const response = await fetchImpl(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-sentry-envelope', 'x-sentry-auth': auth },
        body: sentryEnvelope(report),
      });
      if (!response.ok) throw new Error(`the error tracker answered ${response.status}`);
    },
  };
}

/** One event in Sentry's envelope format: a header line, an item header line, the event. */
export function sentryEnvelope(report: RecordedReport, now = new Date()): string {
  const eventId = randomUUID().replaceAll('-', '');
  const event = {
    event_id: eventId,
    timestamp: now.toISOString(),
    level: 'error',
    platform: 'javascript',
    logger: 'beatmatch.browser',
    message: { formatted: report.message },
    tags: {
      kind: report.kind,
      ...(report.traceId ? { trace_id: report.traceId } : {}),
      ...(report.call ? { call: report.call } : {}),
      ...(report.step ? { step: report.step } : {}),
      ...(report.fileKind ? { file_kind: report.fileKind } : {}),
    },
    extra: { attempt: report.attempt, status: report.status, page: report.page, build: report.build },
    ...(report.userId ? { user: { id: report.userId } } : {}),
  };
  return [
    JSON.stringify({ event_id: eventId, sent_at: now.toISOString() }),
    JSON.stringify({ type: 'event' }),
    JSON.stringify(event),
  ].join('\n');
}

/** Sends without holding the browser's answer: a tracker that is down costs a log line, not a report. */
export function forwardTo(tracker: ErrorTracker | undefined, logger: Logger) {
  return (report: RecordedReport) => {
    if (!tracker) return;
    tracker.send(report).catch((error: unknown) => {
      logger.warn({ err: error, traceId: report.traceId }, 'error report not forwarded to the error tracker');
    });
  };
}
