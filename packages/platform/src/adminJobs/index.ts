export { AdminJobs, adminJobsTaskQueueOf, type AdminJobsOptions } from './runner';
export type { AdminJobsWorkflows } from './temporal';
export { adminJobsSchemaSql, AdminJobStore } from './store';
export { defineAdminJob, ITEMS_PER_STEP, type AdminJobDefinition, type ItemWrite } from './definition';
