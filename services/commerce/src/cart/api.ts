import { Router } from 'express';
import {
  COMMERCE_MESSAGES,
  getCartItemsRequestSchema,
  packageFromTitle,
  updateCartRequestSchema,
} from '@beatmatch/contracts';
import { HttpProblem, parseInput, route } from '@beatmatch/platform';
import type { CartService } from './service';

/** get_cart_items and update_to_cart (spec §4 Cart, §7). */
export function cartRouter(carts: CartService): Router {
  const router = Router();

  router.post(
    '/cart/items',
    route(async (req, res) => {
      // The body's `uuid` (the spec's call shape) is validated but chooses no cart (streamFor).
      parseInput(getCartItemsRequestSchema, req.body ?? {});
      const stream = await carts.streamFor(req.caller);
      res.json(await carts.view(stream, req.caller?.userId));
    }),
  );

  router.post(
    '/cart/update',
    route(async (req, res) => {
      const body = parseInput(updateCartRequestSchema, req.body ?? {});
      const stream = await carts.streamFor(req.caller);
      const userId = req.caller?.userId;
      const now = new Date();
      let message: string;
      if (body.update === 'reset') {
        await carts.run(stream, { type: 'reset', now });
        message = 'reset';
      } else {
        const beatId = typeof body.beatId === 'string' ? body.beatId : undefined;
        if (!beatId) throw new HttpProblem(400, COMMERCE_MESSAGES.beatRequired, 'beatId');
        if (body.update === 'remove') {
          await carts.run(stream, { type: 'remove', beatId });
          message = 'removed';
        } else {
          const pkg = packageFromTitle(body.beatPackage);
          if (!pkg) throw new HttpProblem(400, COMMERCE_MESSAGES.packageRequired, 'beatPackage');
          const priceCents = await carts.priceOf(beatId, pkg, userId);
          const result = await carts.run(stream, {
            type: body.update,
            beatId,
            package: pkg,
            priceCents,
            now,
          });
          message = result.newEvents.length === 0 ? 'in cart' : body.update === 'add' ? 'added' : 'upgraded';
        }
      }
      res.json({ message, ...(await carts.view(stream, userId)) });
    }),
  );

  return router;
}
