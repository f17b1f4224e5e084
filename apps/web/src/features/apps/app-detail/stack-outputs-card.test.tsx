import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StackOutputsCard } from './stack-outputs-card';

describe('StackOutputsCard', () => {
  it('shows each output’s name, its value to copy and its description as help', () => {
    render(
      <StackOutputsCard
        outputs={[
          { name: 'public_ip', value: '198.51.100.7', description: 'Where the site answers' },
          { name: 'url', value: 'https://198.51.100.7/shop', description: null },
          { name: 'console', value: null, description: null },
        ]}
      />,
    );
    const card = screen.getByRole('region', { name: 'Stack outputs' });
    const rows = within(card).getAllByTestId('stack-output');
    expect(rows.map((row) => row.querySelector('dt')?.textContent)).toEqual([
      'public_ip',
      'url',
      'console',
    ]);
    expect(within(rows[0]!).getByText('198.51.100.7').tagName).toBe('CODE');
    expect(within(rows[0]!).getByText('Where the site answers')).toBeTruthy();
    expect(within(rows[0]!).getByRole('button', { name: 'Copy public_ip' })).toBeTruthy();
    expect(within(rows[1]!).getByRole('button', { name: 'Copy url' })).toBeTruthy();
    expect(within(rows[2]!).getByText('No value (Heat could not resolve it)')).toBeTruthy();
    expect(within(rows[2]!).queryByRole('button')).toBeNull();
  });

  it('says so when the template declares no outputs', () => {
    render(<StackOutputsCard outputs={[]} />);
    expect(screen.getByText('The Heat template declares no outputs.')).toBeTruthy();
  });
});
