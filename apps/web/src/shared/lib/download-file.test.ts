import { describe, expect, it } from 'vitest';
import { safeFileName } from './download-file';

describe('safe file names', () => {
  it('lower-cases, drops accents and turns anything else into one dash', () => {
    expect(safeFileName('edge', 'Montréal')).toBe('edge-montreal');
    expect(safeFileName('Prod EU', 'Ashburn, Virginia')).toBe('prod-eu-ashburn-virginia');
    expect(safeFileName('../x', 'São Paulo')).toBe('x-sao-paulo');
  });
});
