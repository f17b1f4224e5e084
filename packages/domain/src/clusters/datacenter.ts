import type { FlavorKey } from '../flavors';

/** The datacenter uuid that stands for "an external cluster uploaded by kubeconfig". */
export const externalDatacenterUuid = 'external';

export interface Datacenter {
  uuid: string;
  /** Display name, e.g. 'Montréal'. */
  location: string;
  country: string;
  coordinates: { latitude: number; longitude: number };
  /** CAD per hour for one node of each cluster size; empty for the external entry. */
  flavor_prices: Partial<Record<FlavorKey, number>>;
}
