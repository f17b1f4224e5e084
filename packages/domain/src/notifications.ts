/** Notification categories and statuses of spec "Entities and their fields", with the numeric codes the events carry. */
export const notificationCategories = {
  APP: 0,
  CERTIFICATE: 1,
  CLUSTER: 2,
  CLUSTER_DNS: 3,
  SMART_CLUSTER: 4,
  DOMAIN: 5,
  SUBDOMAIN: 6,
  NO_NOTIFICATION: 7,
  TRAFFIC: 8,
  STACK: 9,
  /** Not in the spec: invitations to join an organisation. */
  ORGANIZATION: 10,
  /** Not in the spec: budget alerts. */
  BUDGET: 11,
} as const;

export type NotificationCategory = keyof typeof notificationCategories;

export const notificationStatuses = {
  REJECTED: 0,
  FULFILLED: 1,
  PENDING: 2,
  TRAFFIC: 3,
} as const;

export type NotificationStatus = keyof typeof notificationStatuses;

export function categoryFromCode(code: number): NotificationCategory | undefined {
  return (Object.keys(notificationCategories) as NotificationCategory[]).find(
    (name) => notificationCategories[name] === code,
  );
}

export function statusFromCode(code: number): NotificationStatus | undefined {
  return (Object.keys(notificationStatuses) as NotificationStatus[]).find(
    (name) => notificationStatuses[name] === code,
  );
}
