import { defineTexts } from '../../shared/i18n/translate';

/** The Saved registries dialog's texts. They load with the feature, not with the console's first page. */
export const t = defineTexts(
  {
    'registries.title': 'Saved registries',
    'registries.intro':
      'Credentials of your private Docker registries, saved once and chosen in the Basic form by name. Meridian never shows a password again.',
    'registries.empty': 'No saved registries yet',
    'registries.emptyHint': 'Add one below, or save the credentials you type in the Basic form.',
    'registries.column.name': 'Name',
    'registries.column.url': 'URL',
    'registries.column.username': 'Username',
    'registries.column.createdAt': 'Saved',
    'registries.delete': 'Delete',
    'registries.delete.ariaLabel': 'Delete registry {name}',
    'registries.delete.title': 'Delete registry {name}?',
    'registries.delete.body':
      'It is no longer offered in the Basic form. Versions already made with it keep their settings.',
    'registries.deleted': 'Registry {name} deleted.',
    'registries.deleteFailed': 'Cannot delete registry {name}.',
    'registries.fetchFailed': 'Cannot fetch your saved registries.',
    'registries.add.title': 'Add a registry',
    'registries.add.name': 'Name',
    'registries.add.namePlaceholder': 'e.g. company registry',
    'registries.add.url': 'URL',
    'registries.add.urlPlaceholder': 'e.g. https://registry.example.com',
    'registries.add.username': 'Username',
    'registries.add.password': 'Password',
    'registries.add.submit': 'Save registry',
    'registries.added': 'Registry {name} saved.',
    'registries.addFailed': 'Cannot save the registry.',
    'registries.close': 'Close',
  },
  () => import('./registries.texts.fr-CA').then((french) => french.frCA),
);
