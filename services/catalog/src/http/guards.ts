import type { Request } from 'express';
import { CATALOG_MESSAGES } from '@beatmatch/contracts';
import { HttpProblem } from '@beatmatch/platform';
import type { BeatCommands, BeatView } from '../beats/commands';

/** The signed-in caller's id (handleCall has refused everyone else for these calls). */
export const callerId = (req: Request): string => req.caller!.userId!;

/** The caller's own beat (any state but deleted), or 404 / 403 (404 too for another's private beat). */
export async function ownBeat(commands: BeatCommands, req: Request, beatId: string): Promise<BeatView> {
  const beat = await commands.getBeat(beatId);
  if (!beat || (beat.isPrivate && beat.producerId !== callerId(req)))
    throw new HttpProblem(404, CATALOG_MESSAGES.notFound, 'not_found');
  if (beat.producerId !== callerId(req))
    throw new HttpProblem(403, 'You can only change your own beats.', 'not_owner');
  return beat;
}

/** The caller's own upload that is still being sent (a draft), or 404 / 403 / 409. */
export async function ownDraft(commands: BeatCommands, req: Request, beatId: string): Promise<BeatView> {
  const beat = await ownBeat(commands, req, beatId);
  if (beat.status !== 'draft')
    throw new HttpProblem(409, 'This upload is already finished. Please start a new upload.', 'not_draft');
  return beat;
}
