import type { App } from 'antd';
import type { ReactNode } from 'react';

type NotificationInstance = ReturnType<typeof App.useApp>['notification'];

/** Spec "Business constants and limits": success 4 s, error and warning 9 s. */
export const notificationDurations = { success: 4, info: 4, error: 9, warning: 9 } as const;

/**
 * Where a notice goes: never over what the user works on. The spec's bottom left lay over the
 * page's content (issue 34: it hid the rollout's controls), so notices sit at the bottom of the
 * right sidebar's column; while a drawer is open they keep the bottom left, over the page it
 * masks, clear of the drawer's own actions.
 */
export function notificationPlacement(): 'bottomLeft' | 'bottomRight' {
  return document.querySelector('.ant-drawer-open') ? 'bottomLeft' : 'bottomRight';
}

type Kind = keyof typeof notificationDurations;

export interface NotifyOptions {
  /** Seconds; 0 or false keeps the notice open. */
  duration?: number | false;
  /** Same key = same notice (repeats replace it instead of stacking). */
  key?: string;
}

interface Notice {
  kind: Kind;
  title: ReactNode;
  description?: ReactNode;
  options?: NotifyOptions;
}

let boundApi: NotificationInstance | null = null;
// antd's notifications are not on the login page's first load: a notice asked for before they
// arrive waits here, and the host that renders them is told to load them.
const waiting: Notice[] = [];
let requestHost: (() => void) | null = null;

function deliver(api: NotificationInstance, { kind, title, description, options }: Notice) {
  api[kind]({
    title,
    description,
    placement: notificationPlacement(),
    duration: options?.duration ?? notificationDurations[kind],
    ...(options?.key ? { key: options.key } : {}),
  });
}

/** The themed instance rendered by NotificationBridge; binding it shows the notices that waited. */
export function bindNotificationApi(api: NotificationInstance | null): void {
  boundApi = api;
  if (api) for (const notice of waiting.splice(0)) deliver(api, notice);
}

/** NotificationHost listens here to load the notifications when the first notice is asked for. */
export function onNoticeWaiting(listener: (() => void) | null): void {
  requestHost = listener;
  if (listener && waiting.length > 0) listener();
}

function show(kind: Kind, title: ReactNode, description?: ReactNode, options?: NotifyOptions) {
  const notice: Notice = { kind, title, description, options };
  if (boundApi) {
    deliver(boundApi, notice);
  } else if (requestHost) {
    waiting.push(notice);
    requestHost();
  } else {
    // No host (a component rendered on its own): antd's unthemed static notifications.
    void import('antd').then(({ notification }) => deliver(notification, notice));
  }
}

/** The console's one way to tell the user something happened. */
export const notify = {
  success: (title: ReactNode, description?: ReactNode, options?: NotifyOptions) =>
    show('success', title, description, options),
  info: (title: ReactNode, description?: ReactNode, options?: NotifyOptions) =>
    show('info', title, description, options),
  error: (title: ReactNode, description?: ReactNode, options?: NotifyOptions) =>
    show('error', title, description, options),
  warning: (title: ReactNode, description?: ReactNode, options?: NotifyOptions) =>
    show('warning', title, description, options),
};
