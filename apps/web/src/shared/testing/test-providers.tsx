import { configureStore } from '@reduxjs/toolkit';
import type { Reducer } from '@reduxjs/toolkit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import type { ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { RouteObject } from 'react-router';
import { NotificationBridge } from '../notifications/notification-bridge';
import { uiReducer } from '../store/ui.slice';

type TestStore = ReturnType<typeof configureStore>;

export function createTestStore(reducers: Record<string, Reducer> = {}): TestStore {
  return configureStore({ reducer: { ui: uiReducer, ...reducers } });
}

export function TestProviders({ children, store }: { children: ReactNode; store: TestStore }) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return (
    <ReduxProvider store={store}>
      <QueryClientProvider client={queryClient}>
        <AntdApp>
          <NotificationBridge />
          {children}
        </AntdApp>
      </QueryClientProvider>
    </ReduxProvider>
  );
}

/** Renders routes in a memory router with the console's providers; returns the router. */
export function renderRoutes(
  routes: RouteObject[],
  {
    initialEntries = ['/'],
    store = createTestStore(),
  }: { initialEntries?: string[]; store?: TestStore } = {},
) {
  const router = createMemoryRouter(routes, { initialEntries });
  const view = render(
    <TestProviders store={store}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { router, store, ...view };
}

/** A JSON response for a mocked fetch. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
