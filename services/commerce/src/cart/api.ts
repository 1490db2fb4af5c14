import { Router } from 'express';
import { COMMERCE_MESSAGES, packageFromTitle, type updateCartRequestSchema } from '@beatmatch/contracts';
import { handleCall, HttpProblem, type Caller } from '@beatmatch/platform';
import type { z } from 'zod';
import type { CartService } from './service';

type CartUpdate = z.output<typeof updateCartRequestSchema>;

/** update_to_cart: one change of the caller's cart; answers what happened. */
async function updateCart(carts: CartService, caller: Caller | undefined, body: CartUpdate) {
  const stream = await carts.streamFor(caller);
  const userId = caller?.userId;
  const now = new Date();
  if (body.update === 'reset') {
    await carts.run(stream, { type: 'reset', now });
    return { stream, message: 'reset' as const };
  }
  const beatId = typeof body.beatId === 'string' ? body.beatId : undefined;
  if (!beatId) throw new HttpProblem(400, COMMERCE_MESSAGES.beatRequired, 'beatId');
  if (body.update === 'remove') {
    await carts.run(stream, { type: 'remove', beatId });
    return { stream, message: 'removed' as const };
  }
  const pkg = packageFromTitle(body.beatPackage);
  if (!pkg) throw new HttpProblem(400, COMMERCE_MESSAGES.packageRequired, 'beatPackage');
  const priceCents = await carts.priceOf(beatId, pkg, userId);
  const result = await carts.run(stream, { type: body.update, beatId, package: pkg, priceCents, now });
  const changed = body.update === 'add' ? ('added' as const) : ('upgraded' as const);
  return { stream, message: result.newEvents.length === 0 ? ('in cart' as const) : changed };
}

/** get_cart_items and update_to_cart (spec §4 Cart, §7). */
export function cartRouter(carts: CartService): Router {
  const router = Router();
  // The body's `uuid` (the spec's call shape) is validated but chooses no cart (streamFor).
  handleCall(router, 'get_cart_items', async (_input, { req }) =>
    carts.view(await carts.streamFor(req.caller), req.caller?.userId),
  );
  handleCall(router, 'update_to_cart', async (body, { req }) => {
    const { stream, message } = await updateCart(carts, req.caller, body);
    return { message, ...(await carts.view(stream, req.caller?.userId)) };
  });
  return router;
}
