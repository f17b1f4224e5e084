/** Flavors of spec "Business constants and limits": the resource sizes offered for clusters and Heat stacks. */
export interface Flavor {
  name: 'Mini' | 'Small' | 'Medium' | 'Large';
  cpu: { value: number; unit: 'vCPU' };
  ram: { value: number; unit: 'GB RAM' };
  storage: { value: number; unit: 'GB Storage' };
}

function flavor(name: Flavor['name'], cpu: number, ram: number, storage: number): Flavor {
  return {
    name,
    cpu: { value: cpu, unit: 'vCPU' },
    ram: { value: ram, unit: 'GB RAM' },
    storage: { value: storage, unit: 'GB Storage' },
  };
}

export const flavors: readonly Flavor[] = [
  flavor('Mini', 2, 4, 20),
  flavor('Small', 4, 8, 30),
  flavor('Medium', 8, 16, 40),
  flavor('Large', 16, 32, 50),
];

/** Lower-case key used in requests and in datacenter price maps ('mini', 'small', …). */
export type FlavorKey = Lowercase<Flavor['name']>;

export const flavorKeys = flavors.map((f) => f.name.toLowerCase() as FlavorKey);

export const defaultFlavor: Flavor = flavors[0]!;

export function findFlavor(nameOrKey: string): Flavor | undefined {
  const key = nameOrKey.toLowerCase();
  return flavors.find((f) => f.name.toLowerCase() === key);
}
