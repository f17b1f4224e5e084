import { describe, expect, it } from 'vitest';
import { defaultFlavor, findFlavor, flavorKeys, flavors } from './flavors';

describe('flavors', () => {
  it('has the sizes of spec "Business constants and limits"', () => {
    expect(flavors.map((f) => [f.name, f.cpu.value, f.ram.value, f.storage.value])).toEqual([
      ['Mini', 2, 4, 20],
      ['Small', 4, 8, 30],
      ['Medium', 8, 16, 40],
      ['Large', 16, 32, 50],
    ]);
    expect(flavors[0]?.cpu.unit).toBe('vCPU');
    expect(flavors[0]?.ram.unit).toBe('GB RAM');
    expect(flavors[0]?.storage.unit).toBe('GB Storage');
  });

  it('defaults to Mini and is keyed lower-case', () => {
    expect(defaultFlavor.name).toBe('Mini');
    expect(flavorKeys).toEqual(['mini', 'small', 'medium', 'large']);
    expect(findFlavor('MEDIUM')?.cpu.value).toBe(8);
    expect(findFlavor('huge')).toBeUndefined();
  });
});
