// Run as its own process by encoderClose.int.spec.ts: the sentence encoder closed while it embeds a
// batch, again and again. Terminating its thread mid-inference used to abort the whole process; it
// must now print what the refused and the running batches got, and exit 0.
import { EncoderThread } from './encoderClient';

void (async () => {
  const encoder = new EncoderThread();
  const texts = Array.from(
    { length: 16 },
    (_, i) => `dark trap beat number ${i} with heavy 808 bass and a long tail`,
  );
  await encoder.embedInBackground(texts.slice(0, 1)); // the model is loaded
  const outcomes = new Set<string>();
  for (let round = 0; round < 10; round++) {
    const running = encoder.embedInBackground(texts).then(
      () => 'answered',
      (error: Error) => error.message,
    );
    const queued = encoder.embedInBackground(texts.slice(0, 2)).catch((error: Error) => error.message);
    await new Promise((resolve) => setTimeout(resolve, 2 + round * 3));
    await encoder.close();
    outcomes.add(`running: ${await running}`);
    outcomes.add(`queued: ${await queued}`);
  }
  console.log([...outcomes].sort().join('\n'));
})();
