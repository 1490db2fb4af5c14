/**
 * The bench's upload server, a process of its own so that its resident memory can be read from the
 * outside: an express app with blobRoutes over a FilesystemBlobStore. Prints "listening <port>".
 *   BLOB_DIR=... BLOB_SIGNING_SECRET=... tsx bench/blobs/server.ts
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { blobRoutes, FilesystemBlobStore } from '@beatmatch/platform';

const server = http.createServer();
server.listen(0, '127.0.0.1', () => {
  const port = (server.address() as AddressInfo).port;
  const store = new FilesystemBlobStore({
    root: process.env.BLOB_DIR!,
    secret: process.env.BLOB_SIGNING_SECRET!,
    publicUrl: `http://127.0.0.1:${port}/blobs`,
  });
  const app = express();
  app.use('/blobs', blobRoutes(store));
  server.on('request', app);
  process.stdout.write(`listening ${port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
