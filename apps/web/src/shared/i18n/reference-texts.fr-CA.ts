/** The reference pages' texts in Canadian French (docs/i18n.md). */
export const referenceTextsFrCA = {
  // Pages.
  'references.nameservers.title': 'Serveurs de noms',
  'references.nameservers.intro':
    'Chez votre registraire, dirigez votre domaine vers les deux serveurs de noms de Meridian pour gérer son DNS ici.',
  'references.nameservers.cluster': 'Pour la grappe intelligente {smartClusterName}.',
  'references.nameservers.unavailable':
    'Les serveurs de noms ne peuvent pas être affichés pour l’instant.',
  'references.nameservers.clusterTitle': 'Noms de domaine des applications sur {smartClusterName}',
  'references.nameservers.clusterBody':
    'Les noms de domaine donnés aux déploiements sur la grappe intelligente {smartClusterName} ne se résolvent qu’une fois que leur domaine utilise ces serveurs de noms.',
  'references.nameservers.listTitle': 'Les serveurs de noms de Meridian',
  'references.nameservers.listIntro':
    'Utilisez les deux, dans cet ordre, pour chaque domaine que vous gérez ici.',
  'references.nameservers.stepsTitle': 'Les indiquer chez votre registraire',
  'references.nameservers.step.add': 'Ajoutez d’abord le domaine dans la console.',
  'references.nameservers.step.addLink': 'Aller aux domaines',
  'references.nameservers.step.registrar':
    'Connectez-vous là où vous avez enregistré le domaine et ouvrez ses paramètres DNS ou de serveurs de noms.',
  'references.nameservers.step.replace':
    'Choisissez des serveurs de noms personnalisés et remplacez ceux qui existent par les deux ci-dessus.',
  'references.nameservers.step.save':
    'Enregistrez. Retirez tout autre serveur de noms que le registraire conserve.',
  'references.nameservers.step.records':
    'Gérez les enregistrements DNS depuis les détails du domaine, à la page Domaines.',
  'references.nameservers.propagation':
    'Les registres publient habituellement le changement en moins d’une heure; les résolveurs peuvent garder l’ancienne réponse jusqu’à 48 heures.',
  'references.clusterIntegration.title': 'Intégration des grappes',
  'references.clusterIntegration.intro':
    'Déployez de nouvelles images depuis votre pipeline CI/CD avec une clé d’API, et trouvez les UUID de grappe et d’application dont il a besoin.',
  'references.clusterIntegration.createKey': 'Créer une clé d’API',
  'references.clusterIntegration.steps.title': 'Comment ça fonctionne',
  'references.clusterIntegration.steps.keyLink': 'Créez une clé d’API',
  'references.clusterIntegration.steps.key':
    'et conservez-la dans votre système CI/CD comme variable secrète {variable}; elle n’est affichée qu’une fois.',
  'references.clusterIntegration.steps.call':
    'Une fois la nouvelle image poussée, votre pipeline appelle l’un des points d’accès ci-dessous avec le nom de l’image.',
  'references.clusterIntegration.steps.answer':
    "L’appel répond avec les déploiements qu’il a changés, maintenant 'updating'. Le déploiement progressif se poursuit ensuite de lui-même; sa progression et son résultat s’affichent dans",
  'references.clusterIntegration.steps.notifications': 'Notifications',
  'references.clusterIntegration.examples.title': 'Exemples',
  'references.clusterIntegration.examples.intro':
    'Ces commandes sont remplies avec votre propre identifiant d’utilisateur et l’application et la grappe intelligente choisies ici. Remplacez l’image par celle que votre pipeline a construite.',
  'references.clusterIntegration.appSelect': 'Application',
  'references.clusterIntegration.clusterSelect': 'Grappe intelligente',
  'references.clusterIntegration.runningGroup': 'Exécutant {app}',
  'references.clusterIntegration.otherGroup': 'Autres grappes intelligentes',
  'references.clusterIntegration.notDeployed':
    '{app} n’est pas déployée sur {smartCluster} : les appels répondent par une erreur tant que vous ne l’y déployez pas.',
  'references.clusterIntegration.noApps':
    'Vous n’avez pas encore d’application; les exemples affichent donc <APP_UUID>. Créez-en une avec Créer › Application; son UUID s’affichera ensuite ici.',
  'references.clusterIntegration.noSmartClusters':
    'Vous n’avez pas encore de grappe intelligente; les exemples affichent donc <SMART_CLUSTER_UUID>. Créez-en une à la page Grappes; son UUID s’affichera ensuite ici.',
  'references.clusterIntegration.fetchFailed':
    'Vos applications et grappes intelligentes n’ont pas pu être chargées; les exemples affichent donc des valeurs génériques. Veuillez recharger la page.',
  'references.clusterIntegration.clustersLink': 'Page Grappes',
  'references.clusterIntegration.appRollout.title':
    'Déployer une image sur des grappes intelligentes choisies',
  'references.clusterIntegration.appRollout.body':
    'Met à jour les déploiements de l’application sur chaque grappe intelligente listée dans cluster_uuids.',
  'references.clusterIntegration.clusterRollout.title':
    'Déployer une image sur une grappe intelligente',
  'references.clusterIntegration.clusterRollout.body':
    'Met à jour le déploiement de l’application sur la grappe intelligente nommée dans le chemin.',
  'references.clusterIntegration.headers':
    'Les deux appels s’authentifient avec l’en-tête « Authorization: ApiKey ${variable} » et nomment votre utilisateur avec « x-user-id: {userId} ».',
  'references.clusterIntegration.answer':
    "Une réponse 200 liste les déploiements maintenant 'updating'. Un 401 signifie que la clé est erronée ou révoquée; un 400 ou un 404 nomme ce qui manque, comme une application non déployée sur cette grappe intelligente.",
  'references.clusterIntegration.copy': 'Copier',
  'references.clusterIntegration.copyCommand': 'Copier la commande : {example}',
  'references.clusterIntegration.copied': 'Commande copiée dans le presse-papiers.',
  'references.clusterIntegration.copyFailed':
    'La commande n’a pas pu être copiée; sélectionnez-la et copiez-la à la main.',
  'references.clusterIntegration.uuids.title': 'Où trouver les UUID',
  'references.clusterIntegration.uuids.app':
    'UUID d’application : la dernière partie de l’adresse de la page de l’application, /apps/<APP_UUID>.',
  'references.clusterIntegration.uuids.smartCluster':
    'UUID de grappe intelligente : dans le panneau de détails de chaque grappe intelligente, à la',
  'references.clusterIntegration.uuids.empty':
    'Aucune application ni grappe intelligente pour l’instant',
  'references.clusterIntegration.kind.app': 'Application',
  'references.clusterIntegration.kind.smartCluster': 'Grappe intelligente',
  'references.clusterIntegration.column.kind': 'Type',
  'references.clusterIntegration.column.name': 'Nom',
  'references.clusterIntegration.column.uuid': 'UUID',
} as const;
