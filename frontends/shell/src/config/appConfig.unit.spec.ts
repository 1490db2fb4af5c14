import { devAppConfig, loadAppConfig } from './appConfig';

const reply = (status: number, body: string) => async () => new Response(body, { status });

describe('loadAppConfig', () => {
  const served = {
    remotes: { producer: '/remotes/producer/mf-manifest.json', artist: '/remotes/artist/mf-manifest.json' },
    devMailbox: null,
  };

  it('uses the gateway configuration', async () => {
    await expect(loadAppConfig(false, reply(200, JSON.stringify(served)))).resolves.toEqual(served);
    await expect(loadAppConfig(true, reply(200, JSON.stringify(served)))).resolves.toEqual(served);
  });

  it('falls back to the dev servers in development when there is no configuration', async () => {
    await expect(loadAppConfig(true, reply(200, '<!doctype html>'))).resolves.toEqual(devAppConfig());
    expect(devAppConfig().remotes).toEqual({
      producer: 'http://localhost:3001/mf-manifest.json',
      artist: 'http://localhost:3002/mf-manifest.json',
    });
  });

  it('has no remotes in production without configuration (their pages show the error panel)', async () => {
    await expect(loadAppConfig(false, reply(404, ''))).resolves.toEqual({ remotes: {}, devMailbox: null });
    const offline = async () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(loadAppConfig(false, offline)).resolves.toEqual({ remotes: {}, devMailbox: null });
  });

  it('rejects a malformed configuration', async () => {
    await expect(
      loadAppConfig(false, reply(200, JSON.stringify({ remotes: { producer: 3 } }))),
    ).resolves.toEqual({ remotes: {}, devMailbox: null });
  });
});
