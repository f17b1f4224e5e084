import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { nastyJson, nastyText } from './fuzz-requests';

/** A git source of the fuzzer's: where its deliveries go, and the secret that signs them. */
export interface WebhookTarget {
  provider: 'github' | 'gitlab';
  uuid: string;
  secret: string;
}

/** One delivery, signed with the source's secret whatever its body (issue 39). */
export interface Delivery {
  /** What a failure names: the provider, the event and the start of the body. */
  name: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer;
}

/** A plausible value most of the time, else anything at all (a wrong type, a null…). */
const either = <T>(plausible: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: plausible, weight: 16 }, { arbitrary: nastyJson, weight: 1 });

/** Stands for a number JSON.stringify cannot write (1e400, 30 digits): put back raw in the text. */
const rawNumber = (literal: string) => `@@raw@@${literal}`;
const writeJson = (value: unknown) =>
  (JSON.stringify(value) ?? 'null').replace(/"@@raw@@([^"]*)"/g, '$1');

/** Numbers past JavaScript's safe integers and doubles, or not whole, or not positive. */
const hugeNumber = fc.oneof(
  fc.constantFrom(0, -1, 1.5, 2 ** 53, 2 ** 53 + 2, 1e21, 1e308),
  fc
    .constantFrom('1e400', '-1e400', '123456789012345678901234567890', `1${'0'.repeat(400)}`, '-0')
    .map(rawNumber),
);
/**
 * A request's number: mostly one of a few (so deliveries meet the previews they opened), else
 * a whole number at an integer column's edges (valid JSON, valid to the payload's schema), or
 * beyond what a number can be.
 */
const requestNumber = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: 4 }), weight: 5 },
  { arbitrary: fc.constantFrom(2 ** 31 - 1, 2 ** 31, 2 ** 32, 2 ** 53 - 1), weight: 2 },
  { arbitrary: hugeNumber, weight: 2 },
);
const sha = fc.oneof(
  {
    arbitrary: fc.string({
      unit: fc.constantFrom(...'0123456789abcdef'),
      minLength: 40,
      maxLength: 40,
    }),
    weight: 6,
  },
  { arbitrary: fc.constantFrom('0'.repeat(40), ''), weight: 1 },
  { arbitrary: nastyText, weight: 1 },
);
/** A request's own branch: it names the preview's image ({branch}). */
const branch = fc.oneof(
  fc.constantFrom('feature/x', 'release-1.0', 'a'.repeat(300), 'ü/😀', '-', '..'),
  nastyText,
);
/** The branch a push goes to or a request targets: the deployed one (main), so it is acted on. */
const deployed = fc.oneof(
  { arbitrary: fc.constant('main'), weight: 8 },
  { arbitrary: branch, weight: 1 },
);
const ref = fc.oneof(
  { arbitrary: deployed.map((name) => `refs/heads/${String(name)}`), weight: 6 },
  { arbitrary: fc.constantFrom('refs/tags/v1', 'refs/heads/', 'main', ''), weight: 1 },
);
const title = fc.oneof(nastyText, fc.constant(null));
const person = (field: string) => fc.record({ [field]: either(nastyText) }, { requiredKeys: [] });

// The fields the server reads of each event (git-push.ts, git-preview.ts), each plausible or not.
const gitHubPush = fc.record(
  {
    ref: either(ref),
    after: either(sha),
    deleted: either(fc.constantFrom(false, false, false, true)),
    pusher: either(person('name')),
    head_commit: either(fc.oneof(fc.constant(null), fc.record({ author: person('username') }))),
  },
  { requiredKeys: ['ref', 'after'] },
);
const gitHubPullRequest = fc.record({
  action: either(fc.constantFrom('opened', 'reopened', 'synchronize', 'closed', 'edited')),
  number: either(requestNumber),
  pull_request: either(
    fc.record(
      {
        number: either(requestNumber),
        title: either(title),
        head: either(fc.record({ ref: either(branch), sha: either(sha) })),
        base: either(fc.record({ ref: either(deployed) })),
        user: either(fc.oneof(fc.constant(null), person('login'))),
      },
      { requiredKeys: ['number', 'head', 'base'] },
    ),
  ),
});
const gitLabPush = fc.record(
  {
    object_kind: fc.constant('push'),
    ref: either(ref),
    checkout_sha: either(fc.oneof(sha, fc.constant(null))),
    after: either(sha),
    user_username: either(nastyText),
    user_name: either(nastyText),
  },
  { requiredKeys: ['object_kind', 'ref', 'after'] },
);
const gitLabMergeRequest = fc.record({
  object_kind: fc.constant('merge_request'),
  user: either(person('username')),
  object_attributes: either(
    fc.record(
      {
        iid: either(requestNumber),
        title: either(title),
        action: either(fc.constantFrom('open', 'reopen', 'update', 'close', 'merge', 'approved')),
        source_branch: either(branch),
        target_branch: either(deployed),
        last_commit: either(fc.record({ id: either(sha) })),
      },
      { requiredKeys: ['iid', 'source_branch', 'target_branch', 'last_commit'] },
    ),
  ),
});

