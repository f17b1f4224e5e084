import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_STORAGE_KEY } from '../../shared/session/user-storage-key';
import { jsonResponse, renderRoutes } from '../../shared/testing/test-providers';
import { KeypairDialog } from './keypair-dialog';

function renderDialog() {
  const onClose = vi.fn();
  renderRoutes([{ path: '/', element: <KeypairDialog open onClose={onClose} /> }]);
  return { onClose };
}

async function verify(username = 'ada', password = 'secret') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Download keypair' }));
}

describe('KeypairDialog', () => {
  beforeEach(() => {
    window.localStorage.setItem(
      USER_STORAGE_KEY,
      JSON.stringify({ userId: 'u', userEmail: 'e', token: 't' }),
    );
  });

  it('asks for the credentials again', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderDialog();
    expect(await screen.findByText("Verify that it's you")).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download keypair' }));
    expect(await screen.findByText('Please enter a username')).toBeTruthy();
    expect(await screen.findByText('Please enter a password')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('opens blank again when reopened at once after a cancel', async () => {
    vi.stubGlobal('fetch', vi.fn());
    let reopen = () => {};
    function Reopenable() {
      const [open, setOpen] = useState(true);
      reopen = () => setOpen(true);
      return <KeypairDialog open={open} onClose={() => setOpen(false)} />;
    }
    renderRoutes([{ path: '/', element: <Reopenable /> }]);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Username'), 'ada');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    // Before its closing animation has ended.
    act(() => reopen());
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('');
  });

  it('downloads both keys', async () => {
    const fetchMock = vi.fn((url: string) =>
      Promise.resolve(
        url.endsWith('/private_key')
          ? jsonResponse({ private_key: 'PRIVATE' })
          : jsonResponse({ public_key: 'ssh-ed25519 AAA' }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const created: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      created.push(this.download);
    });
    const { onClose } = renderDialog();
    await verify();

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(created).toEqual(['id_ed25519', 'id_ed25519.pub']);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/auth/users/private_key');
    expect(JSON.parse(init.body as string)).toEqual({ username: 'ada', password: 'secret' });
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/auth/users/public_key');
  });

  it('says when the private key cannot be had, without ending the session', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse({ message: 'no' }, 401)));
    window.history.replaceState(null, '', '/home');
    const { onClose } = renderDialog();
    await verify();
    expect(await screen.findByText('Cannot get private key.')).toBeTruthy();
    expect(screen.queryByText('Session Expired.')).toBeNull();
    expect(window.localStorage.getItem(USER_STORAGE_KEY)).not.toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('tells a wrong password apart from other failures, and keeps the dialog open', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValue(jsonResponse({ message: 'Invalid username or password' }, 401));
    vi.stubGlobal('fetch', fetchMock);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    const { onClose } = renderDialog();
    await verify('ada', 'wrong');
    expect(await screen.findByText('Cannot get private key.')).toBeTruthy();
    expect(
      await screen.findByText('Wrong username or password. Please check them and try again.'),
    ).toBeTruthy();
    // Nothing is downloaded and the public key is not even asked for.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(click).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Username')).toBeTruthy();
  });

  it('says when there were too many attempts', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(jsonResponse({ message: 'Too many requests' }, 429)),
    );
    renderDialog();
    await verify();
    expect(await screen.findByText('Cannot get private key.')).toBeTruthy();
    expect(
      await screen.findByText('Too many attempts. Please wait a few minutes and try again.'),
    ).toBeTruthy();
  });

  it('asks for a username that is not only spaces', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderDialog();
    await verify('   ', 'secret');
    expect(await screen.findByText('Please enter a username')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says when the public key cannot be had', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        Promise.resolve(
          url.endsWith('/private_key')
            ? jsonResponse({ private_key: 'PRIVATE' })
            : jsonResponse({ message: 'boom' }, 500),
        ),
      ),
    );
    renderDialog();
    await verify();
    expect(await screen.findByText('Cannot get public key.')).toBeTruthy();
  });
});
