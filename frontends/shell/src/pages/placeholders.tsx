// Pages without a feature yet, missing pages and the session error: loaded only when shown.
import { Button, Result } from 'antd';
import { NETWORK_ERROR_MESSAGE } from '../api/client';

export { ComingSoon, NotFound } from '@beatmatch/frontend-common';

/** The session could not be checked: say so, and do not pretend the user is logged out. */
export function SessionUnavailable() {
  return (
    <Result
      status="warning"
      data-testid="session-unavailable"
      title={NETWORK_ERROR_MESSAGE}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          Reload
        </Button>
      }
    />
  );
}
