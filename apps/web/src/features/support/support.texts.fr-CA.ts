import { referenceTextsFrCA } from '../../shared/i18n/reference-texts.fr-CA';

/** The support page's texts in Canadian French (docs/i18n.md). */
export const frCA = {
  ...referenceTextsFrCA,
  'support.title': 'Soutien',
  'support.intro': 'Nous sommes là pour vous aider avec vos applications, grappes et domaines.',
  'support.contact.title': 'Communiquer avec le soutien',
  'support.contact.body':
    "Écrivez à votre exploitant Meridian en décrivant ce que vous faisiez et, s'il y a lieu, en indiquant la référence de tâche ci-dessous.",
  'support.job.title': 'À propos de cette demande',
  'support.job.smartCluster': 'Tâche de grappe intelligente',
  'support.job.app': "Tâche d'application",
  'support.job.cluster': 'Tâche de grappe',
  'support.references.title': 'Références',
  'support.contact.subject': 'Demande de soutien',
  'support.contact.hours':
    "Du lundi au vendredi, de 9 h à 17 h (heure de l'Est). Nous répondons en un jour ouvrable.",
  'support.job.name': 'Nom',
  'support.job.where': 'Emplacement',
  'support.job.failed': 'Cette tâche a échoué',
  'support.job.contactSupport':
    'Un problème est survenu avec cette tâche. Veuillez communiquer avec le soutien en indiquant la référence ci-dessus.',
  'support.job.notFound':
    'Cette tâche ne fait plus partie de vos ressources. Indiquez sa référence lorsque vous nous écrivez.',
  'support.job.fetchFailed':
    'La tâche ne peut pas être consultée pour le moment. Indiquez sa référence lorsque vous nous écrivez.',
};
