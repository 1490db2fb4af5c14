import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileBeatToken, type BeatTokenArtifact } from './compileBeatToken';

describe('BeatToken.json', () => {
  let fresh: BeatTokenArtifact;
  beforeAll(() => {
    fresh = compileBeatToken();
  });

  it('is what solc-js makes of BeatToken.sol and OpenZeppelin today (else: npm run build:token -w services/payouts)', () => {
    const kept: unknown = JSON.parse(readFileSync(join(__dirname, 'BeatToken.json'), 'utf8'));
    expect(kept).toEqual(fresh);
  });

  it('is an ERC-20 with a constructor that takes the initial supply', () => {
    const { abi, bytecode } = fresh;
    const names = (abi as { type: string; name?: string }[]).map((entry) => entry.name ?? entry.type);
    expect(names).toEqual(
      expect.arrayContaining(['constructor', 'transfer', 'balanceOf', 'totalSupply', 'decimals', 'Transfer']),
    );
    expect(bytecode).toMatch(/^0x[0-9a-f]+$/);
  });
});
