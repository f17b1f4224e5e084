import type { AppRow, DeploymentRow, VersionRow } from '../../../platform/db/schema/apps';
import type {
  ClusterRow,
  DatacenterRow,
  SmartClusterRow,
} from '../../../platform/db/schema/clusters';

/** A deployment with what its card shows about where it runs. */
export interface DeploymentView {
  deployment: DeploymentRow;
  cluster: Pick<ClusterRow, 'id' | 'name'>;
  datacenter: Pick<DatacenterRow, 'uuid' | 'location'>;
  smartClusterName: string;
  appName: string;
  versionName: string;
  version: Pick<VersionRow, 'templateType' | 'flavorName' | 'volumeType'>;
}

/** A deployment with everything its job needs: where it runs and what it rolls out. */
export interface DeploymentWork {
  deployment: DeploymentRow;
  cluster: ClusterRow;
  datacenter: DatacenterRow;
  version: VersionRow;
  app: AppRow;
  smartCluster: SmartClusterRow;
}
