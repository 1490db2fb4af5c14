import { Router } from 'express';
import { TEXT_SEARCH_RESULTS } from '@beatmatch/contracts';
import { handleCall } from '@beatmatch/platform';
import type { BeatPool } from '../../beats/pool';
import { matchCard } from '../similarity';
import { searchByText } from './search';
import type { TextSearch } from './textSearch';

/** beatmatch_text_search (artist-side spec §2 Text search, §7): open to everyone (§6). */
export function textSearchRouter({ pool, text }: { pool: BeatPool; text: TextSearch }): Router {
  const router = Router();
  handleCall(router, 'beatmatch_text_search', async ({ textToQuery }) => {
    const candidates = await pool.activePlayable();
    text.index.index(candidates);
    const vector = await text.queryVector(textToQuery);
    const ranked = searchByText(candidates, text.index, textToQuery, vector, TEXT_SEARCH_RESULTS);
    return { beats: ranked.map(matchCard) };
  });
  return router;
}
