/**
 * English texts of what the console's first pages render: the login page, the signed-in shell
 * (header, menus, app sidebar, resource overview) and the home page, and the words many screens
 * share. Each feature's own texts are in its `<feature>.texts.ts` and load with it
 * (docs/frontend-performance.md). Validation messages come from `@meridian/domain`, so the server
 * and the forms say the same thing. `{name}` placeholders are filled by `t(key, params)`.
 */
export const en = {
  'product.name': 'Meridian',
  'product.tagline': 'Deploy apps onto smart clusters worldwide.',

  // Menu labels of spec "Screens and routes".
  'menu.home': 'Home',
  'menu.plans': 'Plans',
  'menu.clusters': 'Clusters',
  'menu.smartClusters': 'Smart Clusters',
  'menu.dns': 'DNS',
  'menu.domains': 'Domains',
  'menu.billing': 'Billing',
  'menu.support': 'Support',
  'menu.apiKeys': 'API Keys',
  'menu.account': 'Account',
  'menu.logout': 'Logout',
  'menu.notifications': 'Notifications',
  'menu.collapse': 'Collapse menu',
  'menu.expand': 'Expand menu',
  'menu.main': 'Main navigation',

  // Account menu.
  // The visible e-mail first, then what the button is (WCAG 2.5.3, label in name).
  'account.trigger': '{email}, account menu',
  'account.notifications': 'Notifications',
  'account.organizations': 'Organisations',
  'account.billing': 'Billing',
  'account.support': 'Support',
  'account.apiKeys': 'API keys',
  'account.notificationChannels': 'Notification channels',
  'account.keypair': 'Keypair',
  'account.registries': 'Saved registries',
  'account.security': 'Password and two-factor',
  'account.audit': 'Audit log',
  'account.users': 'Users',
  'account.logout': 'Logout',
  // The language switch names the other language in that language.
  'account.language': 'Français',
  'account.theme': 'Theme: {choice}',
  'account.theme.system': 'as the system',
  'account.theme.light': 'light',
  'account.theme.dark': 'dark',
  // The acting account: the header's switcher and the reason an action is disabled.
  'acting.trigger': 'Acting account: {name}',
  'acting.group': 'Act as',
  'acting.personal': 'Personal',
  'acting.entry': '{name} · {role}',
  'acting.needsRole': 'Needs the {needed} role in {organization} (yours: {role})',
  'bell.none': 'Notifications, none unread',
  'bell.unread': 'Notifications, {count} unread',

  // Login.
  'login.title': 'Log in to Meridian',
  'login.username': 'Username',
  'login.password': 'Password',
  'login.code': 'Authentication code',
  'login.codeHint': 'The 6 digits your authenticator app shows, or one of your recovery codes.',
  'login.submit': 'Log in',
  'login.show': 'Show',
  'login.hide': 'Hide',
  'login.failed.title': 'Something went wrong!',
  'login.failed.description': 'Please check your credentials and try again or contact support.',
  'login.footer': 'Accounts are created by your Meridian operator.',

  // Session.
  'session.expired.title': 'Session Expired.',
  'session.expired.description': 'Please log in again.',

  // Errors.
  'error.boundary': 'Something went wrong please check the console for details',
  'error.reload': 'Reload the page',
  'error.contactSupport': 'Please contact support.',
  'error.tryAgain': 'Please try again or contact support.',
  'error.unreadableAnswer': 'The server answered something the console does not understand',

  // Resource overview (header).
  'overview.label': 'Resource overview',
  'overview.apps': 'apps',
  'overview.clusters': 'clusters',
  'overview.servers': 'servers',
  'overview.cpus': 'CPUs',
  'overview.ram': 'GB RAM',
  'overview.storage': 'storage',
  'overview.waitingForTraffic': 'Waiting for traffic...',
  'overview.waitingForTrafficHint':
    'Users and requests show here once a smart cluster is running and your apps serve traffic.',
  'overview.usersPerDay': 'users / day',
  'overview.usersPerDayHint': 'Users of your apps in the last 24 hours.',
  'overview.requestsPerMinute': 'requests / min',
  'overview.requestsPerMinuteHint':
    'Requests a minute your apps serve now, at this hour’s rate: the rate the metrics chart draws per second.',
  'map.datacenterTraffic': '{name}: {value} requests per minute',
  'map.table.caption': 'Datacenters on the map',
  'map.table.location': 'Datacenter',
  'map.table.state': 'Work',
  'map.table.traffic': 'Requests per minute',
  'map.table.pending': 'Work in progress',
  'map.table.idle': 'None in progress',
  'map.table.noTraffic': 'No traffic from your apps',

  // Create menu and drawers.
  'create.button': 'Create',
  'create.cluster': 'Cluster',
  'create.app': 'App',
  'create.domain': 'Domain',
  'create.cluster.title': 'Create cluster',
  'create.cluster.intro':
    'A smart cluster groups clusters across the datacenters you choose, sized by a flavor and run in manual or automatic mode.',
  'create.app.title': 'Create app',
  'create.app.intro':
    'An app is deployed from a Kubernetes manifest, a basic image description or a Heat template, onto one of your smart clusters.',
  'create.domain.title': 'Create domain',
  'create.domain.intro':
    'Add a domain you own, then point it at the Meridian name servers to manage its DNS records here.',
  'create.soon': 'The form for this step arrives in the next release of the console.',

  // App list (right sidebar).
  'apps.heading': 'Apps',
  'apps.search': 'Search apps',
  'apps.empty': 'No apps yet',
  'apps.emptyHint': 'Create an app to deploy it onto a smart cluster.',
  'apps.noMatch': 'No app matches this search',
  'apps.pending': 'A deployment is in progress',
  'apps.list.sort': 'Sort apps: {order}',
  'apps.list.sort.created': 'Newest',
  'apps.list.sort.updated': 'Recently updated',

  // App detail screen (spec "App detail screen", "The error catalogue" app, version and deployment messages).
  'apps.detail.fetchFailed': 'Something went wrong when fetching your apps.',

  'terms.title': 'Terms of service',

  // Pages.
  'home.title': 'Home',
  'notFound.title': 'Page not found',
  'notFound.subtitle': 'The page you are looking for does not exist or has moved.',
  'notFound.back': 'Back home',

  // Words many screens use.
  'common.cancel': 'Cancel',
  'common.loading': 'Loading',
  'common.clear': 'Clear',
} as const;

export type TextKey = keyof typeof en;
