import { defineTexts } from '../../shared/i18n/translate';
import { referenceTexts } from '../../shared/i18n/reference-texts';

/** The support page's texts and the references it shows. They load with the page. */
export const t = defineTexts(
  {
    ...referenceTexts,
    // Pages.
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
    'support.contact.subject': 'Support request',
    'support.contact.hours':
      'Monday to Friday, 9:00 to 17:00 Eastern Time. We answer within one business day.',
    'support.job.name': 'Name',
    'support.job.where': 'Where',
    'support.job.failed': 'This job failed',
    'support.job.contactSupport':
      'Something went wrong with this job. Please contact support and quote the reference above.',
    'support.job.notFound':
      'This job is not among your resources any more. Quote its reference when you write to us.',
    'support.job.fetchFailed':
      'The job could not be looked up right now. Quote its reference when you write to us.',
  },
  () => import('./support.texts.fr-CA').then((french) => french.frCA),
);

export type TextKey = Parameters<typeof t>[0];
