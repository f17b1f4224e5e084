/** What the app list of GET /apps carries per deployment (spec §3). */
export interface AppDeploymentSummary {
  uuid?: string;
  smart_cluster_uuid: string;
  version_uuid: string;
  status: string;
}

/** An app as the app list returns it (spec §3); versions are detailed on the app screen. */
export interface AppSummary {
  uuid: string;
  name: string;
  description?: string;
  createdAt?: string;
  updatedAt?: string;
  versions?: unknown[];
  deployments?: AppDeploymentSummary[];
}
