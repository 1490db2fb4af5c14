import { useEffect } from 'react';
import { MESSAGES } from './checks';

/** The tab-close warning while uploading (spec §4). */
export function useLeaveWarning(uploading: boolean) {
  useEffect(() => {
    if (!uploading) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = MESSAGES.stillUploading;
      return MESSAGES.stillUploading;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [uploading]);
}
