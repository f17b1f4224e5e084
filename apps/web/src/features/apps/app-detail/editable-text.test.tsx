import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EditableText } from './editable-text';

function setup(value: string | null = 'shop', required = true) {
  const onSave = vi.fn();
  render(<EditableText value={value} label="App name" required={required} onSave={onSave} />);
  return { onSave, user: userEvent.setup() };
}

describe('EditableText', () => {
  it('becomes a field on click and saves the trimmed value once on Enter', async () => {
    const { onSave, user } = setup();
    await user.click(screen.getByRole('button', { name: 'App name: shop' }));
    const input = screen.getByRole('textbox', { name: 'App name' });
    await user.clear(input);
    await user.type(input, '  store  {Enter}');
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave).toHaveBeenCalledWith('store');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('saves on blur', async () => {
    const { onSave, user } = setup();
    await user.click(screen.getByRole('button', { name: 'App name: shop' }));
    const input = screen.getByRole('textbox', { name: 'App name' });
    await user.type(input, '-2');
    fireEvent.blur(input);
    expect(onSave).toHaveBeenCalledWith('shop-2');
  });

  it('makes no call when the value is unchanged, on Enter or on blur', async () => {
    const { onSave, user } = setup();
    await user.click(screen.getByRole('button', { name: 'App name: shop' }));
    await user.type(screen.getByRole('textbox', { name: 'App name' }), ' {Enter}');
    await user.click(screen.getByRole('button', { name: 'App name: shop' }));
    fireEvent.blur(screen.getByRole('textbox', { name: 'App name' }));
    expect(onSave).not.toHaveBeenCalled();
  });

  it('makes no call when a required value is emptied, and Escape discards the edit', async () => {
    const { onSave, user } = setup();
    await user.click(screen.getByRole('button', { name: 'App name: shop' }));
    await user.clear(screen.getByRole('textbox', { name: 'App name' }));
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'App name: shop' }));
    await user.type(screen.getByRole('textbox', { name: 'App name' }), 'x{Escape}');
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'App name: shop' })).toBeTruthy();
  });

  it('opens from the keyboard', async () => {
    const { user } = setup();
    screen.getByRole('button', { name: 'App name: shop' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('textbox', { name: 'App name' })).toBeTruthy();
  });
});
