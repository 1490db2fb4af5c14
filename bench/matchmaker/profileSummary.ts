/**
 * Summarises a `node --cpu-prof` profile of the serving bench: the main thread's self time by function
 * and by package over the last seconds of the run (the last phase), as shares of the busy (non-idle) time.
 *   npx tsx bench/matchmaker/profileSummary.ts <file.cpuprofile> [--last 10] [--top 15] [--requests N]
 * `--requests N` (the requests served in that window) also prints each line as µs per request, so the
 * profiles of ./telemetryOverhead.ts's two sides (`--cpu-prof-dir`) compare line by line.
 * The bench's server is in its own process, so its main-thread profile is the largest file `--cpu-prof`
 * writes. Self time only: a middleware's inclusive time would also count everything its `next()` ran.
 */
import { readFileSync } from 'node:fs';
import { numberArg } from '@beatmatch/testing';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface Profile {
  nodes: Array<{ id: number; callFrame: CallFrame }>;
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** The package a frame belongs to: a node_modules package, a node: module, a workspace folder, or native/VM. */
function packageOf(url: string): string {
  if (!url) return '(native/VM)';
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (dependency) return dependency[1]!;
  if (url.startsWith('node:')) return url.split('/')[0]!;
  const workspace = /\/((?:services|packages|apps|gateway|bench)\/[^/]+)/.exec(url);
  return workspace ? workspace[1]! : url;
}

const frameName = ({ functionName, url, lineNumber, columnNumber }: CallFrame) =>
  `${functionName || '(anonymous)'} ${url.replace(/^.*\//, '')}:${lineNumber + 1}:${columnNumber + 1}`;

/** Self time (µs) per function and per package over the profile's last `lastSeconds`, and the busy total. */
function selfTimes(profile: Profile, lastSeconds: number) {
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const sampledAt: number[] = [];
  let clock = profile.startTime;
  for (const delta of profile.timeDeltas) sampledAt.push((clock += delta));
  const from = (sampledAt.at(-1) ?? 0) - lastSeconds * 1e6;
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, index) => {
    const frame = frames.get(id)!;
    // A sample's time runs until the next sample.
    const spent = profile.timeDeltas[index + 1] ?? 0;
    if (sampledAt[index]! < from || frame.functionName === '(idle)') return;
    busy += spent;
    const name = frameName(frame);
    byFunction.set(name, (byFunction.get(name) ?? 0) + spent);
    const owner = packageOf(frame.url);
    byPackage.set(owner, (byPackage.get(owner) ?? 0) + spent);
  });
  return { byFunction, byPackage, busy };
}

function printTop(title: string, times: Map<string, number>, busy: number, top: number, requests: number) {
  console.log(title);
  for (const [name, spent] of [...times].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    const perRequest = requests > 0 ? `${(spent / requests).toFixed(1).padStart(7)} µs  ` : '';
    console.log(`${((100 * spent) / busy).toFixed(1).padStart(5)} %  ${perRequest}${name}`);
  }
}

function main() {
  const file = process.argv[2];
  if (!file) throw new Error('usage: profileSummary.ts <file.cpuprofile> [--last 10] [--top 15]');
  const last = numberArg('last', 10);
  const { byFunction, byPackage, busy } = selfTimes(JSON.parse(readFileSync(file, 'utf8')) as Profile, last);
  const top = numberArg('top', 15);
  const requests = numberArg('requests', 0);
  const perRequest = requests > 0 ? `, ${(busy / requests).toFixed(0)} µs per request` : '';
  console.log(`busy ${(busy / 1e6).toFixed(2)} s of the last ${last} s${perRequest}`);
  const unit = requests > 0 ? '% of busy, µs per request' : '% of busy';
  printTop(`self time by function (${unit})`, byFunction, busy, top, requests);
  printTop(`self time by package (${unit})`, byPackage, busy, top, requests);
}

main();
