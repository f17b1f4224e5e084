import { notification } from 'antd';
import { useLayoutEffect } from 'react';
import { bindNotificationApi, notificationPlacement } from './notify';

/**
 * Renders the console's notifications (themed by the surrounding ConfigProvider) and hands
 * their API to `notify`, which code outside React calls too. Mounted once at the root, so a
 * notice survives the screen change that often follows it (session expiry → /login).
 */
export function NotificationBridge() {
  const [api, holder] = notification.useNotification({ placement: notificationPlacement });
  useLayoutEffect(() => {
    bindNotificationApi(api);
    return () => bindNotificationApi(null);
  }, [api]);
  return holder;
}
