import { ConfigProvider, notification } from 'antd';
import { useLayoutEffect } from 'react';
import { useAntdTheme } from '../theme/antd-theme';
import { bindNotificationApi } from './notify';

function ThemedNotifications() {
  const [api, holder] = notification.useNotification();
  useLayoutEffect(() => {
    bindNotificationApi(api);
    return () => bindNotificationApi(null);
  }, [api]);
  return holder;
}

/** Renders the console's notifications in its theme and hands their API to `notify`. */
export function NotificationBridge() {
  return (
    <ConfigProvider theme={useAntdTheme()}>
      <ThemedNotifications />
    </ConfigProvider>
  );
}
