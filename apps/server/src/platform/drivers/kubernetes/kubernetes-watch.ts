import type { KubeconfigTarget } from '@meridian/domain/clusters/kubeconfig';
import type { ClusterEndpointPolicy } from '../../outbound-guard';
import { kubeConfigOf, kubernetesLibrary } from './kubernetes-client';

/**
 * Waits until the cluster tells of a change to the namespace's Deployments after
 * `resourceVersion`, or `waitMs` passes, whichever is first; a broken watch ends the wait too
 * (the caller reads again, so a dropped stream is a reconnect, never a lost change).
 */
export async function waitForDeploymentChange(
  target: KubeconfigTarget,
  namespace: string,
  resourceVersion: string | undefined,
  waitMs: number,
  policy: ClusterEndpointPolicy,
): Promise<void> {
  if (waitMs <= 0) return;
  let finish = () => {};
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const timer = setTimeout(finish, waitMs);
  timer.unref();
  let controller: AbortController | undefined;
  try {
    const { Watch } = await kubernetesLibrary();
    controller = await new Watch(await kubeConfigOf(target, policy)).watch(
      `/apis/apps/v1/namespaces/${encodeURIComponent(namespace)}/deployments`,
      { resourceVersion, timeoutSeconds: Math.ceil(waitMs / 1000), allowWatchBookmarks: false },
      () => finish(),
      () => finish(),
    );
    await finished;
  } catch {
    // Could not watch: the caller's next read tells the state all the same.
  } finally {
    clearTimeout(timer);
    controller?.abort();
  }
}
