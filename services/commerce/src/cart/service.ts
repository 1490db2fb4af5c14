import {
  centsToDollars,
  COMMERCE_MESSAGES,
  hasArtistPlan,
  FREE_ENTITLEMENTS,
  PACKAGE_TITLES,
  serviceFeeCents,
  type CartAnswer,
  type CartItemView,
  type Entitlements,
  type PackageName,
} from '@beatmatch/contracts';
import {
  aggregateStream,
  DomainError,
  handleCommand,
  HttpProblem,
  type Caller,
  type EventStore,
  type SqlDatabase,
} from '@beatmatch/platform';
import { beatsById, type CommerceBeat } from '../beats/projection';
import { membershipOf } from '../entitlements/readModel';
import { cartDecider, deviceCartStream, userCartStream, type CartCommand, type CartLine } from './cart';

/**
 * Whether a member pays no service fee (spec §5; lifetime member: "pays no service fee"): a paid
 * artist plan or the lifetime membership. A producer plan alone does not waive it.
 */
export const feeExempt = (member: Pick<Entitlements, 'artistPlan' | 'lifer'>): boolean =>
  hasArtistPlan({ ...FREE_ENTITLEMENTS, artistPlan: member.artistPlan, lifer: member.lifer });

/** A cart line priced now: what the cart shows and what checkout charges. */
export interface PricedLine {
  line: CartLine;
  beat: CommerceBeat | undefined;
  /** Current price of the line's package, null when it cannot be bought now. */
  priceCents: number | null;
  notice: string | null;
}

/** Public and in the active crate: what the player plays is what the cart sells. */
const forSale = (beat: CommerceBeat) => !beat.isPrivate && beat.crate === 'active';

export function priceLine(line: CartLine, beat: CommerceBeat | undefined, buyerId?: string): PricedLine {
  if (!beat || beat.deleted)
    return { line, beat, priceCents: null, notice: 'This beat was removed by its producer.' };
  // The swipe player's crate rule: a private or inactive beat is not sold (nor heard).
  if (!forSale(beat)) return { line, beat, priceCents: null, notice: 'This beat is no longer for sale.' };
  if (buyerId && beat.producerId === buyerId)
    return { line, beat, priceCents: null, notice: COMMERCE_MESSAGES.ownBeat };
  const price = beat.prices[line.package];
  if (price === null) return { line, beat, priceCents: null, notice: COMMERCE_MESSAGES.packageUnavailable };
  const notice =
    price !== line.priceCents
      ? `Price changed from $${centsToDollars(line.priceCents)} to $${centsToDollars(price)}.`
      : null;
  return { line, beat, priceCents: price, notice };
}

/** A device uuid as identity issues it and the gateway vouches for it (gateway/src/device.ts). */
const DEVICE_ID = /^[A-Za-z0-9-]{1,64}$/;

/**
 * The device of the caller's browser: the uuid the gateway vouches for in the internal token
 * (`caller.deviceId`, from its signed httpOnly device cookie), never a value from the body.
 */
const deviceOf = (caller: Pick<Caller, 'deviceId'> | undefined): string | null =>
  caller?.deviceId && DEVICE_ID.test(caller.deviceId) ? caller.deviceId : null;

/** The cart commands and views for a caller (visitor by its vouched device, or signed-in user). */
export class CartService {
  constructor(
    private readonly db: SqlDatabase,
    private readonly s: string,
    private readonly store: EventStore,
    private readonly clock: () => Date,
  ) {}

  /**
   * The caller's cart stream, from what the gateway vouches for (README, "Visitors, devices and
   * sign-in"): a visitor's is its device's cart; a signed-in caller's is their own, and the device
   * cart of the browser they are on is merged into it first. The body's `uuid` chooses nothing: a
   * caller naming another device's uuid reads, changes and merges only its own cart.
   */
  async streamFor(caller: Pick<Caller, 'userId' | 'deviceId'> | undefined): Promise<string> {
    const device = deviceOf(caller);
    if (caller?.userId) {
      const stream = userCartStream(caller.userId);
      if (device) await this.merge(device, stream);
      return stream;
    }
    if (!device) throw new HttpProblem(400, COMMERCE_MESSAGES.uuidRequired, 'uuid');
    return deviceCartStream(device);
  }

  private async merge(uuid: string, userStream: string) {
    const deviceStream = deviceCartStream(uuid);
    const { state } = await aggregateStream(this.store, deviceStream, cartDecider);
    if (state.lines.length === 0) return;
    await handleCommand(this.store, userStream, cartDecider, { type: 'merge', lines: state.lines });
    await handleCommand(this.store, deviceStream, cartDecider, { type: 'handOver', now: this.clock() });
  }

  async run(stream: string, command: CartCommand) {
    return handleCommand(this.store, stream, cartDecider, command);
  }

  async lines(stream: string): Promise<CartLine[]> {
    return (await aggregateStream(this.store, stream, cartDecider)).state.lines;
  }

  /** The cart and the version it was read at (checkout appends to it only if nothing moved since). */
  async snapshot(stream: string) {
    return aggregateStream(this.store, stream, cartDecider);
  }

  async priced(stream: string, buyerId?: string): Promise<PricedLine[]> {
    return this.pricedLines(await this.lines(stream), buyerId);
  }

  async pricedLines(lines: CartLine[], buyerId?: string): Promise<PricedLine[]> {
    const beats = await beatsById(
      this.db,
      this.s,
      lines.map((line) => line.beatId),
    );
    return lines.map((line) => priceLine(line, beats.get(line.beatId), buyerId));
  }

  /** The current price of a beat's package, or the spec's message (client prices are never used). */
  async priceOf(beatId: string, pkg: PackageName, buyerId?: string): Promise<number> {
    const beat = (await beatsById(this.db, this.s, [beatId])).get(beatId);
    if (!beat || beat.deleted || !forSale(beat))
      throw new DomainError('beat_not_found', COMMERCE_MESSAGES.beatNotFound, 404);
    if (buyerId && beat.producerId === buyerId)
      throw new DomainError('own_beat', COMMERCE_MESSAGES.ownBeat, 400);
    const price = beat.prices[pkg];
    if (price === null)
      throw new DomainError('package_unavailable', COMMERCE_MESSAGES.packageUnavailable, 400);
    return price;
  }

  async subscribed(userId: string | undefined): Promise<boolean> {
    return feeExempt(await membershipOf(this.db, this.s, userId));
  }

  async view(stream: string, userId: string | undefined): Promise<CartAnswer> {
    const priced = await this.priced(stream, userId);
    const total = priced.reduce((sum, p) => sum + (p.priceCents ?? 0), 0);
    const fee = serviceFeeCents(total, await this.subscribed(userId));
    const cart: CartItemView[] = priced.map((p) => ({
      beatId: p.line.beatId,
      beatName: p.beat?.name ?? '',
      beatPackage: PACKAGE_TITLES[p.line.package],
      beatPrice: centsToDollars(p.priceCents ?? p.line.priceCents),
      producerName: p.beat?.producerName ?? '',
      coverArtUrl: p.beat?.coverArtUrl ?? null,
      available: p.priceCents !== null,
      notice: p.notice,
    }));
    return {
      cart,
      total: centsToDollars(total),
      serviceFee: centsToDollars(fee),
      checkoutTotal: centsToDollars(total + fee),
    };
  }
}
