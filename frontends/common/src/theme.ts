import type { ThemeConfig } from 'antd';

/** One look for the shell and the remotes (each app has its own antd; see rspack.federation.cjs). */
export const THEME: ThemeConfig = {
  token: { colorPrimary: '#7c3aed', colorLink: '#7c3aed', borderRadius: 8 },
  components: {
    // A focus ring people can see (the default is a faint 1 px border).
    Input: { activeShadow: '0 0 0 3px rgba(124, 58, 237, 0.35)' },
    InputNumber: { activeShadow: '0 0 0 3px rgba(124, 58, 237, 0.35)' },
    Select: { activeOutlineColor: 'rgba(124, 58, 237, 0.35)' },
  },
};
