import { defineTexts } from '../../shared/i18n/translate';

/** The terms of service page's texts. They load with the feature, not with the console's first page. */
export const t = defineTexts(
  {
    // Pages.
    'terms.intro': 'The terms under which Meridian hosts your apps.',
    'terms.app': 'These terms apply to the app {appName}.',
    'terms.backToApp': 'Back to the app',
    'terms.service.title': 'The service',
    'terms.service.body':
      'Meridian runs the apps and templates you deploy on managed clusters in the datacenters you choose. Your operator runs the datacenters and keeps the platform up to date.',
    'terms.content.title': 'Your apps and data',
    'terms.content.body':
      'What you deploy stays yours. You are responsible for having the right to run it, and for not using the service to harm others or break the law.',
    'terms.billing.title': 'Billing',
    'terms.billing.body':
      'Running resources are billed by the hour in CAD at the rate of their flavor and datacenter. Stopped or deleted resources stop billing; usage is on the Billing page.',
    'terms.keys.title': 'Credentials and keys',
    'terms.keys.body':
      'Keep your password, API keys and private SSH key secret. Revoke an API key as soon as you suspect it leaked; anything done with your credentials counts as done by you.',
    'terms.availability.title': 'Availability',
    'terms.availability.body':
      'We aim to keep the console and your clusters available around the clock, but maintenance and datacenter failures can interrupt them. Deploy across several datacenters when your app must stay up.',
    'terms.ending.title': 'Ending the service',
    'terms.ending.body':
      'You can delete your apps and clusters at any time. Your operator may suspend resources that break these terms, after telling you why whenever possible.',
    'terms.questions': 'Questions about these terms?',
    'terms.support': 'Contact support',
  },
  () => import('./terms.texts.fr-CA').then((french) => french.frCA),
);

export type TextKey = Parameters<typeof t>[0];
