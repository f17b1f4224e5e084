/**
 * English text catalogue: every user-facing string of the console, except the validation
 * messages, which come from `@meridian/domain` so the server and the forms say the same thing.
 * `{name}` placeholders are filled by `t(key, params)`.
 */
export const en = {
  'product.name': 'Meridian',
  'product.tagline': 'Deploy apps onto smart clusters worldwide.',

  // Menu labels of spec §2.
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
  'account.trigger': 'Account menu',
  'account.notifications': 'Notifications',
  'account.billing': 'Billing',
  'account.support': 'Support',
  'account.apiKeys': 'API keys',
  'account.keypair': 'Keypair',
  'account.logout': 'Logout',

  // Login.
  'login.title': 'Log in to Meridian',
  'login.username': 'Username',
  'login.password': 'Password',
  'login.submit': 'Log in',
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

  // Resource overview (header).
  'overview.label': 'Resource overview',
  'overview.apps': 'apps',
  'overview.clusters': 'clusters',
  'overview.servers': 'servers',
  'overview.cpus': 'CPUs',
  'overview.ram': 'GB RAM',
  'overview.storage': 'storage',
  'overview.waitingForTraffic': 'Waiting for traffic...',

  // Create menu and drawers.
  'create.button': 'Create',
  'create.cluster': 'Cluster',
  'create.app': 'App',
  'create.domain': 'Domain',
  'create.cluster.title': 'Create cluster',
  'create.cluster.intro':
    'A smart cluster groups clusters across the datacenters you choose, sized by a flavor and run in manual or automatic mode.',
  'create.cluster.duration': 'Creation usually takes 20 minutes to an hour.',
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
  'apps.detail.intro': 'Versions, deployments and their domains will appear here.',
  'apps.detail.deployment': 'Deployment {deploymentId}',

  // Pages.
  'home.title': 'Home',
  'clusters.title': 'Smart Clusters',
  'clusters.intro': 'Your smart clusters, their locations and the apps running on them.',
  'clusters.empty': 'No clusters yet',
  'clusters.emptyHint': 'Create a smart cluster to start deploying apps.',
  'clusters.datacenter': 'Showing the datacenter {datacenterId} on the map.',
  'clusters.create': 'Create cluster',
  'apiKeys.title': 'API Keys',
  'apiKeys.intro':
    'API keys let your CI/CD pipelines deploy new images. A key is shown once, when it is created.',
  'apiKeys.empty': 'No API keys yet',
  'apiKeys.emptyHint': 'Keys you generate are listed here with their creation date.',
  'domains.title': 'Domains',
  'domains.intro': 'Your domains and their DNS records.',
  'domains.empty': 'No domains yet',
  'domains.emptyHint': 'Add a domain to manage its DNS records.',
  'domains.add': 'Add Domain',
  'billing.title': 'Billing',
  'billing.intro': 'Usage of your resources, their hourly rates and totals, in CAD.',
  'billing.empty': 'No usage yet',
  'billing.emptyHint': 'Usage appears here once your first cluster is running.',
  'support.title': 'Support',
  'support.intro': 'We are here to help with your apps, clusters and domains.',
  'support.contact.title': 'Contact support',
  'support.contact.body':
    'Write to your Meridian operator with what you were doing and, if you have one, the job reference below.',
  'support.job.title': 'About this request',
  'support.job.smartCluster': 'Smart cluster job',
  'support.job.app': 'App job',
  'support.job.cluster': 'Cluster job',
  'support.references.title': 'References',
  'terms.title': 'Terms of service',
  'terms.intro': 'The terms under which Meridian hosts your apps.',
  'terms.app': 'These terms apply to the app {appId}.',
  'notifications.title': 'Notifications',
  'notifications.intro': 'Events about your apps, clusters and domains, newest first.',
  'notifications.empty': 'No notifications yet',
  'notifications.emptyHint': 'You will be told here when a deployment or a cluster changes state.',
  'references.nameservers.title': 'Name servers',
  'references.nameservers.intro':
    'Point your domain at the two Meridian name servers at your registrar to manage its DNS here.',
  'references.nameservers.cluster': 'For the smart cluster {smartClusterName}.',
  'references.clusterIntegration.title': 'Cluster integration',
  'references.clusterIntegration.intro':
    'Deploy new images from your CI/CD pipeline with an API key, and find the cluster and app UUIDs it needs.',
  'notFound.title': 'Page not found',
  'notFound.subtitle': 'The page you are looking for does not exist or has moved.',
  'notFound.back': 'Back home',

  // Keypair dialog.
  'keypair.title': "Verify that it's you",
  'keypair.intro': 'Enter your credentials again to download your keypair.',
  'keypair.submit': 'Download keypair',
  'keypair.privateKeyFailed': 'Cannot get private key.',
  'keypair.publicKeyFailed': 'Cannot get public key.',
  'keypair.downloaded': 'Keypair downloaded.',
  'keypair.downloadedDescription': 'Keep id_ed25519 private; share only id_ed25519.pub.',

  'common.cancel': 'Cancel',
  'common.loading': 'Loading',
} as const;

export type TextKey = keyof typeof en;

/** A catalogue for another language must translate every key. */
export type Catalogue = Record<TextKey, string>;
