import type { ReactNode } from 'react';
// Relative, not '@beatmatch/frontend-common/sdk': the shared SDK is the shell's instance, while this
// must be the version the remote itself was built with.
import { SDK_VERSION } from './sdk/version';

export const SDK_MISMATCH_MESSAGE =
  'This part of Beatmatch was built for another version of the app. Please reload the page.';

/**
 * A remote renders only on the SDK it was built with: the shell (the host) gives its SDK version,
 * and a remote built from another SDK says so, in the console and where it is mounted, instead of
 * failing oddly on calls or state the two SDKs disagree about. Running alone there is no host.
 */
export function SdkVersionCheck({
  remote,
  hostVersion,
  children,
}: {
  remote: string;
  hostVersion: string | undefined;
  children: ReactNode;
}) {
  if (hostVersion === undefined || hostVersion === SDK_VERSION) return children;
  console.error(
    `Beatmatch SDK mismatch: the shell runs SDK ${hostVersion}, the ${remote} remote was built with ${SDK_VERSION}.`,
  );
  return (
    <div role="alert" data-testid="sdk-mismatch" style={{ padding: 24 }}>
      {SDK_MISMATCH_MESSAGE}
    </div>
  );
}
