import { kubernetesName } from '@meridian/domain/apps/basic-template';
import type { WorkloadSpec } from '../../../platform/drivers/infrastructure-driver';
import { buildManifests } from '../template/template.service';
import type { AppsContext } from '../apps-context';
import type { DeploymentWork } from './deployment.types';

/** The app's objects as the driver applies them: in the app's namespace, owned by the deployment. */
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
  return { deploymentId: deployment.id, namespace: kubernetesName(app.name), manifests };
}
