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
