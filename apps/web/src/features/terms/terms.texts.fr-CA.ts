/** The terms of service page's texts in Canadian French (docs/i18n.md). */
export const frCA = {
  'terms.intro': 'Les conditions selon lesquelles Meridian héberge vos applications.',
  'terms.app': "Ces conditions s'appliquent à l'application {appName}.",
  'terms.backToApp': "Retour à l'application",
  'terms.service.title': 'Le service',
  'terms.service.body':
    'Meridian exécute les applications et les gabarits que vous déployez sur des grappes gérées, dans les centres de données que vous choisissez. Votre exploitant gère les centres de données et tient la plateforme à jour.',
  'terms.content.title': 'Vos applications et vos données',
  'terms.content.body':
    "Ce que vous déployez vous appartient. Il vous incombe d'avoir le droit de l'exécuter et de ne pas utiliser le service pour nuire à autrui ou enfreindre la loi.",
  'terms.billing.title': 'Facturation',
  'terms.billing.body':
    "Les ressources en marche sont facturées à l'heure, en CAD, au tarif de leur format et de leur centre de données. La facturation des ressources arrêtées ou supprimées cesse; l'utilisation figure à la page Facturation.",
  'terms.keys.title': 'Identifiants et clés',
  'terms.keys.body':
    "Gardez secrets votre mot de passe, vos clés d'API et votre clé SSH privée. Révoquez une clé d'API dès que vous soupçonnez une fuite; toute action faite avec vos identifiants est réputée faite par vous.",
  'terms.availability.title': 'Disponibilité',
  'terms.availability.body':
    "Nous visons à garder la console et vos grappes disponibles en tout temps, mais l'entretien et les pannes de centres de données peuvent les interrompre. Déployez dans plusieurs centres de données lorsque votre application doit rester en service.",
  'terms.ending.title': 'Fin du service',
  'terms.ending.body':
    'Vous pouvez supprimer vos applications et vos grappes à tout moment. Votre exploitant peut suspendre les ressources qui enfreignent ces conditions, après vous en avoir indiqué la raison chaque fois que possible.',
  'terms.questions': 'Des questions sur ces conditions?',
  'terms.support': 'Communiquer avec le soutien',
};
