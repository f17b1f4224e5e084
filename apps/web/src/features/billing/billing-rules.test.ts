import { describe, expect, it } from 'vitest';
import { dayLabel, monthLabel, monthOptions, regionFilters, subtotal } from './billing-rules';

describe('billing rules', () => {
  it('offers the current UTC month first, then earlier ones, across a year', () => {
    const options = monthOptions(new Date('2030-02-28T23:30:00Z'), 3);
    expect(options).toEqual([
      { value: '2030-02', label: 'February 2030' },
      { value: '2030-01', label: 'January 2030' },
      { value: '2029-12', label: 'December 2029' },
    ]);
    expect(monthOptions(new Date('2030-02-01T00:00:00Z'))).toHaveLength(12);
  });

  it('labels months and days in US English, in UTC', () => {
    expect(monthLabel('2030-01')).toBe('January 2030');
    expect(dayLabel('2030-01-05')).toBe('Jan 5');
  });

  it('filters by the regions present, once each, sorted', () => {
    const line = (project_region: string) => ({
      id: project_region,
      name: 'n',
      description: '',
      type: 'cluster' as const,
      project_region,
      quantity: 1,
      unit: 'hour' as const,
      uptime: 1,
      rate: 1,
      total: 1,
    });
    expect(regionFilters([line('Toronto'), line('Montréal'), line('Toronto')])).toEqual([
      { text: 'Montréal', value: 'Montréal' },
      { text: 'Toronto', value: 'Toronto' },
    ]);
  });

  it('adds up the shown lines to the cent', () => {
    expect(subtotal([{ total: 0.1 }, { total: 0.2 }])).toBe(0.3);
    expect(subtotal([])).toBe(0);
  });
});
