import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isConsolePage } from '@meridian/domain/console-pages';

// Vite puts content-hashed file names under assets/, so a given URL never changes content.
const immutable = 'public, max-age=31536000, immutable';

const notBuiltPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Meridian</title></head>
<body><p>The Meridian console has not been built yet. Run <code>npm run build</code>, then reload
this page. The API is running.</p></body></html>
`;

/**
 * Serves the built console and answers its index.html for every other page a browser asks
 * for, so deep links and reloads (/clusters, /domain, /apps/x) work even where a path is also
 * an API prefix: API routes are sub-paths (/domain/name), matched before this fallback.
 * Everything else that matches no route gets the JSON 404 of the API contract.
 */
export async function registerWebConsole(
  app: FastifyInstance,
  { webDistDir }: { webDistDir: string },
): Promise<void> {
  const built = existsSync(path.join(webDistDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      cacheControl: false,
      // The build writes .br and .gz twins (vite.config.ts): each browser gets the smallest it
      // accepts, with nothing compressed per request.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const inAssets = path.relative(webDistDir, filePath).split(path.sep)[0] === 'assets';
        // no-cache still lets the browser keep the file, but it asks before each use, so a new
        // deployment's index.html (and the asset names it points to) is picked up at once.
        reply.header('cache-control', inAssets ? immutable : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (!wantsConsolePage(request.raw)) {
      return reply.code(404).send({ message: 'Not found' });
    }
    if (!built) {
      return sendNotBuilt(reply);
    }
    return reply.code(200).header('cache-control', 'no-cache').sendFile('index.html');
  });
}

/**
 * The console's own pages go to the console for any client (curl too); another unmatched path
 * does only for a browser, whose console then shows its "not found" page.
 */
export function wantsConsolePage(
  request: Pick<FastifyRequest['raw'], 'method' | 'url' | 'headers'>,
): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    (isConsolePage((request.url ?? '').split('?')[0]!) ||
      ((request.headers.accept ?? '').includes('text/html') &&
        // A missing asset is a stale or broken link: an HTML page in its place would only
        // confuse the browser's script loader.
        !request.url?.startsWith('/assets/')))
  );
}

function sendNotBuilt(reply: FastifyReply) {
  return reply
    .code(503)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(notBuiltPage);
}
