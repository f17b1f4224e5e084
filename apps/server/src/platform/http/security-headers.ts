import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * What the console and the API docs may load: their own scripts and nothing inline, same-origin
 * calls (the socket.io websocket too: 'self' covers ws: to the same host), the world map's
 * same-origin JSON, and no third-party host anywhere.
 *
 * style-src allows 'unsafe-inline': AntD, its icons and Swagger UI insert <style> elements at run
 * time, and a nonce would mean templating index.html per response instead of sending its
 * pre-compressed twin. A style cannot run code, and img-src/connect-src keep CSS from sending
 * anything to another host.
 */
export const consoleContentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  // data: for the console's inline favicon and Swagger UI's icons.
  imgSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * The security headers of every answer, console pages, static files, API docs and JSON alike: a
 * page that needs a stricter policy (monitoring) replaces content-security-policy on its reply.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    // No helmet defaults: upgrade-insecure-requests would send a plain-HTTP install's own
    // requests to https.
    contentSecurityPolicy: { useDefaults: false, directives: consoleContentSecurityPolicy },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // HTTPS ends in front of Meridian, and deployments' names may be plain-HTTP subdomains of the
    // console's: a year of includeSubDomains would lock them out. The proxy decides.
    strictTransportSecurity: false,
  });
}
