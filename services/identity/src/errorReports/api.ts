import { Router } from 'express';
import { ERROR_CODES } from '@beatmatch/contracts';
import { createCounter, handleCall, HttpProblem, type Logger } from '@beatmatch/platform';
import { perDeviceLimit } from './perDeviceLimit';
import { forwardTo, type ErrorTracker } from './sentryTracker';

export const ERROR_REPORT_MESSAGES = {
  tooMany: 'Too many error reports from this device. Please try again later.',
} as const;

/** The metric operators watch: reports by kind (and, for uploads, by step and file kind). */
export const clientErrors = createCounter(
  'beatmatch_client_errors_total',
  'Errors reported by production browsers, by kind (uncaught, api, upload), upload step and file kind',
);

/**
 * Error reports from production browsers: each is one warning log line carrying the failed request's
 * trace id (so the report and the request's own lines are found together) and the caller's user id,
 * and one increment of `beatmatch_client_errors_total`; forwarded to a hosted error tracker when one is
 * configured. Nothing is stored. Limited per device.
 */
export function errorReportsRouter(deps: {
  logger: Logger;
  limit?: ReturnType<typeof perDeviceLimit>;
  tracker?: ErrorTracker;
}) {
  const router = Router();
  const limit = deps.limit ?? perDeviceLimit();
  const forward = forwardTo(deps.tracker, deps.logger);

  handleCall(router, 'beatmatch_error_report', (report, { req }) => {
    const device = req.caller?.deviceId ?? req.caller?.userId ?? 'unknown';
    if (!limit.admit(device))
      throw new HttpProblem(429, ERROR_REPORT_MESSAGES.tooMany, ERROR_CODES.rateLimited);
    const recorded = { ...report, traceId: report.traceId ?? null, userId: req.caller?.userId ?? null };
    const { userId, ...clientError } = recorded;
    deps.logger.warn({ clientError, userId, requestId: req.id }, `client error reported: ${report.kind}`);
    forward(recorded);
    clientErrors.add({
      kind: report.kind,
      ...(report.step ? { step: report.step } : {}),
      ...(report.fileKind ? { fileKind: report.fileKind } : {}),
    });
    return { received: true as const, traceId: recorded.traceId };
  });

  return router;
}
