import { consolePagePaths } from '@meridian/domain/console-pages';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { appRoutes } from './routes';

function pathsOf(routes: readonly RouteObject[]): string[] {
  return routes.flatMap((route) => [
    ...(route.path && route.path !== '*' ? [route.path] : []),
    ...pathsOf(route.children ?? []),
  ]);
}

describe('console pages the server answers', () => {
  it('are exactly the router’s pages', () => {
    expect([...consolePagePaths].sort()).toEqual(pathsOf(appRoutes()).sort());
  });
});
