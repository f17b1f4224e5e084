import { notification as staticNotification } from 'antd';
import type { App } from 'antd';
import type { ReactNode } from 'react';

type NotificationInstance = ReturnType<typeof App.useApp>['notification'];

/** Spec "Business constants and limits": notices sit at the bottom left; success 4 s, error and warning 9 s. */
export const notificationPlacement = 'bottomLeft';
export const notificationDurations = { success: 4, info: 4, error: 9, warning: 9 } as const;

type Kind = keyof typeof notificationDurations;

export interface NotifyOptions {
  /** Seconds; 0 or false keeps the notice open. */
  duration?: number | false;
  /** Same key = same notice (repeats replace it instead of stacking). */
  key?: string;
}

let boundApi: NotificationInstance | null = null;

/** The antd App's instance, so notices follow the theme; set by NotificationBridge. */
export function bindNotificationApi(api: NotificationInstance | null): void {
  boundApi = api;
}

function show(kind: Kind, title: ReactNode, description?: ReactNode, options?: NotifyOptions) {
  const api = boundApi ?? staticNotification;
  api[kind]({
    title,
    description,
    placement: notificationPlacement,
    duration: options?.duration ?? notificationDurations[kind],
    ...(options?.key ? { key: options.key } : {}),
  });
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
