import type { NotificationEvent } from '@meridian/domain/events/notification-event';
import { notificationCategories, notificationStatuses } from '@meridian/domain/notifications';
import { describe, expect, it } from 'vitest';
import { eventEffects, operationNoticeKey } from './event-effects';

function event(
  type: string,
  category: keyof typeof notificationCategories,
  status: keyof typeof notificationStatuses,
  payload: NotificationEvent['payload'] = {},
): NotificationEvent {
  return {
    uuid: type,
    event_type: type as NotificationEvent['event_type'],
    created_at: '2026-11-21T12:00:00Z',
    action_taken: false,
    read: false,
    is_notification: true,
    category: notificationCategories[category],
    status: notificationStatuses[status],
    message: { title: 'raw' },
    payload,
  };
}

describe('live event effects', () => {
  it('shows an error notice with the quoted name for rejected events', () => {
    const effects = eventEffects(
      event('SMART_CLUSTER_CREATE_REJECTED', 'SMART_CLUSTER', 'REJECTED', {
        smart_cluster_name: 'prod',
        status_reason: 'Quota exceeded.',
      }),
    );
    expect(effects.notice?.kind).toBe('error');
    expect(effects.notice?.title).toBe('Smart cluster "prod" creation failed.');
    expect(effects.notice?.description).toContain('Quota exceeded.');
    expect(effects.refetch).toEqual(['clusters', 'smartClusters']);
  });

  it('shows a success notice for fulfilled events and none for pending ones', () => {
    const done = eventEffects(
      event('SMART_CLUSTER_CREATE_FULFILLED', 'SMART_CLUSTER', 'FULFILLED', {
        smart_cluster_name: 'prod',
      }),
    );
    expect(done.notice).toMatchObject({ kind: 'success', title: 'Smart cluster "prod" created.' });
    const started = eventEffects(
      event('CLUSTER_CREATE_PENDING', 'CLUSTER', 'PENDING', { cluster_name: 'prod-mtl' }),
    );
    expect(started.notice).toBeNull();
    expect(started.refetch).toEqual(['clusters']);
  });

  it('tells an invitee of an invitation and refreshes their organisations', () => {
    const invited = eventEffects(
      event('ORGANIZATION_INVITATION', 'ORGANIZATION', 'PENDING', {
        organization_name: 'Acme',
        organization_uuid: 'o-1',
        invited_by: 'ada',
      }),
    );
    expect(invited.notice).toMatchObject({
      kind: 'info',
      title: '"ada" invited you to join organisation "Acme".',
      description: 'Accept or decline it on the Organisations page.',
    });
    expect(invited.refetch).toEqual(['organizations']);
  });

  it("shares the console's notice key for the same operation, so the two notices are one", () => {
    const created = eventEffects(
      event('DOMAIN_CREATE_FULFILLED', 'DOMAIN', 'FULFILLED', {
        domain_name: 'example.ca',
        domain_name_uuid: 'd-1',
      }),
    );
    expect(created.notice?.key).toBe(operationNoticeKey('DOMAIN', 'CREATE', 'd-1'));
    const failed = eventEffects(
      event('DOMAIN_DELETE_REJECTED', 'DOMAIN', 'REJECTED', { domain_name_uuid: 'd-1' }),
    );
    expect(failed.notice?.key).toBe(operationNoticeKey('DOMAIN', 'DELETE', 'd-1'));
    expect(failed.notice?.key).not.toBe(created.notice?.key);
  });

  it('refetches apps and domains for app, stack, certificate and subdomain events', () => {
    for (const category of ['APP', 'STACK', 'CERTIFICATE', 'SUBDOMAIN'] as const) {
      expect(eventEffects(event('APP_CREATE_PENDING', category, 'PENDING')).refetch).toEqual([
        'apps',
        'domains',
      ]);
    }
    expect(eventEffects(event('TRAFFIC_UPDATE', 'TRAFFIC', 'TRAFFIC')).notice).toBeNull();
  });

  it('sends traffic events to the traffic state, silently', () => {
    const effects = eventEffects(event('TRAFFIC_UPDATE', 'TRAFFIC', 'TRAFFIC'));
    expect(effects).toEqual({ notice: null, refetch: ['traffic'] });
  });

  it('falls back to the event message for unknown types', () => {
    const effects = eventEffects(event('SOMETHING_NEW', 'APP', 'FULFILLED'));
    expect(effects.notice?.title).toBe('raw');
  });
});
