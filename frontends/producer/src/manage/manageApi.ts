import { beatmatchSdk, catalogApi } from '@beatmatch/frontend-common/sdk';

/** The catalog calls Manage Beats makes. */
export const catalog = () => catalogApi(beatmatchSdk().api);

/** A failed call's text as the toast shows it. */
export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
