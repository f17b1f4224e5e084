import http, { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import Fastify, { type FastifyServerFactory } from 'fastify';
import { httpTimeouts, type HttpTimeouts } from './http-app';
import { registerSecurityHeaders } from './security-headers';
import { registerWebConsole, wantsConsolePage } from './web-console';

type RawHandler = (request: IncomingMessage, response: ServerResponse) => void;
type Held =
  | { event: 'request'; args: [IncomingMessage, ServerResponse] }
  | { event: 'upgrade'; args: [IncomingMessage, Duplex, Buffer] };

/** The server that listens from the first moments of a start, and hands over to the control plane. */
export interface EarlyListener {
  /** The listening server: its address and its connections. */
  server: Server;
  /** The control plane's Fastify `serverFactory`: a server that never listens, fed by this one. */
  serverFactory: FastifyServerFactory;
  /** Every request and upgrade goes to the control plane from now on, the held ones first. */
  handOver(): void;
  /** Stops taking connections and ends idle ones; `closeAll` ends the rest. */
  stopListening(): Promise<void>;
  closeAll(): void;
}

/** Console pages and their files, from a console-only Fastify: the same files and headers. */
async function consolePages(webDistDir: string): Promise<RawHandler> {
  let handler: RawHandler | undefined;
  const app = Fastify({
    serverFactory: (fastifyHandler) => {
      handler = fastifyHandler;
      return http.createServer();
    },
  });
  await registerSecurityHeaders(app);
  await registerWebConsole(app, { webDistDir });
  await app.ready();
  return handler!;
}

/**
 * Opens the port before the database (docs/scale.md "Start-up"): a browser gets the console's
 * page and files at once, while every API request and socket waits, unanswered, until the
 * control plane is ready and then reaches it as if it had come in then.
 */
export async function listenEarly(options: {
  host: string;
  port: number;
  webDistDir: string;
  timeouts?: Partial<HttpTimeouts>;
}): Promise<EarlyListener> {
  const timeouts = { ...httpTimeouts, ...options.timeouts };
  const server = http.createServer({
    headersTimeout: timeouts.headersMs,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionsCheckingInterval: timeouts.checkIntervalMs,
  });
  server.setTimeout(timeouts.idleMs);
  const pages = await consolePages(options.webDistDir);
  const held: Held[] = [];
  let controlPlane: Server | undefined;
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (controlPlane) controlPlane.emit('request', request, response);
    else if (wantsConsolePage(request) || request.url?.startsWith('/assets/'))
      pages(request, response);
    else held.push({ event: 'request', args: [request, response] });
  });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (controlPlane) controlPlane.emit('upgrade', request, socket, head);
    else held.push({ event: 'upgrade', args: [request, socket, head] });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: options.host, port: options.port }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  let fed: Server | undefined;
  return {
    server,
    serverFactory: (handler) => {
      fed = http.createServer(handler);
      return fed;
    },
    handOver() {
      if (!fed) throw new Error('the control plane was not built with this serverFactory');
      controlPlane = fed;
      // Fastify answers malformed requests its own way, on the server it was given.
      server.on('clientError', (error, socket) => fed!.emit('clientError', error, socket));
      for (const { event, args } of held.splice(0)) fed.emit(event, ...args);
    },
    stopListening: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
    closeAll: () => server.closeAllConnections(),
  };
}
