import { defineTexts } from '../../shared/i18n/translate';

/** The API keys page's texts. They load with the feature, not with the console's first page. */
export const t = defineTexts(
  {
    // Pages.
    'apiKeys.title': 'API Keys',
    'apiKeys.intro':
      'API keys let your CI/CD pipelines deploy new images. A key is shown once, when it is created.',
    'apiKeys.empty': 'No API keys yet',
    'apiKeys.emptyHint': 'Keys you generate are listed here with their creation date.',
    'apiKeys.create': 'Create API key',
    'apiKeys.column.name': 'Name',
    'apiKeys.column.createdAt': 'Created',
    'apiKeys.column.actions': 'Actions',
    'apiKeys.form.title': 'Create API key',
    'apiKeys.form.name': 'Name',
    'apiKeys.form.namePlaceholder': 'e.g. github-actions',
    'apiKeys.form.submit': 'Create',
    'apiKeys.form.scopes': 'Scopes',
    'apiKeys.form.scopesHint':
      'Read: any read. Deploy: reads, new versions, deploying, images and rollbacks. Admin, or none chosen: everything a key may do.',
    'apiKeys.form.expiry': 'Expires',
    'apiKeys.expiry.never': 'Never',
    'apiKeys.expiry.days': 'In {days} days',
    'apiKeys.scope.read': 'Read',
    'apiKeys.scope.deploy': 'Deploy',
    'apiKeys.scope.admin': 'Admin',
    'apiKeys.scope.all': 'All',
    'apiKeys.column.scopes': 'Scopes',
    'apiKeys.column.expiresAt': 'Expires',
    'apiKeys.column.lastUsedAt': 'Last used',
    'apiKeys.never': 'Never',
    'apiKeys.expired': 'Expired',
    'apiKeys.created.title': 'API key {name} created',
    'apiKeys.created.notice':
      'Save this key now, somewhere safe. It will not be shown again; if you lose it, revoke it and create a new one.',
    'apiKeys.created.keyLabel': 'Your new API key',
    'apiKeys.created.copy': 'Copy key',
    'apiKeys.created.copied': 'API key copied to the clipboard.',
    'apiKeys.created.copyFailed': 'Cannot copy; select the key and copy it by hand.',
    'apiKeys.created.done': 'I have saved it',
    'apiKeys.created.userIdLabel': 'Your user id, sent as the x-user-id header',
    'apiKeys.created.copyUserId': 'Copy user id',
    'apiKeys.created.userIdCopied': 'User id copied to the clipboard.',
    'apiKeys.created.usage':
      'Every call sends both headers: "Authorization: ApiKey <key>" and "x-user-id: <user id>".',
    'apiKeys.revoke': 'Revoke',
    'apiKeys.revoke.ariaLabel': 'Revoke {name}',
    'apiKeys.revoke.title': 'Revoke API key {name}?',
    'apiKeys.revoke.body':
      'Pipelines using this key will be refused at once. This cannot be undone.',
    'apiKeys.revoked': 'API key {name} revoked.',
    'apiKeys.fetchFailed': 'Cannot fetch existing API keys.',
    'apiKeys.createFailed': 'Cannot generate new API key.',
    'apiKeys.revokeFailed': 'Cannot revoke API key {apikey_name}.',
  },
  () => import('./api-keys.texts.fr-CA').then((french) => french.frCA),
);
