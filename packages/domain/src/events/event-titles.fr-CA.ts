/**
 * The event catalogue's titles in Canadian French (docs/i18n.md). French agrees the outcome with
 * the action's noun, so a title is « Grappe « x » : création terminée. », built from these parts.
 */
// Keyed by the catalogue's names; event-catalogue.test.ts checks every subject and action is here.
export const subjectNouns: Readonly<Record<string, string>> = {
  APP: 'Application',
  STACK: 'Pile',
  VERSION: 'Version',
  CLUSTER: 'Grappe',
  CERTIFICATE: 'Certificat de',
  SMART_CLUSTER: 'Grappe intelligente',
  DOMAIN: 'Domaine',
  SMART_CLUSTER_APP_SUBDOMAIN: 'Noms de domaine de l’application',
  PREVIEW: 'Aperçu de',
  CLUSTER_DNS: 'DNS de la grappe',
};

/** Each action's noun, whether it is feminine, and how « échec de… » reads it. */
export const actionNouns: Readonly<
  Record<string, { noun: string; feminine: boolean; failed: string }>
> = {
  CREATE: { noun: 'création', feminine: true, failed: 'échec de la création' },
  DEPLOY: { noun: 'déploiement', feminine: false, failed: 'échec du déploiement' },
  UPDATE: { noun: 'mise à jour', feminine: true, failed: 'échec de la mise à jour' },
  DELETE: { noun: 'suppression', feminine: true, failed: 'échec de la suppression' },
  CASCADED_DELETE: {
    noun: 'retrait des déploiements',
    feminine: false,
    failed: 'échec du retrait des déploiements',
  },
  RENEW: { noun: 'renouvellement', feminine: false, failed: 'échec du renouvellement' },
};

/** `Grappe {cluster_name} : création lancée.` — the name placeholder as the English title has it. */
export function frenchResourceTitle(
  subject: string,
  nameField: string,
  action: string,
  outcome: 'PENDING' | 'FULFILLED' | 'REJECTED',
): string {
  const { noun, feminine, failed } = actionNouns[action] ?? {
    noun: action,
    feminine: false,
    failed: action,
  };
  const said =
    outcome === 'REJECTED'
      ? failed
      : `${noun} ${outcome === 'PENDING' ? 'lancé' : 'terminé'}${feminine ? 'e' : ''}`;
  return `${subjectNouns[subject]} {${nameField}} : ${said}.`;
}

export const frenchTitles = {
  rejectedDescription: 'Veuillez réessayer ou communiquer avec le soutien.',
  traffic: 'Trafic mis à jour.',
  invitation: '{invited_by} vous invite à joindre l’organisation {organization_name}.',
  invitationDescription: 'Acceptez-la ou refusez-la à la page Organisations.',
  budget: 'Budget : {budget_percent} % de {budget_amount} atteint ce mois-ci.',
  budgetDescription: 'Consultez la prévision à la page Facturation.',
} as const;
