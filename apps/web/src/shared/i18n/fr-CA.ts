import type { en } from './en';

/** The first pages' texts in Canadian French (docs/i18n.md). */
export const frCA: { readonly [Key in keyof typeof en]: string } = {
  'product.name': 'Meridian',
  'product.tagline':
    'Déployez vos applications sur des grappes intelligentes partout dans le monde.',

  // Menu.
  'menu.home': 'Accueil',
  'menu.plans': 'Forfaits',
  'menu.clusters': 'Grappes',
  'menu.smartClusters': 'Grappes intelligentes',
  'menu.dns': 'DNS',
  'menu.domains': 'Domaines',
  'menu.billing': 'Facturation',
  'menu.support': 'Soutien',
  'menu.apiKeys': 'Clés d’API',
  'menu.account': 'Compte',
  'menu.logout': 'Se déconnecter',
  'menu.notifications': 'Notifications',
  'menu.collapse': 'Réduire le menu',
  'menu.expand': 'Déployer le menu',
  'menu.main': 'Navigation principale',

  // Account menu.
  'account.trigger': '{email}, menu du compte',
  'account.notifications': 'Notifications',
  'account.organizations': 'Organisations',
  'account.billing': 'Facturation',
  'account.support': 'Soutien',
  'account.apiKeys': 'Clés d’API',
  'account.notificationChannels': 'Canaux de notification',
  'account.keypair': 'Paire de clés',
  'account.registries': 'Registres enregistrés',
  'account.security': 'Mot de passe et deux facteurs',
  'account.audit': 'Journal d’audit',
  'account.users': 'Utilisateurs',
  'account.logout': 'Se déconnecter',
  'account.language': 'English',
  'account.theme': 'Thème : {choice}',
  'account.theme.system': 'celui du système',
  'account.theme.light': 'clair',
  'account.theme.dark': 'sombre',
  'acting.trigger': 'Compte actif : {name}',
  'acting.group': 'Agir au nom de',
  'acting.personal': 'Personnel',
  'acting.entry': '{name} · {role}',
  'acting.needsRole': 'Exige le rôle {needed} dans {organization} (le vôtre : {role})',
  'bell.none': 'Notifications, aucune non lue',
  'bell.unread': 'Notifications, {count} non lues',

  // Login.
  'login.title': 'Connexion à Meridian',
  'login.username': 'Nom d’utilisateur',
  'login.password': 'Mot de passe',
  'login.code': 'Code d’authentification',
  'login.codeHint':
    'Les 6 chiffres que montre votre application d’authentification, ou l’un de vos codes de récupération.',
  'login.submit': 'Se connecter',
  'login.show': 'Afficher',
  'login.hide': 'Masquer',
  'login.failed.title': 'Une erreur s’est produite!',
  'login.failed.description':
    'Veuillez vérifier vos identifiants et réessayer, ou communiquer avec le soutien.',
  'login.footer': 'Les comptes sont créés par l’exploitant de votre Meridian.',

  // Session.
  'session.expired.title': 'Session expirée.',
  'session.expired.description': 'Veuillez vous reconnecter.',

  // Errors.
  'error.boundary': 'Une erreur s’est produite; consultez la console pour les détails',
  'error.reload': 'Recharger la page',
  'error.contactSupport': 'Veuillez communiquer avec le soutien.',
  'error.tryAgain': 'Veuillez réessayer ou communiquer avec le soutien.',
  'error.unreadableAnswer': 'Le serveur a répondu quelque chose que la console ne comprend pas',

  // Resource overview.
  'overview.label': 'Aperçu des ressources',
  'overview.apps': 'applications',
  'overview.clusters': 'grappes',
  'overview.servers': 'serveurs',
  'overview.cpus': 'processeurs',
  'overview.ram': 'Go de mémoire vive',
  'overview.storage': 'stockage',
  'overview.waitingForTraffic': 'En attente de trafic…',
  'overview.waitingForTrafficHint':
    'Les utilisateurs et les requêtes s’affichent ici dès qu’une grappe intelligente fonctionne et que vos applications servent du trafic.',
  'overview.usersPerDay': 'utilisateurs / jour',
  'overview.usersPerDayHint': 'Utilisateurs de vos applications au cours des dernières 24 heures.',
  'overview.requestsPerMinute': 'requêtes / min',
  'overview.requestsPerMinuteHint':
    'Requêtes par minute que vos applications servent maintenant, au rythme de l’heure : celui que le graphique des métriques trace par seconde.',
  'map.datacenterTraffic': '{name} : {value} requêtes par minute',
  'map.table.caption': 'Centres de données sur la carte',
  'map.table.location': 'Centre de données',
  'map.table.state': 'Travaux',
  'map.table.traffic': 'Requêtes par minute',
  'map.table.pending': 'Travaux en cours',
  'map.table.idle': 'Aucun travail en cours',
  'map.table.noTraffic': 'Aucun trafic de vos applications',

  // Create menu.
  'create.button': 'Créer',
  'create.cluster': 'Grappe',
  'create.app': 'Application',
  'create.domain': 'Domaine',
  'create.cluster.title': 'Créer une grappe',
  'create.cluster.intro':
    'Une grappe intelligente regroupe des grappes dans les centres de données que vous choisissez, dimensionnées par un format et exploitées en mode manuel ou automatique.',
  'create.app.title': 'Créer une application',
  'create.app.intro':
    'Une application se déploie à partir d’un manifeste Kubernetes, d’une description d’image de base ou d’un gabarit Heat, sur l’une de vos grappes intelligentes.',
  'create.domain.title': 'Créer un domaine',
  'create.domain.intro':
    'Ajoutez un domaine qui vous appartient, puis dirigez-le vers les serveurs de noms de Meridian pour gérer ici ses enregistrements DNS.',
  'create.soon': 'Le formulaire de cette étape arrive dans la prochaine version de la console.',

  // App list.
  'apps.heading': 'Applications',
  'apps.search': 'Chercher des applications',
  'apps.empty': 'Aucune application pour l’instant',
  'apps.emptyHint': 'Créez une application pour la déployer sur une grappe intelligente.',
  'apps.noMatch': 'Aucune application ne correspond à cette recherche',
  'apps.pending': 'Un déploiement est en cours',
  'apps.list.sort': 'Trier les applications : {order}',
  'apps.list.sort.created': 'Les plus récentes',
  'apps.list.sort.updated': 'Mises à jour récemment',

  'apps.detail.fetchFailed':
    'Une erreur s’est produite lors de la récupération de vos applications.',

  'terms.title': 'Conditions d’utilisation',

  // Pages.
  'home.title': 'Accueil',
  'notFound.title': 'Page introuvable',
  'notFound.subtitle': 'La page que vous cherchez n’existe pas ou a été déplacée.',
  'notFound.back': 'Retour à l’accueil',

  // Words many screens use.
  'common.cancel': 'Annuler',
  'common.loading': 'Chargement',
  'common.clear': 'Effacer',
};
