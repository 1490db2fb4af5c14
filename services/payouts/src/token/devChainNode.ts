import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DevChain } from './devChain';

/**
 * The development chain as a JSON-RPC node over HTTP, for the distributed profile on one machine
 * (BEAT_CHAIN_RPC_URL=http://127.0.0.1:8545 with the development key as BEAT_TREASURY_KEY):
 * `node --import tsx services/payouts/src/token/devChainMain.ts`.
 */
export interface DevChainNode {
  url: string;
  close(): Promise<void>;
}

interface RpcCall {
  id?: unknown;
  method: string;
  params?: unknown;
}

export async function serveDevChain(chain: DevChain, port = 8545, host = '127.0.0.1'): Promise<DevChainNode> {
  const server = createServer((req, res) => {
    if (req.method !== 'POST') return void res.writeHead(405).end();
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void answer(chain, Buffer.concat(chunks).toString('utf8')).then((body) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(body),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const { port: bound } = server.address() as AddressInfo;
  return { url: `http://${host}:${bound}`, close: () => closed(server) };
}

async function answer(chain: DevChain, body: string): Promise<string> {
  let parsed: RpcCall | RpcCall[];
  try {
    parsed = JSON.parse(body) as RpcCall | RpcCall[];
  } catch {
    return JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
  }
  const one = async ({ id, method, params }: RpcCall) => {
    try {
      const result: unknown = await chain.request({ method, params } as never);
      return { jsonrpc: '2.0', id, result };
    } catch (error) {
      const { code = -32603, message, data } = error as { code?: number; message: string; data?: unknown };
      return { jsonrpc: '2.0', id, error: { code, message, ...(data === undefined ? {} : { data }) } };
    }
  };
  return JSON.stringify(Array.isArray(parsed) ? await Promise.all(parsed.map(one)) : await one(parsed));
}

function closed(server: Server): Promise<void> {
  return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
}
