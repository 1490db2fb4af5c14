import { beatmatchSdk, catalogApi } from '@beatmatch/frontend-common/sdk';
import { useMemo, useState } from 'react';
import { MESSAGES } from './checks';
import { useBeatDetails } from './useBeatDetails';
import { useLeaveWarning } from './useLeaveWarning';
import { useMp3Conversion } from './useMp3Conversion';
import { useUploadProgress } from './useUploadProgress';
import { useUploadSender } from './useUploadSender';

export type Step = 0 | 1 | 2;

/** The upload wizard's steps (producer-side spec §4 Upload wizard and phases, §5). */
export function useUploadWizard() {
  const catalog = useMemo(() => catalogApi(beatmatchSdk().api), []);
  const [step, setStep] = useState<Step>(0);
  const [formError, setFormError] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState<string>();
  const conversion = useMp3Conversion();
  const details = useBeatDetails(catalog, conversion.clear);
  const progress = useUploadProgress();
  useLeaveWarning(step === 2 && !uploaded);

  const reset = () => {
    conversion.reset();
    setStep(0);
    details.clear();
    progress.clear();
  };

  const sender = { catalog, details, conversion, progress, setStep, setFormError };
  const { upload, uploadPrivate } = useUploadSender(sender, (done) => {
    reset();
    setUploaded(done);
  });

  /** Step 2's conversion; a WAV that cannot be read sends the producer back to step 1. */
  const startConversion = async (wav: File) => {
    if ((await conversion.convert(wav)) !== 'failed') return;
    setFormError(MESSAGES.fileRead);
    setStep(0);
  };

  /** Step 1's Next (or a private beat's Upload). */
  const next = () => {
    setFormError(null);
    const problem = details.problem();
    if (problem) return setFormError(problem);
    const { wav } = details.files;
    if (!wav) return;
    if (details.isPrivate) return void uploadPrivate(wav);
    setStep(1);
    if (!conversion.mp3) void startConversion(wav);
  };

  return { step, setStep, formError, uploaded, setUploaded, details, conversion, progress, next, upload };
}
