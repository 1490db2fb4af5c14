import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import solc from 'solc';

/**
 * The build step of $BEAT: solc-js (WebAssembly, from npm) compiles BeatToken.sol against
 * OpenZeppelin's sources from npm, so nothing is downloaded at run time. `writeArtifact.ts` keeps the
 * result in BeatToken.json; a unit spec fails when that file no longer matches a fresh compilation.
 */
export interface BeatTokenArtifact {
  contractName: 'BeatToken';
  compiler: string;
  evmVersion: string;
  abi: unknown[];
  bytecode: `0x${string}`;
}

/** Paris (no PUSH0): the bytecode runs on any EVM chain a JSON-RPC URL may point at. */
const EVM_VERSION = 'paris';
const SOURCE = 'BeatToken.sol';

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
}

export function compileBeatToken(): BeatTokenArtifact {
  const input = {
    language: 'Solidity',
    sources: { [SOURCE]: { content: readFileSync(join(__dirname, SOURCE), 'utf8') } },
    settings: {
      evmVersion: EVM_VERSION,
      optimizer: { enabled: true, runs: 200 },
      // No metadata hash: the same sources give the same bytecode wherever they are compiled.
      metadata: { bytecodeHash: 'none' },
      outputSelection: { [SOURCE]: { BeatToken: ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: readImport })) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const contract = output.contracts[SOURCE]!.BeatToken!;
  return {
    contractName: 'BeatToken',
    compiler: solc.version(),
    evmVersion: EVM_VERSION,
    abi: contract.abi,
    bytecode: `0x${contract.evm.bytecode.object}`,
  };
}

const requireHere = createRequire(__filename);

/** Resolves `@openzeppelin/contracts/...` imports from node_modules. */
function readImport(path: string): { contents: string } | { error: string } {
  try {
    return { contents: readFileSync(requireHere.resolve(path), 'utf8') };
  } catch {
    return { error: `not found: ${path}` };
  }
}
