/**
 * Upload throughput of the filesystem blob adapter through its signed URL, on a real listening server
 * in its own process, against a plain local file copy (read stream → write stream) of the same file
 * on the same disk, in the same run. Also the server process's RSS growth (peak VmHWM during the
 * uploads minus VmRSS after a warm-up), which shows that nothing is buffered whole.
 *   npm run bench:blobs [-- --sizes 32,300 --rounds 5]
 * Targets: upload ≥ 0.5× copy throughput; RSS growth ≤ 50 MB. Prints figures; not a test.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat, unlink } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FilesystemBlobStore } from '@beatmatch/platform';
import { stringArg } from '@beatmatch/testing';

const arg = stringArg;
const sizesMb = arg('sizes', '32,300').split(',').map(Number);
const rounds = Number(arg('rounds', '5'));
const MB = 1024 * 1024;

async function makeFile(file: string, bytes: number) {
  const block = randomBytes(MB);
  let written = 0;
  await pipeline(
    new Readable({
      read() {
        if (written >= bytes) return this.push(null);
        const n = Math.min(MB, bytes - written);
        written += n;
        this.push(n === MB ? block : block.subarray(0, n));
      },
    }),
    createWriteStream(file),
  );
}

async function procKb(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
}

function upload(url: string, file: string, size: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'PUT',
        headers: { 'Content-Length': String(size), 'Content-Type': 'application/octet-stream' },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          response.statusCode === 200
            ? resolve(response.statusCode)
            : reject(new Error(`upload answered ${response.statusCode}`)),
        );
      },
    );
    request.on('error', reject);
    createReadStream(file).pipe(request);
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const work = await mkdtemp(path.join(tmpdir(), 'bench-blobs-'));
  const blobDir = path.join(work, 'store');
  const secret = randomBytes(32).toString('hex');
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'server.ts')], {
    env: { ...process.env, BLOB_DIR: blobDir, BLOB_SIGNING_SECRET: secret },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      server.stdout!.on('data', (chunk: Buffer) => {
        const match = /listening (\d+)/.exec(chunk.toString());
        if (match) resolve(Number(match[1]));
      });
      server.on('exit', (code) => reject(new Error(`server exited ${code}`)));
    });
    // The same root and secret: this process signs URLs that the server process accepts.
    const signer = new FilesystemBlobStore({
      root: blobDir,
      secret,
      publicUrl: `http://127.0.0.1:${port}/blobs`,
    });
    const pid = server.pid!;

    // Warm-up: one small upload, so the baseline includes the loaded code paths.
    const warm = path.join(work, 'warm.bin');
    await makeFile(warm, 4 * MB);
    for (let i = 0; i < 3; i++) {
      await upload(
        (await signer.signedUploadUrl(`warm/${i}`, { expiresIn: 600, maxBytes: 8 * MB })).url,
        warm,
        4 * MB,
      );
    }
    const baselineKb = await procKb(pid, 'VmRSS');
    await new Promise((resolve) => setTimeout(resolve, 200));

    console.log(
      `blob upload bench: ${rounds} rounds per size, server pid ${pid}, baseline RSS ${(baselineKb / 1024).toFixed(1)} MB`,
    );
    const summary: string[] = [];
    let worstRatio = Infinity;
    for (const sizeMb of sizesMb) {
      const bytes = sizeMb * MB;
      const source = path.join(work, `source-${sizeMb}.bin`);
      await makeFile(source, bytes);
      const copyMbps: number[] = [];
      const uploadMbps: number[] = [];
      for (let round = 0; round < rounds; round++) {
        const copyTarget = path.join(work, `copy-${sizeMb}.bin`);
        let started = performance.now();
        await pipeline(createReadStream(source), createWriteStream(copyTarget));
        copyMbps.push(sizeMb / ((performance.now() - started) / 1000));
        await unlink(copyTarget);

        const key = `bench/${sizeMb}/${round}.bin`;
        const url = (await signer.signedUploadUrl(key, { expiresIn: 600, maxBytes: bytes })).url;
        started = performance.now();
        await upload(url, source, bytes);
        uploadMbps.push(sizeMb / ((performance.now() - started) / 1000));
        const stored = await stat(signer.pathOf(key));
        if (stored.size !== bytes) throw new Error(`stored ${stored.size} bytes, expected ${bytes}`);
        await signer.delete(key);
      }
      const ratio = median(uploadMbps) / median(copyMbps);
      worstRatio = Math.min(worstRatio, ratio);
      console.log(
        `${String(sizeMb).padStart(4)} MB  copy ${median(copyMbps).toFixed(0)} MB/s  upload ${median(uploadMbps).toFixed(0)} MB/s  ratio ${ratio.toFixed(2)}  (rounds: copy ${copyMbps.map((v) => v.toFixed(0)).join('/')}, upload ${uploadMbps.map((v) => v.toFixed(0)).join('/')})`,
      );
      summary.push(`ratio_${sizeMb}mb=${ratio.toFixed(2)}`);
      await unlink(source);
    }
    const peakKb = await procKb(pid, 'VmHWM');
    const growthMb = (peakKb - baselineKb) / 1024;
    console.log(
      `server RSS: baseline ${(baselineKb / 1024).toFixed(1)} MB, peak ${(peakKb / 1024).toFixed(1)} MB, growth ${growthMb.toFixed(1)} MB`,
    );
    console.log(
      `targets: throughput ≥ 0.50× copy: ${worstRatio >= 0.5 ? 'met' : 'MISSED'} (worst ${worstRatio.toFixed(2)}); RSS growth ≤ 50 MB: ${growthMb <= 50 ? 'met' : 'MISSED'}`,
    );
    console.log(`${summary.join(' ')} rss_growth_mb=${growthMb.toFixed(1)}`);
  } finally {
    server.kill('SIGTERM');
    await rm(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
