/**
 * A development chain node on BEAT_DEV_CHAIN_PORT (default 8545) until stopped (see devChainNode.ts);
 * EDR holds the event loop open, so a stop ends the process itself.
 */
import { startDevChain } from './devChain';
import { serveDevChain } from './devChainNode';

void (async () => {
  const node = await serveDevChain(await startDevChain(), Number(process.env.BEAT_DEV_CHAIN_PORT ?? 8545));
  console.log(`development chain (EDR) listening on ${node.url}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void node.close().finally(() => process.exit(0)));
})();
