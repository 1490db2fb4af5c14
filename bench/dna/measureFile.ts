// Times the analysis of a file in a fresh process and reports its peak resident memory (JSON line).
// Used by run.ts for the 3-minute figure; also handy on its own: npx tsx bench/dna/measureFile.ts song.wav
//   (default) in-process (analyzeInProcess): a first (cold) run, then a second (warm) one;
//   --worker  through `analyze`'s worker pool, as services and the CLI run it: the first request starts
//             the worker and loads the models, the next two reuse them.
// CPU time is the whole process's (every thread: worker, model threads, GC), steadier than wall time on a
// shared machine.
import { readFileSync } from 'node:fs';
import { analyzeBytes } from '../../packages/audio/src/analyzeBytes';
import { analyze, dnaWorkerStats } from '../../packages/audio/src/index';

async function timed<T>(run: () => Promise<T>): Promise<{ result: T; seconds: number; cpuSeconds: number }> {
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  const result = await run();
  const cpu = process.cpuUsage(cpuStart);
  return { result, seconds: (performance.now() - started) / 1000, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
}

async function main() {
  const file = process.argv.slice(2).find((a) => !a.startsWith('--'));
  if (!file) throw new Error('usage: measureFile.ts <audio file> [--worker]');
  const bytes = new Uint8Array(readFileSync(file));
  if (process.argv.includes('--worker')) {
    const cold = await timed(() => analyze(bytes, { filename: file }));
    const warm = [];
    for (let i = 0; i < 2; i++) warm.push(await timed(() => analyze(bytes, { filename: file })));
    const worker = dnaWorkerStats().workers[0];
    console.log(
      JSON.stringify({
        seconds: cold.seconds,
        cpuSeconds: cold.cpuSeconds,
        warmSeconds: Math.min(...warm.map((w) => w.seconds)),
        warmCpuSeconds: Math.min(...warm.map((w) => w.cpuSeconds)),
        maxRssMb: process.resourceUsage().maxRSS / 1024,
        workersStarted: dnaWorkerStats().started,
        modelLoads: worker?.info?.modelLoads,
        bpm: cold.result.bpm.value,
        key: cold.result.keyPrediction.value,
        timeSignature: cold.result.timeSignature,
      }),
    );
    return;
  }
  const cold = await timed(() => analyzeBytes(bytes, { filename: file }));
  const warm = await timed(() => analyzeBytes(bytes, { filename: file }));
  console.log(
    JSON.stringify({
      seconds: cold.seconds,
      cpuSeconds: cold.cpuSeconds,
      warmSeconds: warm.seconds,
      warmCpuSeconds: warm.cpuSeconds,
      maxRssMb: process.resourceUsage().maxRSS / 1024,
      bpm: cold.result.bpm.value,
      key: cold.result.keyPrediction.value,
      timeSignature: cold.result.timeSignature,
    }),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
