import type { App as AppEntity, Deployment } from '@meridian/domain/apps/app-api';
import { eq } from 'drizzle-orm';
import type { LoggedIn, TestApp } from '../../../../test-support/test-app';
import {
  allSettled,
  basicAppFields,
  createApp,
  readySmartCluster,
  waitForDeployments,
} from '../../apps/app/app.test-support';
import { deployments } from '../../../platform/db/schema/apps';

/** A running deployment in Montréal whose one domain name is `name`, under the user's `zone`. */
export async function namedDeployment(
  t: TestApp,
  user: LoggedIn,
  zone: string,
  name: string,
): Promise<Deployment> {
  const smart = await readySmartCluster(t, user, ['ca-montreal'], 'web');
  const app = (
    await createApp(t, user, basicAppFields(smart.uuid, { name: 'shop' }))
  ).json<AppEntity>();
  const deployment = (await waitForDeployments(t, user, app.uuid, allSettled)).deployments[0]!;
  const added = await t.app.inject({
    method: 'POST',
    url: '/domain/name',
    headers: user.headers,
    payload: { domain_name: zone },
  });
  if (added.statusCode !== 200) throw new Error(added.body);
  await t.database.db
    .update(deployments)
    .set({ domainNames: [name] })
    .where(eq(deployments.id, deployment.uuid));
  return deployment;
}
