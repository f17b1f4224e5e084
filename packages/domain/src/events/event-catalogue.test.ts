import { describe, expect, it } from 'vitest';
import {
  describeEvent,
  eventCatalogue,
  eventSubjects,
  eventType,
  isEventType,
} from './event-catalogue';

describe('event catalogue', () => {
  it('has a pending, fulfilled and rejected entry for every subject and action', () => {
    let count = 0;
    for (const [subject, { actions, category }] of Object.entries(eventSubjects)) {
      for (const action of actions) {
        for (const outcome of ['PENDING', 'FULFILLED', 'REJECTED']) {
          const entry =
            eventCatalogue[`${subject}_${action}_${outcome}` as keyof typeof eventCatalogue];
          expect(entry, `${subject}_${action}_${outcome}`).toBeDefined();
          expect(entry.category).toBe(category);
          expect(entry.status).toBe(outcome);
          expect(entry.message_title).toMatch(/\{\w+_name\}/);
          expect(Boolean(entry.message_description)).toBe(outcome === 'REJECTED');
          count++;
        }
      }
    }
    // 5 app + 2 stack + 1 version + 2 cluster + 2 certificate + 3 smart cluster + 2 domain
    // + 1 subdomain + 2 preview + 2 cluster DNS actions, three outcomes each, plus the traffic,
    // invitation and budget events.
    expect(count).toBe(22 * 3);
    expect(Object.keys(eventCatalogue)).toHaveLength(22 * 3 + 3);
    expect(eventCatalogue.TRAFFIC_UPDATE).toMatchObject({ category: 'TRAFFIC', status: 'TRAFFIC' });
  });

  it('quotes the name in titles and drops a missing one', () => {
    const type = eventType('SMART_CLUSTER', 'CREATE', 'FULFILLED');
    expect(describeEvent(type, { smart_cluster_name: 'edge' }).title).toBe(
      'Smart cluster "edge" created.',
    );
    expect(describeEvent(eventType('APP', 'DEPLOY', 'REJECTED'), {})).toEqual({
      title: 'App deployment failed.',
      description: 'Please try again or contact support.',
    });
  });

  it('leads a rejected description with the status reason', () => {
    const described = describeEvent(eventType('CLUSTER', 'CREATE', 'REJECTED'), {
      cluster_name: 'edge-yul',
      status_reason: 'Datacenter Montréal is unavailable.',
    });
    expect(described.title).toBe('Cluster "edge-yul" creation failed.');
    expect(described.description).toBe(
      'Datacenter Montréal is unavailable. Please try again or contact support.',
    );
  });

  it('describes a started operation by its reason when it has one', () => {
    const type = eventType('SMART_CLUSTER', 'UPDATE', 'PENDING');
    expect(describeEvent(type, { smart_cluster_name: 'edge' })).toEqual({
      title: 'Smart cluster "edge" update started.',
    });
    expect(
      describeEvent(type, { smart_cluster_name: 'edge', status_reason: 'Moving to Tokyo.' }),
    ).toEqual({ title: 'Smart cluster "edge" update started.', description: 'Moving to Tokyo.' });
  });

  it('tells an invitee who invited them where, and where to answer', () => {
    expect(
      describeEvent('ORGANIZATION_INVITATION', {
        organization_name: 'Acme',
        organization_uuid: 'c0ffee00-0000-4000-8000-000000000000',
        invited_by: 'ada',
      }),
    ).toEqual({
      title: '"ada" invited you to join organisation "Acme".',
      description: 'Accept or decline it on the Organisations page.',
    });
    expect(eventCatalogue.ORGANIZATION_INVITATION).toMatchObject({
      category: 'ORGANIZATION',
      status: 'PENDING',
    });
  });

  it('recognises event types', () => {
    expect(isEventType('DOMAIN_DELETE_PENDING')).toBe(true);
    expect(isEventType('DOMAIN_EXPLODE_PENDING')).toBe(false);
  });
});
