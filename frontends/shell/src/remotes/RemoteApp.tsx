import { SDK_VERSION } from '@beatmatch/frontend-common/sdk';
import { Button, Result, Spin } from 'antd';
import { Component, Suspense, useContext, useState, type ReactNode } from 'react';
import type { RemoteName } from './federation';
import { RemoteLoaderContext } from './loaderContext';
import { forgetRemote, lazyRemote } from './remoteCache';

const AREA_NAMES: Record<RemoteName, string> = { producer: 'producer', artist: 'artist' };

class RemoteErrorBoundary extends Component<
  { remote: RemoteName; onRetry: () => void; children: ReactNode },
  { error: Error | null }
> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error) {
    console.error(`Remote ${this.props.remote} failed`, error);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Result
        status="error"
        data-testid="remote-error"
        title={`The ${AREA_NAMES[this.props.remote]} pages could not be loaded`}
        subTitle="Please check your connection and try again. The rest of Beatmatch keeps working."
        extra={
          <Button
            type="primary"
            onClick={() => {
              this.setState({ error: null });
              this.props.onRetry();
            }}
          >
            Try again
          </Button>
        }
      />
    );
  }
}

/** Mounts one remote's App; a remote that cannot load shows an error panel, not a blank page. */
export function RemoteApp({ remote, basename }: { remote: RemoteName; basename: string }) {
  const loader = useContext(RemoteLoaderContext);
  const [attempt, setAttempt] = useState(0);
  if (!loader) throw new Error('RemoteApp outside RemoteLoaderProvider');
  const Loaded = lazyRemote(loader, remote);
  const retry = () => {
    // A failed lazy component stays failed: forget it so the next render loads again.
    forgetRemote(loader, remote);
    setAttempt((n) => n + 1);
  };
  return (
    <RemoteErrorBoundary key={`${remote}:${attempt}`} remote={remote} onRetry={retry}>
      <Suspense fallback={<Spin size="large" style={{ display: 'block', margin: '64px auto' }} />}>
        <Loaded basename={basename} sdkVersion={SDK_VERSION} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
