import type { Deployment, Version } from '@meridian/domain/apps/app-api';
import { isInProgress, type Status } from '@meridian/domain/status';
import { basicSettingsFromTemplate } from '../template/basic-settings';
import type { VersionRow } from '../../../platform/db/schema/apps';

/** A version as lists show it: without its template, which can be large. */
export type VersionSummaryRow = Omit<
  VersionRow,
  'rawTemplate' | 'registry' | 'registryPasswordSealed' | 'basicSettings' | 'secretsSealed'
>;

/** A version as its app's own page shows it: with the template and the Basic settings. */
export type VersionDetailRow = VersionSummaryRow &
  Pick<VersionRow, 'rawTemplate' | 'registry' | 'basicSettings'>;

/** The Basic settings a new version starts from; a version made before they were kept, from its YAML. */
function basicSettingsOf(row: VersionDetailRow): Version['basic_settings'] {
  if (row.templateType !== 'KUBERNETES_BASIC') return null;
  return row.basicSettings ?? basicSettingsFromTemplate(row.rawTemplate, row.registry);
}

/** A version's status from its deployments: failure, then in progress, else success. */
export function versionStatus(list: readonly Deployment[]): Status {
  const failed = list.find((deployment) => deployment.status === 'failure');
  if (failed) return 'failure';
  const working = list.find((deployment) => isInProgress(deployment.status));
  if (working) return working.status;
  if (list.some((deployment) => deployment.status === 'update_subdomains_failure')) {
    return 'update_subdomains_failure';
  }
  return 'success';
}

export function toVersion(row: VersionSummaryRow | VersionDetailRow, list: Deployment[]): Version {
  return {
    uuid: row.id,
    app_uuid: row.appId,
    name: row.name,
    template_type: row.templateType,
    ...('rawTemplate' in row
      ? { raw_template: row.rawTemplate, basic_settings: basicSettingsOf(row) }
      : {}),
    template_name: row.templateName,
    flavor_name: row.flavorName,
    volume_type: row.volumeType,
    status: row.deleting ? 'deleting' : versionStatus(list),
    smart_cluster_uuids: [...new Set(list.map((deployment) => deployment.smart_cluster_uuid))],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
