import type { DriverRegistry, InfrastructureDriver } from './infrastructure-driver';
import type { ClusterEndpointPolicy } from '../outbound-guard';
import { KubernetesDriver, type KubernetesDriverOptions } from './kubernetes/kubernetes-driver';
import { SimulatorDriver, type SimulatorOptions } from './simulator/simulator-driver';

export interface DriverRegistryOptions {
  simulator: SimulatorOptions;
  /** Readiness waits of deployments on external clusters; tests shorten them. */
  kubernetes?: KubernetesDriverOptions;
  /** Which cluster API addresses may be dialled (MERIDIAN_ALLOW_PRIVATE_CLUSTERS); unset, public only. */
  clusterEndpoints?: ClusterEndpointPolicy;
  /** Drivers by name, added to (or replacing) the built-in ones (tests, other infrastructures). */
  drivers?: ReadonlyMap<string, InfrastructureDriver>;
}

/**
 * The drivers by the name a datacenter row carries: the simulator for the seeded datacenters,
 * the Kubernetes driver for external clusters (their own API, with their kubeconfig).
 */
export function createDriverRegistry(options: DriverRegistryOptions): DriverRegistry {
  return new Map<string, InfrastructureDriver>([
    ['simulator', new SimulatorDriver(options.simulator)],
    [
      'external',
      new KubernetesDriver({
        ...options.kubernetes,
        endpoints: options.clusterEndpoints ?? { allowPrivate: false },
      }),
    ],
    ...(options.drivers ?? []),
  ]);
}
