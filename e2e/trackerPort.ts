/** Where errorReports.journey.ts listens as the operators' error tracker (next to the app's port). */
export const TRACKER_PORT = Number(process.env.E2E_TRACKER_PORT ?? Number(process.env.E2E_PORT ?? 8123) + 1);
