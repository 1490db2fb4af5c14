import { mkdtempSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger } from '../logging/logger';
import { startTemporalDevServer } from './devServer';
import { openTemporalClient } from './temporal';

/** The embedded profile's own Temporal: installed by deploy/local's installer, state under the data dir. */
describe('startTemporalDevServer', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'beatmatch-temporal-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('serves the Temporal API from a SQLite file in the data directory and stops', async () => {
    const server = await startTemporalDevServer({ dataDir, logger: createLogger('test', 'silent') });
    try {
      const handle = await openTemporalClient({ address: server.address });
      const info = await handle.client.connection.workflowService.getSystemInfo({});
      expect(info.serverVersion).toMatch(/\d+\.\d+/);
      await handle.close();
      expect(existsSync(path.join(dataDir, 'temporal.db'))).toBe(true);
    } finally {
      await server.stop();
    }
    await expect(openTemporalClient({ address: server.address }).then((h) => h.close())).rejects.toThrow();
  });
});
