// beatmatch-dna <file> [--compact] — prints the DNA of a WAV or MP3 file as JSON.
// Reads only the part of the file the analysis uses, and analyses it in a worker thread.
import { openSync, readSync, fstatSync, closeSync } from 'node:fs';
import { analyze, analysisByteLimit, DnaError } from './index';

function readPrefix(file: string): { bytes: Uint8Array; size: number } {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const head = new Uint8Array(Math.min(size, 65536));
    readSync(fd, head, 0, head.length, 0);
    const wanted = analysisByteLimit(head, size) ?? size;
    const bytes = new Uint8Array(wanted);
    let offset = 0;
    while (offset < wanted) {
      const read = readSync(fd, bytes, offset, wanted - offset, offset);
      if (read === 0) break;
      offset += read;
    }
    return { bytes: bytes.subarray(0, offset), size };
  } finally {
    closeSync(fd);
  }
}

async function main(argv: string[]): Promise<number> {
  const files = argv.filter((a) => !a.startsWith('--'));
  if (files.length !== 1 || argv.includes('--help')) {
    console.error('usage: beatmatch-dna <audio file (WAV or MP3)> [--compact]');
    return files.length === 1 ? 0 : 2;
  }
  const file = files[0]!;
  try {
    const { bytes, size } = readPrefix(file);
    const dna = await analyze(bytes, { filename: file, sourceByteLength: size });
    process.stdout.write(`${JSON.stringify(dna, null, argv.includes('--compact') ? undefined : 2)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof DnaError) console.error(`beatmatch-dna: ${error.code}: ${error.message}`);
    else console.error(`beatmatch-dna: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
