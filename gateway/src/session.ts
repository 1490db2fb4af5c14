import type { Role } from '@beatmatch/contracts';
import {
  fetchInTrace,
  INTERNAL_TOKEN_HEADER,
  type Caller,
  type InternalTokenIssuer,
  type Logger,
} from '@beatmatch/platform';

export const SESSION_COOKIE = 'bm_session';

interface CacheEntry {
  caller: Caller | null;
  until: number;
}

/**
 * Resolves the session cookie to a caller by asking identity (the gateway stores nothing). Answers
 * are cached briefly so a page's burst of calls costs one lookup; logout drops the entry at once.
 */
export class SessionResolver {
  private readonly cache = new Map<string, CacheEntry>();

  constructor(
    private readonly identityUrl: () => string,
    private readonly issuer: InternalTokenIssuer,
    private readonly logger: Logger,
    private readonly ttlMs = 10_000,
    private readonly maxEntries = 10_000,
  ) {}

  async resolve(token: string | undefined): Promise<Caller | null> {
    if (!token || token.length > 200) return null;
    const cached = this.cache.get(token);
    if (cached && cached.until > Date.now()) return cached.caller;
    const response = await fetchInTrace('gateway → identity', `${this.identityUrl()}/sessions/resolve`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [INTERNAL_TOKEN_HEADER]: await this.issuer.issue({ gateway: true }),
      },
      body: JSON.stringify({ token }),
    });
    let caller: Caller | null = null;
    if (response.ok) {
      const body = (await response.json()) as {
        userId: string;
        userName: string;
        email: string;
        sessionId: string;
        roles?: Role[];
      };
      const { userId, userName, email, sessionId, roles } = body;
      caller = { userId, userName, email, sessionId, ...(roles?.length ? { roles } : {}) };
    } else if (response.status !== 401) {
      this.logger.warn({ status: response.status }, 'session lookup failed');
      throw new Error(`identity answered ${response.status} to a session lookup`);
    }
    if (this.cache.size >= this.maxEntries) this.cache.clear();
    this.cache.set(token, { caller, until: Date.now() + this.ttlMs });
    return caller;
  }

  /** A revocation from identity: drops the cached answers for that session, or all of the user's. */
  revoke(revocation: { userId: string; sessionId: string | null }) {
    for (const [token, entry] of this.cache) {
      const caller = entry.caller;
      if (!caller || caller.userId !== revocation.userId) continue;
      if (revocation.sessionId === null || caller.sessionId === revocation.sessionId)
        this.cache.delete(token);
    }
  }

  forget(token: string | undefined) {
    if (token) this.cache.delete(token);
  }
}
