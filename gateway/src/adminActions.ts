import type { Request, Response } from 'express';
import { findCall } from '@beatmatch/contracts';
import {
  fetchInTrace,
  INTERNAL_TOKEN_HEADER,
  type Caller,
  type InternalTokenIssuer,
  type Logger,
} from '@beatmatch/platform';

/**
 * The log of admin actions (issue 26): once an admin call by an admin has answered, identity records
 * who called it, when, and its status (not for calls that only read: their polls would bury the rest). In one place for every service, like the session lookup; the
 * body is not read here (it is streamed to the service), so the detail is the query string, if any.
 */
export class AdminActionLog {
  constructor(
    private readonly identityUrl: () => string,
    private readonly issuer: InternalTokenIssuer,
    private readonly logger: Logger,
  ) {}

  /** Records the call's outcome when its answer has been sent, if it is an admin call by an admin. */
  watch(name: string, caller: Caller, req: Request, res: Response): void {
    const call = findCall(name);
    if (call?.access !== 'admin' || call.readsOnly || !caller.roles?.includes('admin') || !caller.email)
      return;
    const query = req.originalUrl.indexOf('?');
    const detail = query === -1 ? '' : req.originalUrl.slice(query + 1, query + 2001);
    const by = caller.email;
    res.once('finish', () => {
      this.record({ by, action: name, status: res.statusCode, detail }).catch((error: unknown) =>
        this.logger.error({ err: error, action: name, by }, 'admin action not recorded'),
      );
    });
  }

  private async record(action: { by: string; action: string; status: number; detail: string }) {
    const response = await fetchInTrace('gateway → identity', `${this.identityUrl()}/admin/actions/record`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [INTERNAL_TOKEN_HEADER]: await this.issuer.issue({ gateway: true }),
      },
      body: JSON.stringify(action),
    });
    if (!response.ok) throw new Error(`identity answered ${response.status} to an admin action`);
  }
}
