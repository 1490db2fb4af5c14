// Shared by the activities and the workflow sandbox: plain constants, no imports.

/** The failure type of an upload the producer has to fix: never retried, its message shown in Manage Beats. */
export const UPLOAD_REJECTED = 'UploadRejected';
/** Shown in Manage Beats when the analysis kept failing for reasons that are ours (retries exhausted). */
export const ANALYSIS_FAILED_REASON = 'We could not analyse this beat. Please upload it again.';
/** The catalog's Temporal task queue (every catalog replica's worker polls it). */
export const UPLOAD_TASK_QUEUE = 'catalog-upload';
/**
 * The workflow id of a beat's upload: one running workflow per beat and task queue, so a second start
 * while it runs is ignored. The queue is part of the id: catalogues sharing one Temporal server under
 * other queues (tests, demo beats whose ids are the same everywhere) never see each other's workflows.
 */
export const uploadWorkflowId = (beatId: string, taskQueue: string = UPLOAD_TASK_QUEUE) =>
  `${taskQueue}-${beatId}`;
/**
 * Shown in Manage Beats when the upload's audio matches a published beat of another producer (the
 * stolen-beat guard, ../fingerprints). The spec has no wording for it; the contact page is /help/contact.
 */
export const FINGERPRINT_MATCH_REASON =
  'This beat matches a beat already on Beatmatch by another producer. If it is yours, contact us.';
/** The workflow's version marker for the fingerprint step (workflows started before it skip it). */
export const FINGERPRINT_PATCH = 'catalog-upload-fingerprint-check';
