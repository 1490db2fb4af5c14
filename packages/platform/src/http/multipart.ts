import busboy from 'busboy';
import type { Request, RequestHandler, Response } from 'express';
import { HttpProblem } from './problem';

export interface MultipartFile {
  field: string;
  filename: string;
  mimeType: string;
  data: Buffer;
}

export interface MultipartBody {
  fields: Record<string, string>;
  file: MultipartFile | null;
}

/**
 * Reads a small multipart/form-data body (a cover image and a few text fields) with busboy, within
 * limits: one file of at most `maxFileBytes` (413 past it, with `tooLargeMessage`), at most 20 fields
 * of 1 kB each. A body that is not multipart is read as no fields and no file.
 */
export function readMultipart(
  req: Request,
  options: { fileField: string; maxFileBytes: number; tooLargeMessage: string },
): Promise<MultipartBody> {
  const type = req.headers['content-type'] ?? '';
  if (!/^multipart\/form-data/i.test(type)) {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const fields: Record<string, string> = {};
    for (const [key, value] of Object.entries(body))
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
        fields[key] = String(value);
    return Promise.resolve({ fields, file: null });
  }
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { files: 1, fields: 20, fieldSize: 1024, fileSize: options.maxFileBytes, parts: 24 },
      });
    } catch {
      reject(new HttpProblem(400, 'The form could not be read.', 'bad_multipart'));
      return;
    }
    const fields: Record<string, string> = {};
    let file: MultipartFile | null = null;
    let failure: HttpProblem | null = null;
    const fail = (problem: HttpProblem) => {
      failure ??= problem;
    };
    parser.on('field', (name, value) => {
      if (name !== '__proto__') fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== options.fileField || file) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => fail(new HttpProblem(413, options.tooLargeMessage, 'file_too_large')));
      stream.on('end', () => {
        const data = Buffer.concat(chunks);
        if (data.length > 0)
          file = { field: name, filename: info.filename ?? '', mimeType: info.mimeType, data };
      });
    });
    parser.on('filesLimit', () => undefined);
    parser.on('fieldsLimit', () => fail(new HttpProblem(400, 'Too many form fields.', 'bad_multipart')));
    // A malformed body (e.g. a control character in a part header): busboy fails, and the request
    // stops feeding it (a pipe unpipes on its destination's error), so it would never close. Answer
    // at once and read the rest of the body away.
    parser.on('error', () => {
      fail(new HttpProblem(400, 'The form could not be read.', 'bad_multipart'));
      req.unpipe(parser);
      req.resume();
      reject(failure);
    });
    parser.on('close', () => (failure ? reject(failure) : resolve({ fields, file })));
    req.on('aborted', () => reject(new HttpProblem(400, 'The upload was interrupted.', 'aborted')));
    req.pipe(parser);
  });
}

/**
 * A call's multipart form read before its handler (handleCall's `before`): the text fields become the
 * body the declared request schema parses, the file is `formFile(res)`.
 */
export function multipartForm(options: {
  fileField: string;
  maxFileBytes: number;
  tooLargeMessage: string;
}): RequestHandler {
  return (req, res, next) => {
    readMultipart(req, options).then((form) => {
      req.body = form.fields;
      res.locals.formFile = form.file;
      next();
    }, next);
  };
}

/** The file multipartForm read (null: none was sent). */
export const formFile = (res: Response): MultipartFile | null =>
  (res.locals.formFile as MultipartFile | null | undefined) ?? null;
