import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { THEME } from './theme';

/**
 * antd is not shared between the apps (rspack.federation.cjs): a remote page built with antd wraps
 * itself in this so its copy of antd has the shell's look. Pages without antd need nothing.
 */
export function RemoteTheme({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={THEME}>{children}</ConfigProvider>;
}
