import { defineTexts } from '../../shared/i18n/translate';

/** The notifications page's texts. They load with the feature, not with the console's first page. */
export const t = defineTexts(
  {
    // Pages.
    'notifications.title': 'Notifications',
    'notifications.intro': 'Events about your apps, clusters and domains, newest first.',
    'notifications.empty': 'No notifications yet',
    'notifications.emptyHint':
      'You will be told here when a deployment or a cluster changes state.',

    // Notifications page and live events.
    'notifications.fetchFailed': 'Something went wrong when fetching notifications.',
    'notifications.contactSupport': 'Please contact support.',
    'notifications.loadingMore': 'Loading more…',
    'notifications.count': '{count} in all.',
    'notifications.new': 'New',
    'notifications.markRead': 'Mark as read',
  },
  () => import('./notifications.texts.fr-CA').then((french) => french.frCA),
);
