// The shell loads the remotes at run time only: a build-time import of a remote's source would bake
// that remote's code into the shell (and rebuild the shell whenever the remote changes).
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const shellDir = path.resolve(__dirname, '..');
const frontendsDir = path.dirname(shellDir);
const remoteDirs = ['producer', 'artist'].map((remote) => path.join(frontendsDir, remote));
const remotePackages = ['@beatmatch/producer', '@beatmatch/artist'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|js|jsx|mjs|cjs)$/.test(entry.name) ? [full] : [];
  });
}

/** Every module specifier of import/export-from statements, dynamic imports and require calls. */
function importedSpecifiers(source: string): string[] {
  const patterns = [
    /\b(?:import|export)\s[^'"]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  return patterns.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1]!));
}

function reachesRemote(file: string, specifier: string): boolean {
  if (remotePackages.some((name) => specifier === name || specifier.startsWith(`${name}/`))) return true;
  if (!specifier.startsWith('.')) return false;
  const target = path.resolve(path.dirname(file), specifier);
  return remoteDirs.some((dir) => target === dir || target.startsWith(`${dir}${path.sep}`));
}

describe('the shell imports nothing from the remotes', () => {
  it('finds remote imports in every form it checks', () => {
    const file = path.join(shellDir, 'src', 'example.ts');
    const source = [
      "import { producerPages } from '@beatmatch/producer/pages';",
      "export * from '../../artist/src/App';",
      "const lazyOne = import('@beatmatch/artist');",
    ].join('\n');
    expect(importedSpecifiers(source).filter((specifier) => reachesRemote(file, specifier))).toHaveLength(3);
  });

  it('has no source file that imports a remote', () => {
    // This file's own examples above are the one place a remote's name may appear.
    const checked = [...sourceFiles(path.join(shellDir, 'src')), path.join(shellDir, 'rspack.config.js')];
    const offending = checked
      .filter((file) => file !== __filename)
      .flatMap((file) =>
        importedSpecifiers(readFileSync(file, 'utf8'))
          .filter((specifier) => reachesRemote(file, specifier))
          .map((specifier) => `${path.relative(shellDir, file)} imports ${specifier}`),
      );
    expect(offending).toEqual([]);
  });

  it('does not depend on a remote package', () => {
    const manifest = JSON.parse(readFileSync(path.join(shellDir, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
      devDependencies?: Record<string, string>;
    };
    const dependencies = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
    expect(dependencies.filter((name) => remotePackages.includes(name))).toEqual([]);
  });
});
