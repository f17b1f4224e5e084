import { App as AntdApp, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { theme } from '../shared/theme/antd-theme';

/** antd's theme, and the App context its pages use for confirmations (`App.useApp().modal`). */
export function AntdScope({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={theme}>
      <AntdApp component={false}>{children}</AntdApp>
    </ConfigProvider>
  );
}
