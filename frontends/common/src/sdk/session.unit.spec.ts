import { ApiError, NetworkError } from './apiClient';
import { createCartStore } from './cart';
import { createSessionStore, type SessionPort } from './session';
import { memoryStorage } from '../testing/memoryStorage';

const user = { userName: 'maya', email: 'maya@example.test', userId: 'u-1', profilePicture: null };

function port(auth: SessionPort['auth']): SessionPort & { auth: jest.Mock } {
  return { auth: jest.fn(auth), logout: jest.fn(async () => ({})) };
}

describe('the session store', () => {
  it("does not ask the gateway for a visitor's session (no signed-in flag): no refused call", async () => {
    const identity = port(async () => user);
    const store = createSessionStore(identity, memoryStorage());
    await store.start();
    expect(identity.auth).not.toHaveBeenCalled();
    expect(store.getSnapshot()).toEqual({ status: 'signedOut', user: null });
  });

  it('asks once when this browser signed in before, however often it is started', async () => {
    const identity = port(async () => user);
    const store = createSessionStore(identity, memoryStorage({ signedIn: 'true' }));
    await Promise.all([store.start(), store.start()]);
    expect(identity.auth).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).toEqual({ status: 'signedIn', user });
  });

  it('clears the flag when the gateway says "unauthenticated"', async () => {
    const storage = memoryStorage({ signedIn: 'true' });
    const store = createSessionStore(
      port(() => Promise.reject(new ApiError('User not authenticated', 401, 'unauthenticated'))),
      storage,
    );
    await store.start();
    expect(store.getSnapshot().status).toBe('signedOut');
    expect(storage.getItem('signedIn')).toBeNull();
  });

  it('treats a 502 or a lost network as unavailable, not as a logout', async () => {
    for (const failure of [
      new ApiError('Error - please reload the page and try again.', 502),
      new NetworkError(),
    ]) {
      const storage = memoryStorage({ signedIn: 'true' });
      const store = createSessionStore(
        port(() => Promise.reject(failure)),
        storage,
      );
      await store.start();
      expect(store.getSnapshot().status).toBe('unavailable');
      expect(storage.getItem('signedIn')).toBe('true');
    }
  });

  it('tells subscribers about changes', async () => {
    const store = createSessionStore(
      port(async () => user),
      memoryStorage(),
    );
    const listener = jest.fn();
    store.subscribe(listener);
    await store.refresh();
    expect(listener).toHaveBeenCalled();
    expect(store.getSnapshot().user).toEqual(user);
  });
});

describe('the cart store', () => {
  beforeAll(() => {
    (globalThis as { window?: unknown }).window ??= {
      addEventListener: () => {},
      removeEventListener: () => {},
    };
  });

  it('is empty until commerce fills it, and counts the stored items', () => {
    expect(createCartStore(memoryStorage()).getSnapshot()).toEqual({ items: [], count: 0 });
    const stored = memoryStorage({
      cart: JSON.stringify([{ beatId: 'b1', beatPackage: 'First Date Package' }]),
    });
    expect(createCartStore(stored).getSnapshot().count).toBe(1);
  });

  it('survives a broken stored value', () => {
    expect(createCartStore(memoryStorage({ cart: '{oops' })).getSnapshot().count).toBe(0);
  });

  it('clears the stored cart and tells subscribers', () => {
    const storage = memoryStorage({
      cart: JSON.stringify([{ beatId: 'b1', beatPackage: 'First Date Package' }]),
    });
    const cart = createCartStore(storage);
    const listener = jest.fn();
    cart.subscribe(listener);
    cart.clear();
    expect(storage.getItem('cart')).toBeNull();
    expect(cart.getSnapshot().count).toBe(0);
    expect(listener).toHaveBeenCalled();
  });
});
