import { readFileSync } from 'node:fs';
import https from 'node:https';
import { rootCertificates } from 'node:tls';
import type * as acme from 'acme-client';
import type { Database } from '../../../platform/db/database';
import type { SecretBox } from '../../../platform/secret-box';
import { findAcmeAccount, insertAcmeAccountIfAbsent } from './certificate.queries';

/** An ACME (RFC 8555) directory certificates are ordered from (MERIDIAN_ACME_*). */
export interface AcmeSettings {
  directoryUrl: string;
  email?: string;
  /** PEM of a CA that signs the directory's own TLS (a test CA such as Pebble's needs it). */
  caFile?: string;
}

/**
 * acme-client, loaded when a certificate is first ordered: importing it costs a start about a
 * tenth of a second or more (docs/scale.md "Start-up"), and most starts order none.
 */
let library: Promise<typeof acme> | undefined;
const acmeLibrary = () => (library ??= import('acme-client'));

/** The installation's account at the directory, made once and shared by every process. */
export interface AcmeConnection {
  client(): Promise<acme.Client>;
}

export function acmeConnection(
  db: Database,
  secrets: SecretBox,
  settings: AcmeSettings,
): AcmeConnection {
  // Read at once, so a missing file is a start-up error rather than a failed order.
  const extraCa = settings.caFile ? readFileSync(settings.caFile, 'utf8') : undefined;
  let loaded: Promise<acme.Client> | undefined;
  return {
    client() {
      loaded ??= loadAccount(db, secrets, settings, extraCa).catch((error: unknown) => {
        loaded = undefined;
        throw error;
      });
      return loaded;
    },
  };
}

/** The stored account's client; registered and stored first when there is none. */
async function loadAccount(
  db: Database,
  secrets: SecretBox,
  settings: AcmeSettings,
  extraCa: string | undefined,
): Promise<acme.Client> {
  const acme = await acmeLibrary();
  if (extraCa) {
    // acme-client talks through its own axios instance: the extra CA joins the public roots.
    acme.axios.defaults.httpsAgent = new https.Agent({ ca: [...rootCertificates, extraCa] });
  }
  const { directoryUrl, email } = settings;
  let stored = await findAcmeAccount(db, directoryUrl);
  if (!stored) {
    // One account per installation: CAs limit how many new accounts an address may make.
    const accountKey = await acme.crypto.createPrivateEcdsaKey();
    const client = new acme.Client({ directoryUrl, accountKey });
    await client.createAccount({
      termsOfServiceAgreed: true,
      ...(email ? { contact: [`mailto:${email}`] } : {}),
    });
    await insertAcmeAccountIfAbsent(db, {
      directoryUrl,
      accountKeySealed: secrets.seal(accountKey.toString()),
      accountUrl: client.getAccountUrl(),
    });
    stored = await findAcmeAccount(db, directoryUrl);
  }
  return new acme.Client({
    directoryUrl,
    accountKey: secrets.open(stored!.accountKeySealed),
    accountUrl: stored!.accountUrl,
  });
}

/** A dns-01 challenge of an order: the TXT to publish and the challenge to answer. */
export interface PendingChallenge {
  name: string;
  content: string;
  challenge: acme.Authorization['challenges'][number];
}

/** What the order step keeps: the order and the TXT records its validation needs. */
export interface PlacedOrder {
  order: acme.Order;
  challenges: PendingChallenge[];
}

/** Places an order for the names and reads the dns-01 TXT each authorisation wants. */
export async function placeOrder(
  client: acme.Client,
  domainNames: readonly string[],
): Promise<PlacedOrder> {
  const order = await client.createOrder({
    identifiers: domainNames.map((value) => ({ type: 'dns', value })),
  });
  const challenges: PendingChallenge[] = [];
  for (const authorization of await client.getAuthorizations(order)) {
    // An authorisation still valid from an earlier order needs no new proof.
    if (authorization.status === 'valid') continue;
    const challenge = authorization.challenges.find((item) => item.type === 'dns-01');
    if (!challenge)
      throw new Error(`the CA offers no dns-01 challenge for ${authorization.identifier.value}`);
    challenges.push({
      name: `_acme-challenge.${authorization.identifier.value.replace(/^\*\./, '')}`,
      content: await client.getChallengeKeyAuthorization(challenge),
      challenge,
    });
  }
  return { order, challenges };
}

/**
 * Tells the CA to validate each challenge and waits until it has. Asked again (a run after a
 * crash), the CA answers with the challenge as it stands, or refuses: either way the wait decides.
 */
export async function answerChallenges(client: acme.Client, placed: PlacedOrder): Promise<void> {
  for (const { challenge } of placed.challenges) {
    await client.completeChallenge(challenge).catch(() => undefined);
    await client.waitForValidStatus(challenge);
  }
}

/** Finalises the order with the CSR (unless a run before did) and downloads the chain. */
export async function finishOrder(
  client: acme.Client,
  placed: PlacedOrder,
  csrPem: string,
): Promise<string> {
  let order = await client.getOrder(placed.order);
  if (order.status === 'ready') order = await client.finalizeOrder(order, csrPem);
  order = await client.waitForValidStatus(order);
  return client.getCertificate(order);
}

/** A new key and CSR for the names (the first name is the subject). */
export async function newKeyAndCsr(
  domainNames: readonly string[],
): Promise<{ privateKeyPem: string; csrPem: string }> {
  const acme = await acmeLibrary();
  const key = await acme.crypto.createPrivateEcdsaKey();
  const [, csr] = await acme.crypto.createCsr(
    { commonName: domainNames[0]!, altNames: [...domainNames] },
    key,
  );
  return { privateKeyPem: key.toString(), csrPem: csr.toString() };
}
