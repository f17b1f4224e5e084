import { defineTexts } from '../../shared/i18n/translate';

/** The audit log page's texts. They load with the feature. */
export const t = defineTexts(
  {
    'audit.title': 'Audit log',
    'audit.intro':
      'Every change made with your account, your API keys or by Meridian on your resources, refused attempts included. Administrators of an organisation also see its entries.',
    'audit.filter.actor': 'Actor',
    'audit.filter.actorPlaceholder': 'name or uuid',
    'audit.filter.action': 'Action',
    'audit.filter.actionPlaceholder': 'e.g. app.create or app',
    'audit.filter.target': 'Target',
    'audit.filter.targetPlaceholder': 'type, name or uuid',
    'audit.filter.from': 'From',
    'audit.filter.to': 'To',
    'audit.filter.apply': 'Filter',
    'audit.filter.clear': 'Clear',
    'audit.download': 'Download CSV',
    'audit.downloadFailed': 'The CSV could not be downloaded',
    'audit.fetchFailed': 'The audit log could not be loaded',
    'audit.empty': 'No entries match',
    'audit.emptyHint': 'Changes you make appear here as they happen.',
    'audit.column.at': 'When',
    'audit.column.actor': 'Actor',
    'audit.column.action': 'Action',
    'audit.column.target': 'Target',
    'audit.column.ip': 'IP address',
    'audit.column.result': 'Result',
    'audit.result.success': 'Success',
    'audit.result.refused': 'Refused',
    'audit.actor.api_key': 'API key',
    'audit.actor.user': 'User',
    'audit.actor.meridian': 'Meridian',
    'audit.total': '{count} entries',
    'audit.totalOne': '1 entry',
  },
  () => import('./audit.texts.fr-CA').then((french) => french.frCA),
);
