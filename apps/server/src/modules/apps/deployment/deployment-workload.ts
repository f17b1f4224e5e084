import { kubernetesName } from '@meridian/domain/apps/basic-template';
import { previewNamespace } from '@meridian/domain/apps/preview';
import type { WorkloadSpec } from '../../../platform/drivers/infrastructure-driver';
import { buildManifests } from '../template/template.service';
import type { AppsContext } from '../apps-context';
import type { DeploymentWork } from './deployment.types';

/**
 * The app's objects as the driver applies them: in the app's namespace, owned by the deployment.
 * A preview's objects move to a namespace of their own, beside the app's on the same cluster.
 */
export function workloadOf(
  context: Pick<AppsContext, 'secrets'>,
  work: DeploymentWork,
): WorkloadSpec {
  const { deployment, version, app } = work;
  const manifests = buildManifests(
    version,
    { imageName: deployment.imageName, replicas: deployment.replicas },
    context.secrets,
  );
  if (deployment.previewNumber === null) {
    return { deploymentId: deployment.id, namespace: kubernetesName(app.name), manifests };
  }
  const namespace = previewNamespace(app.name, deployment.previewNumber);
  for (const manifest of manifests) {
    if (typeof manifest.metadata.namespace === 'string') manifest.metadata.namespace = namespace;
  }
  return { deploymentId: deployment.id, namespace, manifests };
}
