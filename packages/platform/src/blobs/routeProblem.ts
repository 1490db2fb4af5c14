import type { Response } from 'express';

/** A problem answer of the signed-URL routes; a stream already under way is cut instead. */
export function routeProblem(res: Response, status: number, title: string) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.status(status).type('application/problem+json').json({ type: 'about:blank', title, status });
}
