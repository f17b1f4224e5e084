import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MenuButton } from './menu-button';
import type { MenuEntry } from './menu-button';

const entries: MenuEntry[] = [
  { key: 'heading', type: 'group', label: 'Signed in' },
  { key: 'billing', label: 'Billing' },
  { key: 'support', label: 'Support' },
  { key: 'divider', type: 'divider' },
  { key: 'logout', label: 'Logout', danger: true },
];

function renderMenu(selectedKey?: string) {
  const onSelect = vi.fn();
  render(
    <>
      <MenuButton entries={entries} onSelect={onSelect} label="Account" selectedKey={selectedKey}>
        Me
      </MenuButton>
      <p>Elsewhere</p>
    </>,
  );
  return { onSelect, trigger: screen.getByRole('button', { name: 'Account' }) };
}

describe('MenuButton', () => {
  it('opens on click with focus on the first item, and chooses with the mouse', async () => {
    const user = userEvent.setup();
    const { onSelect, trigger } = renderMenu();
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();

    await user.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('menu', { name: 'Account' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Billing' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Billing',
      'Support',
      'Logout',
    ]);

    await user.click(screen.getByRole('menuitem', { name: 'Support' }));
    expect(onSelect).toHaveBeenCalledWith('support');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('moves with the arrow keys, wraps, and chooses with Enter', async () => {
    const user = userEvent.setup();
    const { onSelect, trigger } = renderMenu();
    trigger.focus();
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement?.textContent).toBe('Logout');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Billing');
    await user.keyboard('{End}{ArrowUp}');
    expect(document.activeElement?.textContent).toBe('Support');
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith('support');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('closes on Escape back to the trigger, and on a click elsewhere, choosing nothing', async () => {
    const user = userEvent.setup();
    const { onSelect, trigger } = renderMenu();
    await user.click(trigger);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);

    await user.click(trigger);
    await user.click(screen.getByText('Elsewhere'));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('offers choices as radio items, the chosen one checked and focused', async () => {
    const user = userEvent.setup();
    const { trigger } = renderMenu('support');
    await user.click(trigger);
    const support = screen.getByRole('menuitemradio', { name: 'Support' });
    expect(support.getAttribute('aria-checked')).toBe('true');
    expect(
      screen.getByRole('menuitemradio', { name: 'Billing' }).getAttribute('aria-checked'),
    ).toBe('false');
    expect(document.activeElement).toBe(support);
  });
});
