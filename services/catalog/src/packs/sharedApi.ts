import type { Request, Router } from 'express';
import { PACK_MESSAGES } from '@beatmatch/contracts';
import { handleCall, HttpProblem } from '@beatmatch/platform';
import type { PackApiDeps } from './deps';
import type { PackRow, ShareRow } from './readModel';
import { viewerTokenHash } from './secrets';
import { packView } from './views';

/** Seconds a pack download's signed URL lives. */
const DOWNLOAD_URL_SECONDS = 300;

const notFound = () => new HttpProblem(404, PACK_MESSAGES.packNotFound, 'not_found');

/** The addresses the caller stands for: their account's, and a verified visitor token's. */
async function callerEmails(deps: PackApiDeps, req: Request, access: string | undefined): Promise<string[]> {
  const emails: string[] = [];
  if (req.caller?.email) emails.push(req.caller.email.trim().toLowerCase());
  if (access) {
    const verified = await deps.packQueries.viewerEmail(viewerTokenHash(access), deps.clock());
    if (verified) emails.push(verified);
  }
  return emails;
}

/**
 * A private pack and the caller's share of it; anything else (no such pack, a public one, not shared
 * with the caller) is the same 404, so a private pack's existence is not revealed.
 */
async function sharedPack(
  deps: PackApiDeps,
  req: Request,
  urlId: string,
  access: string | undefined,
): Promise<{ pack: PackRow; share: ShareRow }> {
  const pack = await deps.packQueries.byUrl(urlId);
  if (!pack?.isPrivate) throw notFound();
  for (const email of await callerEmails(deps, req, access)) {
    const share = await deps.packQueries.activeShare(pack.packId, email);
    if (share) return { pack, share };
  }
  throw notFound();
}

function viewRoutes(router: Router, deps: PackApiDeps): void {
  // Only a public pack says so: a private pack and an address that names no pack answer alike (the
  // page then asks for the viewer's access), so the answer does not reveal that a private pack exists.
  handleCall(router, 'isPackPublicOrPrivate', async ({ urlId }) => {
    const pack = await deps.packQueries.byUrl(urlId);
    return { isPrivate: !pack || pack.isPrivate };
  });
  handleCall(router, 'getPublicBeatPackFromId', async ({ urlId }, { req }) => {
    const pack = await deps.packQueries.byUrl(urlId);
    if (!pack || pack.isPrivate) throw notFound();
    const beats = await deps.packQueries.beatsOf([pack.packId]);
    return packView(pack, beats, { signedIn: Boolean(req.caller?.userId) });
  });
  handleCall(router, 'getPrivateBeatPackFromId', async ({ urlId, access }, { req }) => {
    const { pack, share } = await sharedPack(deps, req, urlId, access);
    const beats = await deps.packQueries.beatsOf([pack.packId]);
    return packView(pack, beats, { signedIn: Boolean(req.caller?.userId), rights: share });
  });
  handleCall(router, 'getPackList', async ({ access }, { req }) => {
    const packs = (
      await Promise.all(
        (await callerEmails(deps, req, access)).map((email) => deps.packQueries.sharedWith(email)),
      )
    ).flat();
    const byProducer = new Map<string, Map<string, string>>();
    for (const pack of packs) {
      const list = byProducer.get(pack.producerName) ?? new Map<string, string>();
      list.set(pack.urlId, pack.name);
      byProducer.set(pack.producerName, list);
    }
    return {
      data: [...byProducer].map(([producer, list]) => ({
        producer,
        beatPacks: [...list].map(([url, name]) => ({ name, url })),
      })),
    };
  });
}

function accessRoutes(router: Router, deps: PackApiDeps): void {
  handleCall(router, 'privatePackSignIn', async (input) => {
    if (input.step === 1) {
      // The same answer whether or not anything is shared with the address (nothing is revealed).
      if ((await deps.packQueries.sharedWith(input.email)).length > 0)
        await deps.packs.issueCode(input.email);
      return { step: 1 as const, message: PACK_MESSAGES.codeSent };
    }
    return { step: 2 as const, ...(await deps.packs.checkCode(input.email, input.code)) };
  });
  handleCall(router, 'get_pack_downloadable', async ({ downloadable, beatId, urlId, access }, { req }) => {
    const { pack, share } = await sharedPack(deps, req, urlId, access);
    const allowed = downloadable === 'mp3' ? share.downloadMp3 : share.downloadStems;
    if (!allowed) throw new HttpProblem(403, PACK_MESSAGES.noDownloadRight, 'no_download_right');
    const beat = (await deps.packQueries.beatsOf([pack.packId])).find((row) => row.beatId === beatId);
    if (!beat) throw new HttpProblem(404, PACK_MESSAGES.beatNotInPack, 'not_found');
    const key = downloadable === 'mp3' ? beat.files?.mp3Key : beat.files?.stemsKey;
    if (!key) throw new HttpProblem(404, PACK_MESSAGES.noStems, 'file_missing');
    const extension = key.slice(key.lastIndexOf('.') + 1);
    const blobs = await deps.blobs();
    const url = await blobs.signedDownloadUrl(key, {
      expiresIn: DOWNLOAD_URL_SECONDS,
      filename: `${beat.name}${downloadable === 'stems' ? ' stems' : ''}.${extension}`,
    });
    return { url };
  });
}

/** The shared pack page's calls (/packs): open to visitors; a private pack only to whom it is shared with. */
export function sharedPackRoutes(router: Router, deps: PackApiDeps): void {
  viewRoutes(router, deps);
  accessRoutes(router, deps);
}
