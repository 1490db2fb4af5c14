import { createCartStore, type CartItem } from './cart';
import { cartButtonLabel, createCartActions, CartNotChangedError } from './cartActions';
import { ApiError, type ApiClient } from './apiClient';
import type { CommerceClient } from './commerce';
import { createBeatmatchSdk } from './index';
import { memoryStorage } from '../testing/memoryStorage';

const beat = (beatId: string, beatPackage = 'First Date Package'): CartItem => ({
  beatId,
  beatPackage,
  beatName: `Beat ${beatId}`,
  beatPrice: '25.00',
  producerName: 'maya',
  coverArtUrl: null,
});

/** A commerce server in memory: one cart, the rules of spec §4 (one package per beat). */
function fakeCommerce(options: { refuseAdd?: string } = {}) {
  let cart: CartItem[] = [];
  const calls: string[] = [];
  const commerce = {
    async getCartItems() {
      calls.push('get');
      return { cart: [...cart], total: '0.00', serviceFee: '0.00' };
    },
    async updateCart({ beatId, beatPackage, update }: Parameters<CommerceClient['updateCart']>[0]) {
      calls.push(update);
      if (update === 'add') {
        if (options.refuseAdd) return { message: options.refuseAdd };
        cart.push(beat(beatId as string, beatPackage));
        return { message: 'added' };
      }
      if (update === 'upgrade')
        cart = cart.map((i) => (i.beatId === beatId ? beat(i.beatId, beatPackage) : i));
      if (update === 'remove') cart = cart.filter((i) => i.beatId !== beatId);
      if (update === 'reset') cart = [];
      return {};
    },
  } as unknown as CommerceClient;
  return { commerce, calls, serverCart: () => cart };
}

