import { LineChartOutlined } from '@ant-design/icons';
import type { Cluster } from '@meridian/domain/clusters/smart-cluster';
import { monitoringUrl } from '@meridian/domain/clusters/smart-cluster';
import { Button } from 'antd';
import type { MouseEvent } from 'react';
import { notify } from '../../../shared/notifications/notify';
import { signInAddress, useMonitoringSignIn } from '../api/monitoring-sign-in';
import { t } from '../clusters.texts';
import { errorDescription } from './use-cluster-actions';

function safeMonitoringUrl(path: string | null): string | null {
  if (!path) return null;
  try {
    // Meridian serves the page itself: a relative path is on the console's own origin.
    return monitoringUrl(path, window.location.origin);
  } catch {
    return null;
  }
}

/**
 * A member's Monitoring button: opens its monitoring page in a new tab, signed in through a
 * one-use link the console asks for, so the user is never asked for the monitoring password.
 * The plain page stays its address (Basic auth) for copying or a middle click.
 */
export function MonitoringButton({ member }: { member: Cluster }) {
  const href = safeMonitoringUrl(member.monitoring_path);
  const signIn = useMonitoringSignIn();

  const open = (event: MouseEvent<HTMLElement>) => {
    event.preventDefault();
    // Opened in the click itself, so no popup blocker stops it; it is sent on once signed in.
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    signIn.mutate(member.uuid, {
      onSuccess: (link) => {
        const address = signInAddress(link);
        if (tab) tab.location.replace(address);
        else window.open(address, '_blank', 'noopener');
      },
      onError: (error) => {
        tab?.close();
        notify.error(t('clusters.monitoring.failed'), errorDescription(error));
      },
    });
  };

  return (
    <Button
      size="small"
      icon={<LineChartOutlined aria-hidden />}
      href={href ?? undefined}
      target="_blank"
      rel="noopener noreferrer"
      disabled={!href}
      loading={signIn.isPending}
      onClick={open}
    >
      {t('clusters.details.monitoring')}
    </Button>
  );
}
