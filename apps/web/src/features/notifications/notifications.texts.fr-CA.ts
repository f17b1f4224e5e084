/** The notifications page's texts in Canadian French (docs/i18n.md). */
export const frCA = {
  'notifications.title': 'Notifications',
  'notifications.intro':
    'Les événements concernant vos applications, grappes et domaines, les plus récents en premier.',
  'notifications.empty': 'Aucune notification pour le moment',
  'notifications.emptyHint':
    "Vous serez averti ici lorsqu'un déploiement ou une grappe change d'état.",
  'notifications.fetchFailed': 'Un problème est survenu lors de la récupération des notifications.',
  'notifications.contactSupport': 'Veuillez communiquer avec le soutien.',
  'notifications.loadingMore': 'Chargement de la suite…',
  'notifications.count': '{count} au total.',
  'notifications.new': 'Nouveau',
  'notifications.markRead': 'Marquer comme lue',
};