describe('the cart actions', () => {
  beforeAll(() => {
    (globalThis as { window?: unknown }).window ??= {
      addEventListener: () => {},
      removeEventListener: () => {},
    };
  });

  it("adds a beat once the server says 'added', and the store (the badge) follows", async () => {
    const { commerce } = fakeCommerce();
    const store = createCartStore(memoryStorage());
    const listener = jest.fn();
    store.subscribe(listener);
    await expect(
      createCartActions(commerce, store, () => 'u-1').add('b1', 'First Date Package'),
    ).resolves.toBe('added');
    expect(store.getSnapshot().count).toBe(1);
    expect(store.getSnapshot().items[0]).toMatchObject({ beatId: 'b1', beatName: 'Beat b1' });
    expect(listener).toHaveBeenCalled();
  });

  it('changes the package of a beat already in the cart (one package per beat)', async () => {
    const { commerce, calls, serverCart } = fakeCommerce();
    const store = createCartStore(memoryStorage());
    const cart = createCartActions(commerce, store, () => null);
    await cart.add('b1', 'First Date Package');
    await expect(cart.add('b1', 'Marriage Package')).resolves.toBe('changed');
    expect(calls).toContain('upgrade');
    expect(serverCart()).toHaveLength(1);
    expect(store.getSnapshot().items.map((i) => i.beatPackage)).toEqual(['Marriage Package']);
  });

  it('does not call the server for a beat already in the cart in that package', async () => {
    const { commerce, calls } = fakeCommerce();
    const cart = createCartActions(commerce, createCartStore(memoryStorage()), () => null);
    await cart.add('b1', 'First Date Package');
    const before = calls.length;
    await expect(cart.add('b1', 'First Date Package')).resolves.toBe('inCart');
    expect(calls).toHaveLength(before);
  });

  it('leaves the cart as it was when the server does not confirm the add', async () => {
    const { commerce } = fakeCommerce({ refuseAdd: 'Beat not found' });
    const store = createCartStore(memoryStorage());
    const error = await createCartActions(commerce, store, () => null)
      .add('b1', 'First Date Package')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CartNotChangedError);
    expect((error as Error).message).toBe('Beat not found');
    expect(store.getSnapshot().count).toBe(0);
  });

  it('removes and resets on the server and here', async () => {
    const { commerce, serverCart } = fakeCommerce();
    const store = createCartStore(memoryStorage());
    const cart = createCartActions(commerce, store, () => null);
    await cart.add('b1', 'First Date Package');
    await cart.add('b2', 'Relationship Package');
    await cart.remove('b1');
    expect(store.getSnapshot().items.map((i) => i.beatId)).toEqual(['b2']);
    await cart.reset();
    expect(serverCart()).toEqual([]);
    expect(store.getSnapshot().count).toBe(0);
  });

  it('asks for its device once when commerce refuses a visitor without one, and repeats the call', async () => {
    // Commerce answers a visitor whose browser has no device cookie with 400, code 'uuid'.
    let cookie = false;
    const refusal = () => new ApiError('A device id (uuid) is required.', 400, 'uuid');
    const { commerce: server, calls } = fakeCommerce();
    const commerce = {
      getCartItems: async (uuid: string | null) => {
        if (!cookie) throw refusal();
        return server.getCartItems(uuid);
      },
      updateCart: async (request: Parameters<CommerceClient['updateCart']>[0]) => {
        if (!cookie) throw refusal();
        return server.updateCart(request);
      },
    } as unknown as CommerceClient;
    const issueDevice = jest.fn(async () => {
      cookie = true;
    });
    const store = createCartStore(memoryStorage());
    const cart = createCartActions(commerce, store, () => 'stored-before-the-cookie', issueDevice);
    await expect(cart.add('b1', 'First Date Package')).resolves.toBe('added');
    expect(issueDevice).toHaveBeenCalledTimes(1);
    // The refused add never reached the cart; the repeated one did (then the cart was read).
    expect(calls).toEqual(['add', 'get']);
    expect(store.getSnapshot().items.map((i) => i.beatId)).toEqual(['b1']);
    await cart.sync();
    expect(issueDevice).toHaveBeenCalledTimes(1);

    // Refused again after the device was issued: said, not asked for forever.
    cookie = false;
    const always = jest.fn(async () => undefined);
    const stuck = createCartActions(commerce, createCartStore(memoryStorage()), () => null, always);
    await expect(stuck.sync()).rejects.toMatchObject({ status: 400, code: 'uuid' });
    expect(always).toHaveBeenCalledTimes(1);
    // Other refusals are not a missing device.
    const notFound = jest.fn(async () => undefined);
    const other = {
      updateCart: async () => {
        throw new ApiError('Beat not found.', 404, 'beat_not_found');
      },
    } as unknown as CommerceClient;
    await expect(
      createCartActions(other, createCartStore(memoryStorage()), () => null, notFound).add(
        'b1',
        'First Date Package',
      ),
    ).rejects.toMatchObject({ status: 404 });
    expect(notFound).not.toHaveBeenCalled();
  });

  it('the SDK issues the device with the exclude call, once for calls made together, keeping a stored uuid', async () => {
    for (const stored of ['kept-device', null]) {
      const storage = memoryStorage();
      if (stored) storage.setItem('uuid', stored);
      let cookie = false;
      const posts: Array<{ path: string; body?: object }> = [];
      const api = {
        async call<T>(path: string, body?: object): Promise<T> {
          posts.push({ path, body });
          await new Promise((resolve) => setTimeout(resolve, 0));
          if (path === 'beatmatch_exclude') {
            cookie = true;
            return { uuid: 'device-2' } as T;
          }
          if (!cookie) throw new ApiError('A device id (uuid) is required.', 400, 'uuid');
          if (path === 'get_cart_items') return { cart: [], total: '0.00', serviceFee: '0.00' } as T;
          if (path === 'update_to_cart') return { message: 'added', cart: [beat('b1')] } as T;
          throw new Error(`unexpected ${path}`);
        },
      };
      const sdk = createBeatmatchSdk({ api: api as unknown as ApiClient, storage });
      await Promise.all([sdk.cartActions.sync(), sdk.cartActions.add('b1', 'First Date Package')]);
      expect(posts.filter((p) => p.path === 'beatmatch_exclude')).toHaveLength(1);
      expect(sdk.cart.getSnapshot().items.map((i) => i.beatId)).toEqual(['b1']);
      // The stored uuid stays (spec §4: stored if none is present); the body still carries it.
      expect(storage.getItem('uuid')).toBe(stored ?? 'device-2');
      expect(posts.at(-1)?.body).toMatchObject({ uuid: stored ?? 'device-2' });
    }
  });

  it("labels the commitment dialog's button as the spec says", () => {
    const items = [beat('b1', 'Relationship Package')];
    expect(cartButtonLabel(items, 'b2', 'First Date Package')).toBe('add to cart');
    expect(cartButtonLabel(items, 'b1', 'Relationship Package')).toBe('in cart');
    expect(cartButtonLabel(items, 'b1', 'Marriage Package')).toBe('change');
  });

  it('drops stored items of an older shape instead of counting them', () => {
    const storage = memoryStorage();
    storage.setItem('cart', JSON.stringify([{ beatId: 'b1', packageId: 'p1' }, beat('b2')]));
    expect(
      createCartStore(storage)
        .getSnapshot()
        .items.map((i) => i.beatId),
    ).toEqual(['b2']);
  });

  it("reads the server's cart when the user signs in (the device's cart is merged there)", async () => {
    const storage = memoryStorage();
    storage.setItem('uuid', 'device-1');
    const posts: Array<{ path: string; body?: object }> = [];
    const api = {
      async call<T>(path: string, body?: object): Promise<T> {
        posts.push({ path, body });
        if (path === 'beatmatch_auth')
          return { userName: 'maya', email: 'm@example.test', userId: 'u-1', profilePicture: null } as T;
        if (path === 'get_cart_items') return { cart: [beat('b1')], total: '25.00', serviceFee: '0.50' } as T;
        throw new Error(`unexpected ${path}`);
      },
    };
    // Only call is used here; the client's other methods stay out of this test.
    const sdk = createBeatmatchSdk({ api: api as unknown as ApiClient, storage });
    await sdk.session.refresh();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(posts).toContainEqual({ path: 'get_cart_items', body: { uuid: 'device-1' } });
    expect(sdk.cart.getSnapshot().items.map((i) => i.beatId)).toEqual(['b1']);
    // Another refresh of the same session does not read it again.
    await sdk.session.refresh();
    expect(posts.filter((p) => p.path === 'get_cart_items')).toHaveLength(1);
  });
});
