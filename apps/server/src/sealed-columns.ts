import { certificateSealedColumns } from './modules/domains/certificate/certificate.queries';
import { clusterSealedColumns } from './modules/clusters/cluster/cluster.queries';
import { keypairSealedColumns } from './modules/account/keypair/keypair.queries';
import { versionSealedColumns } from './modules/apps/version/version.queries';
import { twoFactorSealedColumns } from './modules/account/two-factor/two-factor.queries';
import { registrySealedColumns } from './modules/account/registry/registry.service';
import { channelSealedColumns } from './modules/account/notification-channel/channel.queries';
import { gitSourceSealedColumns } from './modules/apps/git/git-source.queries';
import type { SealedColumn } from './platform/secret-rotation';

/** Every column holding sealed values: what the key check at start and the rotation walk. */
export const sealedColumns: readonly SealedColumn[] = [
  ...clusterSealedColumns,
  ...versionSealedColumns,
  ...certificateSealedColumns,
  ...keypairSealedColumns,
  ...registrySealedColumns,
  ...twoFactorSealedColumns,
  ...channelSealedColumns,
  ...gitSourceSealedColumns,
];
