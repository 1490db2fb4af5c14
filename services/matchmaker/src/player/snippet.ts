import type { IncomingMessage, ServerResponse } from 'node:http';
import { snippetRequestSchema } from '@beatmatch/contracts';
import { parseInput, sendProblem, type PublicHandler } from '@beatmatch/platform';
import { findBeat } from '../beats/findBeat';
import type { BeatPool } from '../beats/pool';
import type { SnippetCache } from './snippetCache';

export interface SnippetDeps {
  pool: BeatPool;
  /** The snippets listeners play, held in memory (./snippetCache.ts). */
  snippets: SnippetCache;
}

/**
 * GET/HEAD of a playable beat's snippet: the beat looked up (whether it may be played is checked on
 * every request), then its bytes, from memory after the first play (README, "Snippets").
 */
export async function answerSnippet(
  deps: SnippetDeps,
  req: IncomingMessage,
  res: ServerResponse,
  beatId: string,
): Promise<void> {
  const beat = await findBeat(deps.pool, beatId);
  await deps.snippets.serve(req, res, beat.snippetKey!);
}

/**
 * The matchmaker's caller-free routes as plain Node handlers (`PublicHandler`), keyed by service path,
 * for the embedded gateway's public lane: the snippet, answered exactly as its Express route
 * (./api.ts) answers it.
 */
export function matchmakerPublicRoutes(deps: SnippetDeps): Readonly<Record<string, PublicHandler>> {
  return {
    '/player/snippet': async (req, res) => {
      try {
        // As Express reads `?beatId=`: one value is a string; none or several are not.
        const url = req.url ?? '';
        const query = url.indexOf('?');
        const values = query === -1 ? [] : new URLSearchParams(url.slice(query + 1)).getAll('beatId');
        const { beatId } = parseInput(snippetRequestSchema, {
          beatId: values.length === 1 ? values[0] : undefined,
        });
        await answerSnippet(deps, req, res, beatId);
      } catch (error) {
        sendProblem(req, res, error);
      }
    },
  };
}
