import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_STORAGE_KEY } from '../../shared/session/user-storage-key';
import { createTestStore, jsonResponse, renderRoutes } from '../../shared/testing/test-providers';
import { LoginPage } from './login-page';
import { sessionReducer } from './session.slice';

function renderLogin(state?: unknown) {
  return renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/home', element: <h1>Home screen</h1> },
      { path: '/clusters', element: <h1>Clusters screen</h1> },
    ],
    {
      initialEntries: [state ? { pathname: '/login', state } : '/login'] as never,
      store: createTestStore({ session: sessionReducer }),
    },
  );
}

async function fillAndSubmit(username: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('LoginPage', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/login');
  });

  it('shows the product, the labelled fields with autocomplete and the Log in button', () => {
    renderLogin();
    expect(screen.getByRole('heading', { name: 'Meridian' })).toBeTruthy();
    expect(screen.getByLabelText('Username').getAttribute('autocomplete')).toBe('username');
    expect(screen.getByLabelText('Password').getAttribute('autocomplete')).toBe('current-password');
  });

  it('asks for both fields when submitted empty', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderLogin();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter a username')).toBeTruthy();
    expect(await screen.findByText('Please enter a password')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('tells the user when the credentials are refused', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(jsonResponse({ message: 'Invalid credentials' }, 401)),
    );
    const { router, store } = renderLogin();
    await fillAndSubmit('ada', 'wrong');
    const failure = await screen.findByRole('alert');
    expect(failure.textContent).toBe(
      'Something went wrong!Please check your credentials and try again or contact support.',
    );
    expect(router.state.location.pathname).toBe('/login');
    expect(window.localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    expect((store.getState() as { session: { isRejected: boolean } }).session.isRejected).toBe(
      true,
    );
    expect(screen.queryByText('Session Expired.')).toBeNull();
  });

  it('leaves the refusal behind once the next attempt gets in', async () => {
    const data = { userId: 'u-1', userEmail: 'ada@example.ca', token: 'tok-1' };
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(jsonResponse({ message: 'Invalid credentials' }, 401))
        .mockResolvedValueOnce(jsonResponse(data)),
    );
    const { router } = renderLogin();
    await fillAndSubmit('ada', 'wrong');
    expect(await screen.findByText('Something went wrong!')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(screen.queryByText('Something went wrong!')).toBeNull();
  });

  it('says how long to wait when the server throttles, not that the password is wrong', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(jsonResponse({ message: 'Too many attempts — try again in 42 s' }, 429)),
    );
    renderLogin();
    await fillAndSubmit('ada', 'secret');
    expect(await screen.findByText('Too many attempts — try again in 42 s')).toBeTruthy();
    expect(screen.queryByText('Something went wrong!')).toBeNull();
  });

  it('asks for the authenticator code when the server wants one, then sends it', async () => {
    const data = { userId: 'u-1', userEmail: 'ada@example.ca', token: 'tok-1' };
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        jsonResponse(
          { message: 'Enter the code from your authenticator app', two_factor_required: true },
          401,
        ),
      )
      .mockResolvedValueOnce(jsonResponse(data));
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderLogin();
    await fillAndSubmit('ada', 'secret');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body))).toEqual({
      username: 'ada',
      password: 'secret',
      code: '123456',
    });
  });

  it('stores the user and goes to /home on success', async () => {
    const data = { userId: 'u-1', userEmail: 'ada@example.ca', token: 'tok-1' };
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse(data));
    vi.stubGlobal('fetch', fetchMock);
    const { router, store } = renderLogin();
    await fillAndSubmit(' ada ', 'secret');

    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(JSON.parse(window.localStorage.getItem(USER_STORAGE_KEY) ?? 'null')).toEqual(data);
    expect(store.getState()).toMatchObject({
      session: { isPending: false, isFulFilled: true, isRejected: false, data },
    });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/auth/login');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ username: 'ada', password: 'secret' });
  });

  it('returns to the page the private route came from', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(jsonResponse({ userId: 'u', userEmail: 'e', token: 't' })),
    );
    const { router } = renderLogin({ from: { pathname: '/clusters', search: '', hash: '' } });
    await fillAndSubmit('ada', 'secret');
    await waitFor(() => expect(router.state.location.pathname).toBe('/clusters'));
  });
});
