// Times one analysis of a file in a fresh process and reports its peak resident memory (JSON line).
// Used by run.ts for the 3-minute figure; also handy on its own: npx tsx bench/dna/measureFile.ts song.wav
import { readFileSync } from 'node:fs';
import { analyzeBytes } from '../../packages/audio/src/analyzeBytes';

async function main() {
  const file = process.argv[2];
  if (!file) throw new Error('usage: measureFile.ts <audio file>');
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  const bytes = new Uint8Array(readFileSync(file));
  const dna = await analyzeBytes(bytes, { filename: file });
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  // CPU time is steadier than wall time on a shared machine (it includes GC and JIT helper threads).
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const warmStart = performance.now();
  await analyzeBytes(bytes, { filename: file });
  const warmSeconds = (performance.now() - warmStart) / 1000;
  const maxRssMb = process.resourceUsage().maxRSS / 1024;
  console.log(
    JSON.stringify({
      seconds,
      cpuSeconds,
      warmSeconds,
      maxRssMb,
      bpm: dna.bpm.value,
      key: dna.keyPrediction.value,
      timeSignature: dna.timeSignature,
    }),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
