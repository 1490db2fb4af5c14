import type { UploadFileType } from '@beatmatch/frontend-common/sdk';
import { useState } from 'react';
import type { UploadPhase } from './uploadFlow';

/** Step 3's state: the phase, the file being sent and one bar per file (and a private upload's conversion). */
export function useUploadProgress() {
  const [convertingForUpload, setConvertingForUpload] = useState(false);
  const [phase, setPhase] = useState<UploadPhase>();
  const [current, setCurrent] = useState<UploadFileType>();
  const [bars, setBars] = useState<Partial<Record<UploadFileType, number>>>({});

  const track = (type: UploadFileType, loaded: number, total: number) => {
    setCurrent(type);
    setBars((now) => ({ ...now, [type]: total > 0 ? Math.round((loaded / total) * 100) : 0 }));
  };

  /** A public upload starts preparing its snippet; the last attempt's current file is kept until a bar moves. */
  const startPreparing = () => {
    setBars({});
    setPhase('preparing');
  };

  /** Stopped by a failure: the bars stay as they were, hidden with step 3. */
  const stop = () => {
    setPhase(undefined);
    setConvertingForUpload(false);
  };

  const clear = () => {
    stop();
    setBars({});
    setCurrent(undefined);
  };

  return {
    convertingForUpload,
    setConvertingForUpload,
    phase,
    setPhase,
    current,
    bars,
    track,
    startPreparing,
    stop,
    clear,
  };
}
