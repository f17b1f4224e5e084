import type { z } from 'zod';
import type { datacenterSchema } from './cluster-api';

/** The datacenter uuid that stands for "an external cluster uploaded by kubeconfig". */
export const externalDatacenterUuid = 'external';

/** A location a cluster can run in, as `GET /cluster/datacenters` answers it. */
export type Datacenter = z.infer<typeof datacenterSchema>;