const events = {
  github: { push: gitHubPush, pull_request: gitHubPullRequest },
  gitlab: { 'Push Hook': gitLabPush, 'Merge Request Hook': gitLabMergeRequest },
} as const;

/** A body that is not the event's JSON: cut short, wrapped oddly, another shape, bytes, huge. */
function junkBody(shaped: fc.Arbitrary<string>): fc.Arbitrary<string | Buffer> {
  return fc.oneof(
    // Valid JSON cut short, or with something after it.
    fc.tuple(shaped, fc.nat()).map(([text, cut]) => text.slice(0, cut % Math.max(text.length, 1))),
    fc
      .tuple(shaped, fc.constantFrom('}', ']]', ',', '\u0000', ' x', '\n{}'))
      .map(([text, tail]) => text + tail),
    shaped.map((text) => `\uFEFF${text}`),
    shaped.map((text) => `payload=${encodeURIComponent(text)}`),
    nastyJson.map(writeJson),
    fc.uint8Array({ maxLength: 512 }).map((bytes) => Buffer.from(bytes)),
    fc.constantFrom(
      '',
      'null',
      '"push"',
      `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
      `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`,
      `{"ref":"${'x'.repeat(900_000)}"}`,
      // Past the webhook's 1 MiB limit: 413.
      `{"ref":"${'x'.repeat(1024 * 1024)}"}`,
    ),
  );
}

const contentTypes = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'application/x-www-form-urlencoded',
  'text/plain',
);

/**
 * A delivery to `target` with a valid signature (GitHub's HMAC of the raw bytes, GitLab's token)
 * over a body of the event's shape with junk values, or over junk: the signature lets each past
 * the door, so the parsing and the work behind it are what is fuzzed.
 */
export function deliveryArbitrary(target: WebhookTarget): fc.Arbitrary<Delivery> {
  const shapes = Object.entries(events[target.provider]) as [string, fc.Arbitrary<unknown>][];
  const delivery = fc.oneof(
    ...shapes.map(([event, payload]) => {
      const shaped = payload.map(writeJson);
      return fc.record({
        event: fc.oneof(
          { arbitrary: fc.constant(event), weight: 12 },
          // Another event's name (a ping), or the header's value mangled.
          { arbitrary: fc.constantFrom('ping', event.toUpperCase(), ''), weight: 1 },
        ),
        body: fc.oneof(
          { arbitrary: shaped, weight: 3 },
          { arbitrary: junkBody(shaped), weight: 2 },
        ),
      });
    }),
  );
  return fc
    .record({
      delivery,
      contentType: contentTypes,
      // Now and then the same id again (a redelivery meets the one already handled), or one too
      // long to be kept (the body's hash stands for it).
      id: fc.oneof(
        { arbitrary: fc.uuid(), weight: 10 },
        { arbitrary: fc.constantFrom('fuzz-redelivery', 'x'.repeat(300)), weight: 1 },
      ),
    })
    .map(({ delivery: { event, body }, contentType, id }) => {
      const raw = Buffer.isBuffer(body) ? body : Buffer.from(body);
      const headers: Record<string, string> =
        target.provider === 'github'
          ? {
              'x-github-event': event,
              'x-github-delivery': id,
              'x-hub-signature-256': `sha256=${createHmac('sha256', target.secret).update(raw).digest('hex')}`,
            }
          : {
              'x-gitlab-event': event,
              'x-gitlab-token': target.secret,
              // GitLab 17.4+ sends both; older versions only the event's uuid.
              'idempotency-key': id,
              'x-gitlab-event-uuid': id,
            };
      return {
        name: `${target.provider} ${event} ${JSON.stringify(raw.subarray(0, 100).toString())}`,
        path: `/hooks/${target.provider}/${target.uuid}`,
        headers: { ...headers, 'content-type': contentType },
        body: raw,
      };
    });
}
