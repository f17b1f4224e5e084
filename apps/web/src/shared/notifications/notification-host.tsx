import { lazy, Suspense, useEffect, useState } from 'react';
import { onNoticeWaiting } from './notify';

const NotificationBridge = lazy(() =>
  import('./notification-bridge').then((m) => ({ default: m.NotificationBridge })),
);

/**
 * Mounted once at the root, so a notice survives the screen change that often follows it
 * (session expiry → /login). Loads antd's notifications with the first notice, not before:
 * the login page's first load stays small.
 */
export function NotificationHost({ eager = false }: { eager?: boolean }) {
  const [wanted, setWanted] = useState(eager);
  useEffect(() => {
    onNoticeWaiting(() => setWanted(true));
    return () => onNoticeWaiting(null);
  }, []);
  return wanted ? (
    <Suspense fallback={null}>
      <NotificationBridge />
    </Suspense>
  ) : null;
}
