// Shared by the activities and the workflow sandbox: plain constants, no imports.

/** The failure type of an upload the producer has to fix: never retried, its message shown in Manage Beats. */
export const UPLOAD_REJECTED = 'UploadRejected';
/** Shown in Manage Beats when the analysis kept failing for reasons that are ours (retries exhausted). */
export const ANALYSIS_FAILED_REASON = 'We could not analyse this beat. Please upload it again.';
/** The workflow id of a beat's upload: one workflow per beat, so starting it twice is harmless. */
export const uploadWorkflowId = (beatId: string) => `upload-${beatId}`;
