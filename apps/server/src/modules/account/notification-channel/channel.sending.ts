import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import {
  signatureHeader,
  timestampHeader,
  type WebhookBody,
} from '@meridian/domain/events/notification-channel';
import {
  endpointRefusedCode,
  guardConnections,
  type OutboundPolicy,
  type OutboundWording,
} from '../../../platform/outbound-guard';
import type { AlertSettings } from '../account-context';

/** What one attempt came to: delivered (2xx, or the SMTP server took it) or why not. */
export interface SendOutcome {
  delivered: boolean;
  responseCode: number | null;
  error: string | null;
}

export const webhookWording: OutboundWording = {
  address: 'The webhook address',
  host: 'The webhook host',
  switchName: 'MERIDIAN_ALLOW_PRIVATE_OUTBOUND=1',
  fix: 'check the webhook URL',
  invalidUrl: 'The webhook URL must be a valid http(s) URL.',
};

export function webhookPolicy(settings: AlertSettings): OutboundPolicy {
  return {
    allowPrivate: settings.allowPrivateOutbound,
    wording: webhookWording,
    ...(settings.resolve ? { resolve: settings.resolve } : {}),
  };
}

/** `sha256=<hex HMAC-SHA256 of the raw body>` under the channel's signing secret. */
export function signatureOf(secret: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

function errorSentence(error: unknown, timeoutMs: number): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === endpointRefusedCode) return (error as Error).message;
  if (code === 'ETIMEDOUT' || code === 'ABORT_ERR') {
    return `The receiver did not answer within ${timeoutMs / 1000} s.`;
  }
  if (code === 'ECONNREFUSED') return 'The receiver refused the connection.';
  if (code === 'ENOTFOUND') return 'The webhook host cannot be resolved to an address.';
  const message = error instanceof Error ? error.message : String(error);
  return `The request failed: ${message.replace(/\.?$/, '.')}`;
}

/**
 * POSTs the signed body through the outbound guard: every connection (redirects are not
 * followed) resolves, checks and dials the checked address, so DNS rebinding cannot slip past.
 */
export async function postWebhook(
  url: string,
  secret: string,
  body: WebhookBody,
  settings: AlertSettings,
): Promise<SendOutcome> {
  const raw = JSON.stringify(body);
  const target = new URL(url);
  const agent =
    target.protocol === 'https:' ? new https.Agent({ keepAlive: false }) : new http.Agent();
  guardConnections(agent, webhookPolicy(settings));
  const request = target.protocol === 'https:' ? https.request : http.request;
  try {
    const status = await new Promise<number>((resolve, reject) => {
      const outgoing = request(
        target,
        {
          method: 'POST',
          agent,
          signal: AbortSignal.timeout(settings.requestTimeoutMs),
          headers: {
            'content-type': 'application/json',
            'user-agent': 'Meridian-Webhook/1',
            [signatureHeader]: signatureOf(secret, raw),
            // When this attempt was sent (Unix seconds): receivers may refuse stale replays.
            [timestampHeader]: String(Math.floor(Date.now() / 1000)),
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
          response.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(raw);
    });
    const delivered = status >= 200 && status < 300;
    const error = delivered ? null : `The receiver answered HTTP ${status}.`;
    return { delivered, responseCode: status, error };
  } catch (error) {
    return {
      delivered: false,
      responseCode: null,
      error: errorSentence(error, settings.requestTimeoutMs),
    };
  } finally {
    agent.destroy();
  }
}

/** Sends the plain-text alert through MERIDIAN_SMTP_URL. */
export async function sendEmail(
  address: string,
  body: WebhookBody,
  settings: AlertSettings,
): Promise<SendOutcome> {
  if (!settings.smtpUrl) {
    return {
      delivered: false,
      responseCode: null,
      error: 'E-mail alerts need MERIDIAN_SMTP_URL set by the operator.',
    };
  }
  const server = new URL(settings.smtpUrl);
  const secure = server.protocol === 'smtps:';
  // Loaded with the first e-mail, not at every start.
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport({
    host: server.hostname.replace(/^\[|\]$/g, ''),
    port: Number(server.port) || (secure ? 465 : 587),
    secure,
    ...(server.username
      ? {
          auth: {
            user: decodeURIComponent(server.username),
            pass: decodeURIComponent(server.password),
          },
        }
      : {}),
    connectionTimeout: settings.requestTimeoutMs,
    greetingTimeout: settings.requestTimeoutMs,
    socketTimeout: settings.requestTimeoutMs,
  });
  try {
    await transport.sendMail({
      from: settings.smtpFrom,
      to: address,
      subject: `Meridian: ${body.text.split(/(?<=\.) /)[0] ?? body.text}`,
      text: `${body.text}\n`,
    });
    return { delivered: true, responseCode: null, error: null };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      delivered: false,
      responseCode: null,
      error: `The SMTP server did not take the message: ${message.replace(/\.?$/, '.')}`,
    };
  } finally {
    transport.close();
  }
}
