import { App as AntdApp, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { useAntdTheme } from '../shared/theme/antd-theme';
import { antdLocale } from './antd-locale';

/** antd's theme, and the App context its pages use for confirmations (`App.useApp().modal`). */
export function AntdScope({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={useAntdTheme()} locale={antdLocale()}>
      <AntdApp component={false}>{children}</AntdApp>
    </ConfigProvider>
  );
}
