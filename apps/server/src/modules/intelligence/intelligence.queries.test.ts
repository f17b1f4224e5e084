import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, databaseBackends, logIn } from '../../../test-support/test-app';
import { addTrafficOrigins } from './intelligence.queries';
import { addTrafficSamples, type TrafficSample } from './traffic-hours.queries';
import { trafficHours, trafficOrigins } from '../../platform/db/schema/metering';
import { smartClusters } from '../../platform/db/schema/clusters';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 26, 10, minute));

describe.each(databaseBackends())('traffic writes on %s', (backend) => {
  it('adds a round of 1,200 samples in batches, refusing each one whose window is stale', async () => {
    const t = await createTestApp(backend);
    try {
      const { userId } = await logIn(t.app);
      const db = t.database.db;
      const sample = (deploymentId: string, from: Date | null, to: Date): TrafficSample => ({
        userId,
        deploymentId,
        datacenterUuid: 'ca-montreal',
        requests: 10,
        users: 1,
        from,
        window: { from: from ?? at(0), to },
      });
      const ids: string[] = Array.from({ length: 1_200 }, () => randomUUID());

      const first = await addTrafficSamples(
        db,
        ids.map((id) => sample(id, null, at(1))),
      );
      expect(first.size).toBe(1_200);

      // The next round continues where each row ends; a second process's copy of a window is refused.
      const next = ids.map((id, index) => sample(id, index % 2 ? at(1) : at(0), at(2)));
      const second = await addTrafficSamples(db, next);
      expect(second.size).toBe(600);
      expect([...second].every((id) => ids.indexOf(id) % 2 === 1)).toBe(true);
      const [counted] = await db
        .select()
        .from(trafficHours)
        .where(eq(trafficHours.deploymentId, ids[1]!));
      expect(counted).toMatchObject({ requests: 20, sampledSeconds: 120, hour: at(0) });
      expect(counted!.updatedAt.getTime()).toBe(at(2).getTime());
      const [refused] = await db
        .select()
        .from(trafficHours)
        .where(eq(trafficHours.deploymentId, ids[0]!));
      expect(refused!.requests).toBe(10);
      // A first window (no row seen) never adds to a row another process already wrote.
      expect((await addTrafficSamples(db, [sample(ids[0]!, null, at(3))])).size).toBe(0);

      // A window ending in the next hour starts its row there, and continues the last one's end:
      // a stale copy of it, written while that row was still open, is refused too.
      const nextHour = new Date(Date.UTC(2026, 10, 26, 11, 0, 30));
      expect((await addTrafficSamples(db, [sample(ids[1]!, at(2), nextHour)])).size).toBe(1);
      expect((await addTrafficSamples(db, [sample(ids[1]!, at(1), nextHour)])).size).toBe(0);
      const hours = await db
        .select({ hour: trafficHours.hour, requests: trafficHours.requests })
        .from(trafficHours)
        .where(eq(trafficHours.deploymentId, ids[1]!));
      expect(hours.sort((a, b) => a.hour.getTime() - b.hour.getTime())).toEqual([
        { hour: at(0), requests: 20 },
        { hour: new Date(Date.UTC(2026, 10, 26, 11)), requests: 10 },
      ]);
    } finally {
      await t.close();
    }
  });

  it("sums one place's requests of several deployments into its hour", async () => {
    const t = await createTestApp(backend);
    try {
      const { userId } = await logIn(t.app);
      const [smart] = await t.database.db
        .insert(smartClusters)
        .values({ userId, name: 'shop', mode: 'MANUAL', status: 'success', datacenters: [] })
        .returning({ id: smartClusters.id });
      const smartClusterId = smart!.id;
      const origin = {
        userId,
        smartClusterId,
        hour: at(0),
        datacenterUuid: 'ca-montreal',
        name: 'Paris',
        latitude: 48.86,
        longitude: 2.35,
      };
      await addTrafficOrigins(t.database.db, [
        { ...origin, requests: 5 },
        { ...origin, requests: 7 },
        { ...origin, name: 'Lyon', requests: 1 },
      ]);
      await addTrafficOrigins(t.database.db, [{ ...origin, requests: 3 }]);
      const rows = await t.database.db
        .select({ name: trafficOrigins.name, requests: trafficOrigins.requests })
        .from(trafficOrigins)
        .where(eq(trafficOrigins.smartClusterId, smartClusterId));
      expect(rows.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
        { name: 'Lyon', requests: 1 },
        { name: 'Paris', requests: 15 },
      ]);
    } finally {
      await t.close();
    }
  });
});
