/** The reference pages' texts (name servers, cluster integration), which the support page shows too. */
export const referenceTexts = {
  // Pages.
  'references.nameservers.title': 'Name servers',
  'references.nameservers.intro':
    'Point your domain at the two Meridian name servers at your registrar to manage its DNS here.',
  'references.nameservers.cluster': 'For the smart cluster {smartClusterName}.',
  'references.nameservers.unavailable': 'The name servers cannot be shown right now.',
  'references.nameservers.clusterTitle': 'Domain names for apps on {smartClusterName}',
  'references.nameservers.clusterBody':
    'Domain names given to deployments on the smart cluster {smartClusterName} resolve only once their domain uses these name servers.',
  'references.nameservers.listTitle': 'The Meridian name servers',
  'references.nameservers.listIntro': 'Use both, in this order, for every domain you manage here.',
  'references.nameservers.stepsTitle': 'Setting them at your registrar',
  'references.nameservers.step.add': 'Add the domain in the console first.',
  'references.nameservers.step.addLink': 'Go to Domains',
  'references.nameservers.step.registrar':
    'Sign in where you registered the domain and open its DNS or name server settings.',
  'references.nameservers.step.replace':
    'Choose custom name servers and replace the existing ones with the two above.',
  'references.nameservers.step.save': 'Save. Remove any other name server the registrar keeps.',
  'references.nameservers.step.records':
    'Manage the DNS records from the domain’s details on the Domains page.',
  'references.nameservers.propagation':
    'Registries usually publish the change within an hour; resolvers may keep the old answer for up to 48 hours.',
  'references.clusterIntegration.title': 'Cluster integration',
  'references.clusterIntegration.intro':
    'Deploy new images from your CI/CD pipeline with an API key, and find the cluster and app UUIDs it needs.',
  'references.clusterIntegration.createKey': 'Create an API key',
  'references.clusterIntegration.steps.title': 'How it works',
  'references.clusterIntegration.steps.keyLink': 'Create an API key',
  'references.clusterIntegration.steps.key':
    'and store it in your CI/CD system as the secret variable {variable}; it is shown only once.',
  'references.clusterIntegration.steps.call':
    'Once your pipeline has pushed a new image, it calls one of the endpoints below with the image name.',
  'references.clusterIntegration.steps.answer':
    "The call answers with the deployments it changed, now 'updating'. The rollout then continues on its own; its progress and result show in",
  'references.clusterIntegration.steps.notifications': 'Notifications',
  'references.clusterIntegration.examples.title': 'Examples',
  'references.clusterIntegration.examples.intro':
    'These commands are filled in with your own user id and the app and smart cluster picked here. Replace the image with the one your pipeline built.',
  'references.clusterIntegration.appSelect': 'App',
  'references.clusterIntegration.clusterSelect': 'Smart cluster',
  'references.clusterIntegration.runningGroup': 'Running {app}',
  'references.clusterIntegration.otherGroup': 'Other smart clusters',
  'references.clusterIntegration.notDeployed':
    '{app} is not deployed on {smartCluster}: the calls answer an error until you deploy it there.',
  'references.clusterIntegration.noApps':
    'You have no apps yet, so the examples show <APP_UUID>. Create one with Create › App; its UUID then appears here.',
  'references.clusterIntegration.noSmartClusters':
    'You have no smart clusters yet, so the examples show <SMART_CLUSTER_UUID>. Create one on the Clusters page; its UUID then appears here.',
  'references.clusterIntegration.fetchFailed':
    'Your apps and smart clusters could not be loaded, so the examples show placeholders. Please reload the page.',
  'references.clusterIntegration.clustersLink': 'Clusters page',
  'references.clusterIntegration.appRollout.title': 'Roll out an image to chosen smart clusters',
  'references.clusterIntegration.appRollout.body':
    'Updates the app’s deployments on every smart cluster listed in cluster_uuids.',
  'references.clusterIntegration.clusterRollout.title': 'Roll out an image to one smart cluster',
  'references.clusterIntegration.clusterRollout.body':
    'Updates the app’s deployment on the smart cluster named in the path.',
  'references.clusterIntegration.headers':
    'Both calls authenticate with the header "Authorization: ApiKey ${variable}" and name your user with "x-user-id: {userId}".',
  'references.clusterIntegration.answer':
    "A 200 answer lists the deployments now 'updating'. A 401 means the key is wrong or revoked; a 400 or 404 names what is missing, such as an app not deployed on that smart cluster.",
  'references.clusterIntegration.copy': 'Copy',
  'references.clusterIntegration.copyCommand': 'Copy the command: {example}',
  'references.clusterIntegration.copied': 'Command copied to the clipboard.',
  'references.clusterIntegration.copyFailed':
    'The command could not be copied; select it and copy it by hand.',
  'references.clusterIntegration.uuids.title': 'Where to find the UUIDs',
  'references.clusterIntegration.uuids.app':
    'App UUID: the last part of the app page address, /apps/<APP_UUID>.',
  'references.clusterIntegration.uuids.smartCluster':
    'Smart cluster UUID: in the details drawer of each smart cluster on the',
  'references.clusterIntegration.uuids.empty': 'No apps or smart clusters yet',
  'references.clusterIntegration.kind.app': 'App',
  'references.clusterIntegration.kind.smartCluster': 'Smart cluster',
  'references.clusterIntegration.column.kind': 'Kind',
  'references.clusterIntegration.column.name': 'Name',
  'references.clusterIntegration.column.uuid': 'UUID',
} as const;
