import type { AdminJobStatus } from '@beatmatch/contracts';
import { useEffect, useRef, useState } from 'react';
import type { StartedJob } from './jobs';

/** How often the page asks a background job's progress. */
export const PROGRESS_POLL_MS = 1000;

export const failure = (error: unknown) =>
  `Failed: ${error instanceof Error ? error.message : String(error)}`;

/**
 * Runs a job: a quick one's answer is its result line; a background one is watched (its progress every
 * second) until it ends with its result line. `onDone` runs once it ended (the admin log reloads).
 */
export function useJobRun(onDone: () => void) {
  const [running, setRunning] = useState(false);
  const [status, setStatus] = useState<AdminJobStatus>();
  const [result, setResult] = useState<string>();
  const alive = useRef(true);
  useEffect(() => () => void (alive.current = false), []);

  const watch = async ({ jobId, progress }: StartedJob): Promise<string> => {
    for (;;) {
      const now = await progress(jobId);
      if (!alive.current) return '';
      setStatus(now);
      if (now.state !== 'running') return now.result ?? '';
      await new Promise((resolve) => setTimeout(resolve, PROGRESS_POLL_MS));
    }
  };

  const go = async (job: () => Promise<string | StartedJob>) => {
    setRunning(true);
    setStatus(undefined);
    setResult(undefined);
    const line = await job()
      .then((answer) => (typeof answer === 'string' ? answer : watch(answer)))
      .catch(failure);
    if (!alive.current) return;
    setResult(line);
    setRunning(false);
    onDone();
  };
  return { running, status, result, go };
}
