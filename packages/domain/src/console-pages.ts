/**
 * The console's pages (apps/web/src/app/routes.tsx): the server answers the console for a GET of
 * any of them, whatever the client accepts, so `curl /login` gets the page a browser would.
 * `:name` stands for one path segment.
 */
export const consolePagePaths = [
  '/',
  '/login',
  '/home',
  '/clusters',
  '/datacenters/:datacenterId',
  '/apps/:appId',
  '/apps/:appId/:deploymentId',
  '/apps/:appId/terms-of-service',
  '/terms-of-services',
  '/api-key',
  '/audit',
  '/users',
  '/domain',
  '/domains',
  '/billing',
  '/support',
  '/support/smart-cluster/:jobUuid',
  '/support/app/:jobUuid',
  '/support/cluster/:jobUuid',
  '/notifications',
  '/notification-channels',
  '/organizations',
  '/references/nameservers',
  '/references/nameservers/:ref',
  '/references/cluster-integration',
  '/404',
] as const;

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/** Whether `pathname` (no query) is one of the console's pages. */
export function isConsolePage(pathname: string): boolean {
  const wanted = segmentsOf(pathname);
  return consolePagePaths.some((pattern) => {
    const parts = segmentsOf(pattern);
    return (
      parts.length === wanted.length &&
      parts.every((part, index) => part.startsWith(':') || part === wanted[index])
    );
  });
}
