import type { CatalogApi } from '@beatmatch/frontend-common/sdk';
import { App } from 'antd';
import { cut, encodeMp3 } from './audio';
import { MESSAGES } from './checks';
import { runUpload, type UploadInput } from './uploadFlow';
import type { BeatDetails } from './useBeatDetails';
import type { useMp3Conversion } from './useMp3Conversion';
import type { useUploadProgress } from './useUploadProgress';

const errorText = (error: unknown) => (error instanceof Error ? error.message : MESSAGES.uploadFailed);

export interface UploadParts {
  catalog: CatalogApi;
  details: BeatDetails;
  conversion: ReturnType<typeof useMp3Conversion>;
  progress: ReturnType<typeof useUploadProgress>;
  /** Sending is step 3 (index 2); a failure goes back to step 1 (index 0). */
  setStep(step: 0 | 2): void;
  setFormError(error: string | null): void;
}

/** Step 3: a public upload from step 2 or a private one from step 1; a failure goes back to step 1. */
export function useUploadSender(
  { catalog, details, conversion, progress, setStep, setFormError }: UploadParts,
  onUploaded: (done: string) => void,
) {
  const { message } = App.useApp();

  const fail = (text: string) => {
    message.error(text);
    setFormError(text);
    progress.stop();
    setStep(0);
  };

  /** Step 3 for either kind: the files in the spec's order, finalize, then the success text or step 1. */
  const send = async (input: UploadInput) => {
    try {
      await runUpload(catalog, input, { phase: progress.setPhase, progress: progress.track });
      const done = `Uploaded ${input.name} successfully`;
      message.success(done);
      onUploaded(done);
    } catch (error) {
      fail(errorText(error));
    }
  };

  /** A private upload from step 1: the WAV converted to the 320 kbps MP3 (the same worker), then sent. */
  const uploadPrivate = async (wav: File) => {
    setStep(2);
    progress.clear();
    let encoded = conversion.mp3;
    if (!encoded) {
      progress.setConvertingForUpload(true);
      // Kept like step 2 keeps it: switching back to a public upload goes on with this MP3.
      const result = await conversion.convert(wav);
      if (result === 'failed') fail(MESSAGES.fileRead);
      if (typeof result === 'string') return;
      encoded = result.mp3;
      progress.setConvertingForUpload(false);
    }
    const { name, files } = details;
    await send({
      kind: 'private',
      name: name.trim(),
      cover: files.cover,
      mp3: encoded,
      wav,
      stems: files.stems,
    });
  };

  /** Step 2's Upload: the snippet cut from the region and encoded, then every file sent. */
  const upload = async () => {
    const { name, files } = details;
    const { audio, mp3, region } = conversion;
    const prices = details.priceFields();
    if (!files.cover || !files.wav || !mp3 || !audio || 'error' in prices) return;
    setStep(2);
    progress.startPreparing();
    let snippet: Blob;
    try {
      snippet = await encodeMp3(cut(audio, region.start, region.end));
    } catch (error) {
      return fail(errorText(error));
    }
    const { cover, wav, stems } = files;
    await send({ kind: 'public', name: name.trim(), prices, cover, snippet, mp3, wav, stems });
  };

  return { upload, uploadPrivate };
}
