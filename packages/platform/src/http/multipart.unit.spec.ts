import { Readable } from 'node:stream';
import type { Request } from 'express';
import { readMultipart } from './multipart';

const boundary = 'b0undary';
const options = { fileField: 'coverArt', maxFileBytes: 1024, tooLargeMessage: 'Too large.' };

/** A request as a service's route sees it: the body streamed in, with its content type. */
function request(parts: string[]): Request {
  const body = parts.map((part) => `--${boundary}\r\n${part}\r\n`).join('') + `--${boundary}--\r\n`;
  return Object.assign(Readable.from([Buffer.from(body, 'latin1')]), {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }) as unknown as Request;
}

/** The outcome within 2 s: a hang (the request never answered) is a failure of its own. */
async function settle(promise: Promise<unknown>) {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise.then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      ),
      new Promise((resolve) => (timer = setTimeout(() => resolve('still waiting after 2 s'), 2_000))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

describe('readMultipart', () => {
  it('reads the text fields and the file', async () => {
    const result = await readMultipart(
      request([
        'Content-Disposition: form-data; name="beatId"\r\n\r\nb1',
        'Content-Disposition: form-data; name="coverArt"; filename="c.png"\r\nContent-Type: image/png\r\n\r\nPNG',
      ]),
      options,
    );
    expect(result.fields).toEqual({ beatId: 'b1' });
    expect(result.file).toMatchObject({ field: 'coverArt', filename: 'c.png', mimeType: 'image/png' });
    expect(result.file!.data.toString()).toBe('PNG');
  });

  // Found by the fuzzer (schemathesis, signed in): a part whose header holds a control character made
  // busboy fail, the request stream stopped feeding it, and the promise never settled — the request
  // hung until the client gave up.
  it('answers 400 at once for a malformed part header (a control character in a field name)', async () => {
    const outcome = await settle(
      readMultipart(
        request([
          'Content-Disposition: form-data; name="\x0e5I"\r\n\r\n{}',
          'Content-Disposition: form-data; name="beatId"\r\n\r\n0',
        ]),
        options,
      ),
    );
    expect(outcome).toEqual({
      error: expect.objectContaining({ status: 400, message: 'The form could not be read.' }),
    });
  });
});
