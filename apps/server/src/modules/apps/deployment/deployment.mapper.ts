import type { Deployment } from '@meridian/domain/apps/app-api';
import type { DeploymentView } from './deployment.types';

export function toDeployment(view: DeploymentView): Deployment {
  const { deployment, cluster, datacenter, version } = view;
  return {
    uuid: deployment.id,
    app_uuid: deployment.appId,
    version_uuid: deployment.versionId,
    smart_cluster_uuid: deployment.smartClusterId,
    smart_cluster_name: view.smartClusterName,
    cluster_uuid: cluster.id,
    cluster_name: cluster.name,
    datacenter_uuid: datacenter.uuid,
    datacenter_name: datacenter.location,
    status: deployment.status,
    status_reason: deployment.statusReason,
    endpoint: deployment.endpoint,
    domain_names: deployment.domainNames,
    certificate_uuid: deployment.certificateUuid,
    ports: deployment.ports,
    template: deployment.template,
    image_name: deployment.imageName,
    ready_replicas: deployment.readyReplicas,
    flavor_name: version.flavorName,
    volume_type: version.volumeType,
    // Only a Heat deployment whose stack exists has outputs; the field is left out otherwise.
    ...(deployment.stackOutputs ? { stack_outputs: deployment.stackOutputs } : {}),
    ...(deployment.stackParameters ? { stack_parameters: deployment.stackParameters } : {}),
    app: { uuid: deployment.appId, name: view.appName },
    version: { uuid: deployment.versionId, name: view.versionName },
    createdAt: deployment.createdAt.toISOString(),
    updatedAt: deployment.updatedAt.toISOString(),
  };
}
