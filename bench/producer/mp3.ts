/**
 * The upload wizard's WAV → MP3 (320 kbps CBR, stereo) in headless Chromium, against Debian's native
 * `lame` on the same file (issue 8: the browser may take at most 3× the native time).
 *   npx tsx bench/producer/mp3.ts [--seconds 180] [--runs 3]
 *
 * The browser side is the encoder the wizard's worker uses (wasm-media-encoders: LAME compiled to
 * WebAssembly), fed the same samples. Native `lame` comes from `apt-get install -y lame`; without it
 * only the browser figure is printed. Prints the median of the runs.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { stringArg } from '@beatmatch/testing';

const arg = stringArg;
const seconds = Number(arg('seconds', '180'));
const runs = Number(arg('runs', '3'));
const RATE = 44100;

/** A stereo 16-bit WAV: a kick at 120 BPM over an A-minor chord, slightly different per channel. */
function wav(): Buffer {
  const frames = seconds * RATE;
  const data = Buffer.alloc(frames * 4);
  for (let i = 0; i < frames; i++) {
    const t = i / RATE;
    const since = t % 0.5;
    const kick = Math.sin(2 * Math.PI * (50 + 100 * Math.exp(-since * 30)) * since) * Math.exp(-since * 8);
    const pad = (Math.sin(2 * Math.PI * 220 * t) + Math.sin(2 * Math.PI * 261.63 * t)) / 2;
    data.writeInt16LE(Math.round((0.5 * kick + 0.25 * pad) * 32767), i * 4);
    data.writeInt16LE(
      Math.round((0.5 * kick + 0.25 * Math.sin(2 * Math.PI * 329.63 * t)) * 32767),
      i * 4 + 2,
    );
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(2, 22);
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 4, 28);
  header.writeUInt16LE(4, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** Runs in the page: decodes the 16-bit WAV and times the encoder alone. */
const IN_PAGE = `async function (wasm, wav) {
  const decode = (b64) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const data = decode(wav);
  const view = new DataView(data.buffer);
  const frames = (data.length - 44) / 4;
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  for (let i = 0; i < frames; i++) {
    left[i] = view.getInt16(44 + i * 4, true) / 32768;
    right[i] = view.getInt16(46 + i * 4, true) / 32768;
  }
  const started = performance.now();
  const encoder = await WasmMediaEncoder.createEncoder('audio/mpeg', decode(wasm));
  encoder.configure({ channels: 2, sampleRate: 44100, bitrate: 320 });
  let size = 0;
  const chunk = 1152 * 64;
  for (let s = 0; s < frames; s += chunk)
    size += encoder.encode([left.subarray(s, s + chunk), right.subarray(s, s + chunk)]).length;
  size += encoder.finalize().length;
  return { seconds: (performance.now() - started) / 1000, size };
}`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-mp3-'));
  try {
    const file = path.join(dir, 'beat.wav');
    const bytes = wav();
    writeFileSync(file, bytes);
    const encoderDir = path.resolve(path.dirname(require.resolve('wasm-media-encoders')), '..');
    const umd = path.join(encoderDir, 'dist/umd/WasmMediaEncoder.min.js');
    const wasm = readFileSync(path.join(encoderDir, 'wasm/mp3.wasm')).toString('base64');

    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox'],
    });
    const page = await browser.newPage();
    await page.setContent('<html><body></body></html>');
    await page.addScriptTag({ path: umd });
    const browserTimes: number[] = [];
    let mp3Bytes = 0;
    for (let run = 0; run < runs; run++) {
      // Plain source text: the bundler's helpers (tsx names functions) do not exist in the page.
      const result = (await page.evaluate(
        `(${IN_PAGE})(${JSON.stringify(wasm)}, ${JSON.stringify(bytes.toString('base64'))})`,
      )) as {
        seconds: number;
        size: number;
      };
      browserTimes.push(result.seconds);
      mp3Bytes = result.size;
    }
    await browser.close();

    const hasLame = spawnSync('lame', ['--version']).status === 0;
    const nativeTimes: number[] = [];
    if (hasLame)
      for (let run = 0; run < runs; run++) {
        const started = process.hrtime.bigint();
        execFileSync('lame', ['--quiet', '-b', '320', '-m', 's', file, path.join(dir, 'native.mp3')]);
        nativeTimes.push(Number(process.hrtime.bigint() - started) / 1e9);
      }

    const browserSeconds = median(browserTimes);
    console.log(`WAV ${seconds} s stereo 44.1 kHz → MP3 320 kbps, median of ${runs}`);
    console.log(
      `  chromium (wasm LAME): ${browserSeconds.toFixed(2)} s  (${(mp3Bytes / 1e6).toFixed(1)} MB)`,
    );
    if (hasLame) {
      const nativeSeconds = median(nativeTimes);
      console.log(`  native lame:          ${nativeSeconds.toFixed(2)} s`);
      console.log(`  ratio:                ${(browserSeconds / nativeSeconds).toFixed(2)}× (target ≤ 3×)`);
    } else {
      console.log('  native lame: not installed (apt-get install -y lame)');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();
