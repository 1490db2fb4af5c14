import type { AddressInfo } from 'node:net';
import express from 'express';
import { listenOn } from './listen';

describe('listenOn', () => {
  it('resolves with a listening server, and rejects with EADDRINUSE for a port already taken', async () => {
    const app = express().get('/', (_req, res) => {
      res.send('ok');
    });
    const first = await listenOn(app, 0, '127.0.0.1');
    try {
      const { port } = first.address() as AddressInfo;
      expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('ok');
      await expect(listenOn(app, port, '127.0.0.1')).rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      await new Promise((resolve) => first.close(resolve));
    }
  });
});
