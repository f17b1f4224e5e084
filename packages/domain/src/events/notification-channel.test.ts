import { describe, expect, it } from 'vitest';
import { forecastOf } from '../billing/budget';
import { describeEvent } from './event-catalogue';
import { channelEventOf } from './notification-channel';

describe('alert channel events', () => {
  it('maps recorded event types to channel events, previews by shape', () => {
    expect(channelEventOf('APP_UPDATE_REJECTED')).toBe('rollout_halted');
    expect(channelEventOf('APP_DEPLOY_REJECTED')).toBe('deployment_failed');
    expect(channelEventOf('SMART_CLUSTER_CREATE_REJECTED')).toBe('smart_cluster_failed');
    expect(channelEventOf('CERTIFICATE_RENEW_REJECTED')).toBe('certificate_expiring');
    expect(channelEventOf('BUDGET_THRESHOLD_REACHED')).toBe('budget_threshold');
    expect(channelEventOf('PREVIEW_DEPLOY_FULFILLED')).toBe('preview_ready');
    expect(channelEventOf('PREVIEW_DEPLOY_REJECTED')).toBe('deployment_failed');
    expect(channelEventOf('PREVIEW_DELETE_FULFILLED')).toBeUndefined();
    expect(channelEventOf('APP_UPDATE_REJECTED', { rollout_outcome: 'halted' })).toBe(
      'rollout_halted',
    );
    expect(channelEventOf('APP_UPDATE_REJECTED', { rollout_outcome: 'aborted' })).toBeUndefined();
    expect(channelEventOf('APP_DEPLOY_FULFILLED')).toBeUndefined();
  });

  it('words a budget alert with its figures unquoted, and forecasts the month', () => {
    const payload = { budget_percent: '80', budget_amount: '$500.00 CAD' };
    expect(describeEvent('BUDGET_THRESHOLD_REACHED', payload).title).toBe(
      'Budget: 80 % of $500.00 CAD reached this month.',
    );
    // Half of a 30-day month gone: twice what is spent.
    expect(forecastOf(100, new Date('2030-04-16T00:00:00Z'))).toBe(200);
  });
});
