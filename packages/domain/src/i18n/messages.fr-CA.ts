/**
 * Every message the server or a form may show a reader, English (the spec's words, exactly) →
 * French (Office québécois de la langue française usage: « courriel », a space before « : »).
 * `{name}` stands for a part that varies (a name, a number); the French keeps the same names.
 */
import { validationMessages, type ValidationMessageKey } from '../validation-messages';
import { validationMessagesFrCA } from './validation-messages.fr-CA';

export const messagesFrCA: Readonly<Record<string, string>> = {
  // validation (spec "Validation rules"): the French the login form uses too.
  ...Object.fromEntries(
    Object.entries(validationMessages)
      // The budget's message ends with its amount: the template below carries it.
      .filter(([key]) => key !== 'budget')
      .map(([key, english]) => [english, validationMessagesFrCA[key as ValidationMessageKey]]),
  ),
  // budgetMessage(): the minimum comes with 2 decimals, as the English writes it.
  'Please provide a valid budget; the minimum is ${minimum}':
    'Veuillez fournir un budget valide; le minimum est de {minimum} $',
  'Please provide a valid latency; the best possible is {ms} ms':
    'Veuillez fournir une latence valide; la meilleure possible est de {ms} ms',
  // tooLongMessage() and other length limits
  'Name must be at most {max} characters': 'Le nom doit compter au plus {max} caractères',
  'Version must be at most {max} characters': 'La version doit compter au plus {max} caractères',
  'Username must be at most {max} characters':
    'Le nom d’utilisateur doit compter au plus {max} caractères',
  'Password must be at most {max} characters':
    'Le mot de passe doit compter au plus {max} caractères',
  'Password must be at least {min} characters':
    'Le mot de passe doit compter au moins {min} caractères',
  'Description must be at most {max} characters':
    'La description doit compter au plus {max} caractères',
  'The file name must be at most {max} characters':
    'Le nom du fichier doit compter au plus {max} caractères',
  'The image must be at most {max} characters': 'L’image doit compter au plus {max} caractères',
  'A registry field must be at most {max} characters':
    'Un champ du registre doit compter au plus {max} caractères',
  'Please choose en or fr-CA': 'Veuillez choisir en ou fr-CA',
  'Update subdomains failed, please retry':
    'La mise à jour des sous-domaines a échoué, veuillez réessayer',
  'The description must be text': 'La description doit être du texte',
  'The file name must be text': 'Le nom du fichier doit être du texte',

  // http (platform/http: error-handler.ts, errors.ts, json-body.ts, multipart-form.ts, authenticate.ts)
  'Validation failed': 'La validation a échoué',
  'Invalid value': 'Valeur non valide',
  'Bad request': 'Requête incorrecte',
  Unauthorized: 'Non autorisé',
  Forbidden: 'Interdit',
  'Not found': 'Introuvable',
  'Payload too large': 'Contenu trop volumineux',
  'Too many requests, please try again later': 'Trop de requêtes, veuillez réessayer plus tard',
  'Too many attempts — try again in {seconds} s.':
    'Trop de tentatives — réessayez dans {seconds} s.',
  'Too many attempts — try again in {seconds} s': 'Trop de tentatives — réessayez dans {seconds} s',
  'Request body is too large': 'Le corps de la requête est trop volumineux',
  'Request body is not valid JSON': 'Le corps de la requête n’est pas du JSON valide',
  'Request body is empty': 'Le corps de la requête est vide',
  'Unsupported content type': 'Type de contenu non pris en charge',
  'A value in the request is not valid': 'Une valeur de la requête n’est pas valide',
  'Internal server error. If it keeps happening, contact support and quote request {requestId}.':
    'Erreur interne du serveur. Si elle se répète, communiquez avec le soutien en citant la requête {requestId}.',
  'The request must be multipart/form-data': 'La requête doit être de type multipart/form-data',
  'Malformed upload: the multipart body could not be read':
    'Téléversement mal formé : le corps multipart n’a pas pu être lu',
  'Malformed upload': 'Téléversement mal formé',
  'The uploaded file must be a text file': 'Le fichier téléversé doit être un fichier texte',
  'This API key may only read; use a key with the deploy or admin scope':
    'Cette clé d’API ne peut que lire; utilisez une clé de portée deploy ou admin',
  'This API key may only read and deploy (versions, deployments, images, rollbacks); use a key with the admin scope':
    'Cette clé d’API ne peut que lire et déployer (versions, déploiements, images, retours arrière); utilisez une clé de portée admin',
  'This action requires a console session, not an API key':
    'Cette action exige une session de la console, et non une clé d’API',
  'The server is busy with other large comparisons and searches; try again in a few seconds.':
    'Le serveur est occupé par d’autres comparaisons et recherches volumineuses; réessayez dans quelques secondes.',
  'This request took the server too long; try again in a few seconds.':
    'Cette requête a pris trop de temps au serveur; réessayez dans quelques secondes.',
  'Service unavailable, please try again': 'Service non disponible, veuillez réessayer',
  'The page size (limit) must be a whole number from 1 to {max}':
    'La taille de page (limit) doit être un nombre entier de 1 à {max}',
  'The offset must be a whole number of at least 0':
    'Le décalage (offset) doit être un nombre entier d’au moins 0',
  'The search must be at most 100 characters': 'La recherche doit compter au plus 100 caractères',
  'The JSON text is empty': 'Le texte JSON est vide',
  'The JSON text is too large; the limit is {limit} KiB':
    'Le texte JSON est trop volumineux; la limite est de {limit} KiB',
  'The JSON text nests deeper than {max} levels':
    'Le texte JSON est imbriqué sur plus de {max} niveaux',
  'The JSON text is not valid': 'Le texte JSON n’est pas valide',
  'The JSON text uses a reserved key (__proto__ or constructor.prototype)':
    'Le texte JSON utilise une clé réservée (__proto__ ou constructor.prototype)',

  // auth (login, password, two-factor, API keys, users, registries, audit log)
  'Invalid username or password': 'Nom d’utilisateur ou mot de passe non valide',
  'Your current password is not correct': 'Votre mot de passe actuel n’est pas correct',
  'The new password must differ from the current one':
    'Le nouveau mot de passe doit être différent du mot de passe actuel',
  'This username is already taken': 'Ce nom d’utilisateur est déjà pris',
  'This password is one of the most common passwords, which attackers try first; choose another':
    'Ce mot de passe est l’un des plus courants, que les attaquants essaient en premier; choisissez-en un autre',
  'Username may contain letters, digits, ".", "_", "@" and "-"':
    'Le nom d’utilisateur peut contenir des lettres, des chiffres, « . », « _ », « @ » et « - »',
  'Enter your current password': 'Entrez votre mot de passe actuel',
  'Enter the code from your authenticator app':
    'Entrez le code de votre application d’authentification',
  'Two-factor authentication is already on; turn it off before setting it up again':
    'L’authentification à deux facteurs est déjà activée; désactivez-la avant de la configurer de nouveau',
  'This code is not valid: enter the code your authenticator app shows now, or an unused recovery code':
    'Ce code n’est pas valide : entrez le code que votre application d’authentification affiche maintenant, ou un code de récupération inutilisé',
  'Set up your authenticator app first': 'Configurez d’abord votre application d’authentification',
  'The password is not correct': 'Le mot de passe n’est pas correct',
  'Two-factor authentication is not on': 'L’authentification à deux facteurs n’est pas activée',
  'An API key with this name already exists': 'Une clé d’API portant ce nom existe déjà',
  'You are not a member of this organisation': 'Vous n’êtes pas membre de cette organisation',
  'The expiry must be in the future': 'L’expiration doit être dans le futur',
  'The expiry must be a date and time (ISO 8601)':
    'L’expiration doit être une date et une heure (ISO 8601)',
  'Choose an organisation you are a member of': 'Choisissez une organisation dont vous êtes membre',
  'Scopes must be a list of "read", "deploy" and "admin"':
    'Les portées doivent être une liste de « read », « deploy » et « admin »',
  'API key not found': 'Clé d’API introuvable',
  'This API key expired on {date}; create a new one on the API keys page':
    'Cette clé d’API a expiré le {date}; créez-en une nouvelle à la page Clés d’API',
  'This account is disabled; ask an administrator of this Meridian':
    'Ce compte est désactivé; adressez-vous à un administrateur de ce Meridian',
  'You cannot disable your own account': 'Vous ne pouvez pas désactiver votre propre compte',
  'User not found': 'Utilisateur introuvable',
  'Only an administrator of this Meridian can manage users':
    'Seul un administrateur de ce Meridian peut gérer les utilisateurs',
  'Please say whether the account is disabled (true or false)':
    'Veuillez indiquer si le compte est désactivé (true ou false)',
  'The registry URL must start with https://': 'L’URL du registre doit commencer par https://',
  'You already have a registry of this name': 'Vous avez déjà un registre portant ce nom',
  'Registry not found': 'Registre introuvable',
  'Save at most 50 registries': 'Enregistrez au plus 50 registres',
  'A filter must be at most 100 characters': 'Un filtre doit compter au plus 100 caractères',
  'The start (from) must be a date and time such as 2026-01-31T12:00:00Z':
    'Le début (from) doit être une date et une heure, comme 2026-01-31T12:00:00Z',
  'The end (to) must be a date and time such as 2026-01-31T12:00:00Z':
    'La fin (to) doit être une date et une heure, comme 2026-01-31T12:00:00Z',

  // organisations and invitations
  'Organisation not found': 'Organisation introuvable',
  'An organisation keeps at least one owner: make another member owner first':
    'Une organisation garde au moins un propriétaire : nommez d’abord un autre membre propriétaire',
  "Please choose a role: 'owner', 'admin', 'developer' or 'viewer'":
    "Veuillez choisir un rôle : 'owner', 'admin', 'developer' ou 'viewer'",
  'Please choose an organisation you are an admin of':
    'Veuillez choisir une organisation dont vous êtes administrateur',
  'Please choose an organisation you belong to':
    'Veuillez choisir une organisation à laquelle vous appartenez',
  'Only an admin or owner of the organisation can do this':
    'Seul un administrateur ou un propriétaire de l’organisation peut faire cela',
  'Only an owner of the organisation can do this':
    'Seul un propriétaire de l’organisation peut faire cela',
  'This needs the {needed} role or above in {organization}; your role there is {role}':
    'Cette action exige le rôle {needed} ou supérieur dans {organization}; votre rôle y est {role}',
  'This organisation already has a default smart cluster':
    'Cette organisation a déjà une grappe intelligente par défaut',
  'This app already belongs to an organisation':
    'Cette application appartient déjà à une organisation',
  'This smart cluster already belongs to an organisation':
    'Cette grappe intelligente appartient déjà à une organisation',
  "Remove what runs on this app first: an organisation's apps run only on its own smart clusters":
    'Retirez d’abord ce qui s’exécute sur cette application : les applications d’une organisation s’exécutent seulement sur ses propres grappes intelligentes',
  "Remove what runs on this smart cluster first: an organisation's apps run only on its own smart clusters":
    'Retirez d’abord ce qui s’exécute sur cette grappe intelligente : les applications d’une organisation s’exécutent seulement sur ses propres grappes intelligentes',
  'This smart cluster is shared with an organisation: delete it with DELETE /cluster/clusters/shared/{id}':
    'Cette grappe intelligente est partagée avec une organisation : supprimez-la avec DELETE /cluster/clusters/shared/{id}',
  'Member not found': 'Membre introuvable',
  'The organisation still owns {holdings}: delete or move them first':
    'L’organisation possède encore {holdings} : supprimez-les ou déplacez-les d’abord',
  'Invitation sent. If this username belongs to someone who is not a member yet, they can accept or decline it on their Organisations page within {days} days.':
    'Invitation envoyée. Si ce nom d’utilisateur appartient à une personne qui n’est pas encore membre, elle peut l’accepter ou la refuser à sa page Organisations dans les {days} jours.',
  'Invitation not found': 'Invitation introuvable',
  'You have sent {count} invitations in the last hour, the most allowed. Try again in {minutes} min.':
    'Vous avez envoyé {count} invitations au cours de la dernière heure, soit le maximum permis. Réessayez dans {minutes} min.',

  // notifications (events, notification channels)
  'Notification not found': 'Notification introuvable',
  'from and to must be whole numbers': 'from et to doivent être des nombres entiers',
  'from and to must not be negative': 'from et to ne doivent pas être négatifs',
  'from and to must be at most 1000000000': 'from et to doivent être d’au plus 1000000000',
  'to must not be less than from': 'to ne doit pas être inférieur à from',
  'A page holds at most {max} notifications': 'Une page contient au plus {max} notifications',
  'read must be true or false': 'read doit être true ou false',
  'Each uuid must be a UUID': 'Chaque uuid doit être un UUID',
  'The webhook URL must be a valid http(s) URL.':
    'L’URL du webhook doit être une URL http(s) valide.',
  'The webhook URL must use https; http is allowed only when MERIDIAN_ALLOW_PRIVATE_OUTBOUND=1 is set.':
    'L’URL du webhook doit utiliser https; http n’est permis que si MERIDIAN_ALLOW_PRIVATE_OUTBOUND=1 est défini.',
  'The e-mail address must be an e-mail address, such as ops@example.com.':
    'L’adresse courriel doit être une adresse courriel, comme ops@example.com.',
  'Events must be some of: {events}.': 'Les événements doivent faire partie de : {events}.',
  'Choose at least one event.': 'Choisissez au moins un événement.',
  'The type must be "webhook" or "email".': 'Le type doit être « webhook » ou « email ».',
  'A webhook channel needs a url; an e-mail channel needs an address.':
    'Un canal webhook exige une url; un canal de courriel exige une adresse.',
  'E-mail alerts need MERIDIAN_SMTP_URL set by the operator.':
    'Les alertes par courriel exigent que l’exploitant définisse MERIDIAN_SMTP_URL.',
  'Notification channel not found.': 'Canal de notification introuvable.',
  'An account can have at most 20 notification channels.':
    'Un compte peut avoir au plus 20 canaux de notification.',
  'Webhook not found': 'Webhook introuvable',

  // clusters (smart clusters, kubeconfig, credentials, placement)
  'Smart cluster not found': 'Grappe intelligente introuvable',
  'Shared smart cluster not found': 'Grappe intelligente partagée introuvable',
  'Cluster not found': 'Grappe introuvable',
  'No cluster of this smart cluster in that datacenter':
    'Aucune grappe de cette grappe intelligente dans ce centre de données',
  'The smart cluster is still being created':
    'La grappe intelligente est encore en cours de création',
  'The number of masters must be a whole number from {min} to {max}':
    'Le nombre de maîtres doit être un nombre entier de {min} à {max}',
  'The number of minions must be a whole number from {min} to {max}':
    'Le nombre de nœuds de travail doit être un nombre entier de {min} à {max}',
  'Choose at most {max} datacenters': 'Choisissez au plus {max} centres de données',
  'Latency must be a number of milliseconds from {min} to {max}':
    'La latence doit être un nombre de millisecondes de {min} à {max}',
  'Budget must be at most $10,000,000 per month':
    'Le budget doit être d’au plus 10 000 000 $ par mois',
  'No mix of datacenters: an external cluster cannot be combined with other datacenters':
    'Aucun mélange de centres de données : une grappe externe ne peut pas être combinée avec d’autres centres de données',
  'An external cluster requires an uploaded kubeconfig yaml':
    'Une grappe externe exige le téléversement d’un fichier kubeconfig YAML',
  'An external cluster is added by uploading its kubeconfig':
    'Une grappe externe s’ajoute en téléversant son kubeconfig',
  'Cannot edit a failed Smart Cluster.': 'Impossible de modifier une grappe intelligente en échec.',
  'A smart cluster with an external cluster cannot be updated.':
    'Une grappe intelligente comprenant une grappe externe ne peut pas être mise à jour.',
  'The smart cluster can be updated once its current operation finishes.':
    'La grappe intelligente pourra être mise à jour une fois son opération en cours terminée.',
  'The smart cluster can be deleted once its current operation finishes.':
    'La grappe intelligente pourra être supprimée une fois son opération en cours terminée.',
  'Cannot download config for a failed cluster.':
    'Impossible de télécharger la configuration d’une grappe en échec.',
  'Cluster creation is in progress; please download the config when it has finished.':
    'La création de la grappe est en cours; veuillez télécharger la configuration une fois qu’elle sera terminée.',
  'The modes must be MANUAL and/or AUTOMATIC, comma-separated':
    'Les modes doivent être MANUAL ou AUTOMATIC, ou les deux, séparés par des virgules',
  'The statuses must be statuses, comma-separated':
    'Les états doivent être des états, séparés par des virgules',
  'The datacenter must be a datacenter uuid':
    'Le centre de données doit être un uuid de centre de données',
  'Please provide a monitoring password.': 'Veuillez fournir un mot de passe de surveillance.',
  'The monitoring password must be at least {min} characters long.':
    'Le mot de passe de surveillance doit compter au moins {min} caractères.',
  'The monitoring password must be at most {max} characters long.':
    'Le mot de passe de surveillance doit compter au plus {max} caractères.',
  'The monitoring password cannot contain a NUL character.':
    'Le mot de passe de surveillance ne peut pas contenir de caractère NUL.',
  'The monitoring password cannot contain a NUL character':
    'Le mot de passe de surveillance ne peut pas contenir de caractère NUL',
  'Meridian did not issue the credentials of an external cluster: rotate them on the cluster itself, then add it again with its new kubeconfig.':
    'Meridian n’a pas émis les identifiants d’une grappe externe : renouvelez-les sur la grappe elle-même, puis ajoutez-la de nouveau avec son nouveau kubeconfig.',
  'An external cluster has no monitoring password: Meridian does not serve its monitoring page.':
    'Une grappe externe n’a pas de mot de passe de surveillance : Meridian ne sert pas sa page de surveillance.',
  'The credentials can be rotated once the smart cluster’s current operation finishes.':
    'Les identifiants pourront être renouvelés une fois l’opération en cours de la grappe intelligente terminée.',
  'None of this smart cluster’s clusters is running, so it has no credentials to rotate.':
    'Aucune grappe de cette grappe intelligente n’est en marche; elle n’a donc aucun identifiant à renouveler.',
  'This sign-in link has expired or was already used. Open Monitoring again from the console, or sign in with username admin and the monitoring password.':
    'Ce lien de connexion a expiré ou a déjà été utilisé. Ouvrez de nouveau la surveillance depuis la console, ou connectez-vous avec le nom d’utilisateur admin et le mot de passe de surveillance.',
  "Automatic placement chooses among Meridian's datacenters: an external cluster cannot be a candidate":
    'Le placement automatique choisit parmi les centres de données de Meridian : une grappe externe ne peut pas être candidate',
  'Each demand point needs a latitude from -90 to 90, a longitude from -180 to 180 and a weight from 0.000001 to 1000000000':
    'Chaque point de demande exige une latitude de -90 à 90, une longitude de -180 à 180 et un poids de 0.000001 à 1000000000',
  'Give from 1 to 500 demand points, or none to weigh the picked datacenters equally':
    'Indiquez de 1 à 500 points de demande, ou aucun pour pondérer également les centres de données choisis',
  'No choice of these datacenters brings 95 % of the demand within {latency} ms; the best these datacenters can do is {best} ms.':
    'Aucun choix parmi ces centres de données ne place 95 % de la demande à moins de {latency} ms; le mieux que ces centres de données puissent faire est {best} ms.',
  // kubeconfig checks
  'The kubeconfig is not a YAML mapping.': 'Le kubeconfig n’est pas un mappage YAML.',
  'The kubeconfig must be a single YAML document.':
    'Le kubeconfig doit être un seul document YAML.',
  'The kubeconfig has no current context.': 'Le kubeconfig n’a pas de contexte courant.',
  'The current context names a cluster the kubeconfig does not define.':
    'Le contexte courant nomme une grappe que le kubeconfig ne définit pas.',
  'The current context names a user the kubeconfig does not define.':
    'Le contexte courant nomme un utilisateur que le kubeconfig ne définit pas.',
  'The kubeconfig cluster needs a server address starting with https:// or http://.':
    'La grappe du kubeconfig exige une adresse de serveur commençant par https:// ou http://.',
  'The kubeconfig user has a client certificate without its key, or a key without its certificate.':
    'L’utilisateur du kubeconfig a un certificat client sans sa clé, ou une clé sans son certificat.',
  'The kubeconfig is not valid YAML: {detail}': 'Le kubeconfig n’est pas du YAML valide : {detail}',
  'The kubeconfig user "{user}" uses {field}, which runs programs or plugins; Meridian only accepts a token or a client certificate written in the file.':
    'L’utilisateur « {user} » du kubeconfig utilise {field}, qui exécute des programmes ou des modules d’extension; Meridian accepte seulement un jeton ou un certificat client écrit dans le fichier.',
  'The kubeconfig {where} refers to a file on disk ({field}); embed the data in the file instead.':
    'Le kubeconfig {where} renvoie à un fichier sur disque ({field}); intégrez plutôt les données dans le fichier.',
  'The kubeconfig {where} uses {field}, which Meridian does not support.':
    'Le kubeconfig {where} utilise {field}, que Meridian ne prend pas en charge.',
  'The kubeconfig {where} has an invalid {field}.':
    'Le kubeconfig {where} a un champ {field} non valide.',
  'The kubeconfig has more than {max} {list}.': 'Le kubeconfig a plus de {max} {list}.',
  'The kubeconfig has a malformed entry in {list}.':
    'Le kubeconfig a une entrée mal formée dans {list}.',
  'The kubeconfig has no {list}.': 'Le kubeconfig n’a pas de {list}.',
  'The cluster API address in the kubeconfig is not a valid URL.':
    'L’adresse de l’API de la grappe dans le kubeconfig n’est pas une URL valide.',
  // status reasons of clusters and deployments
  'Deletion failed.': 'La suppression a échoué.',
  'No kubeconfig was stored.': 'Aucun kubeconfig n’a été enregistré.',
  'No infrastructure driver "{driver}" for {location}.':
    'Aucun pilote d’infrastructure « {driver} » pour {location}.',
  'The move was given up and it stays where it was: {failure}':
    'Le déplacement a été abandonné et la grappe reste où elle était : {failure}',
  'The cluster has been deleted.': 'La grappe a été supprimée.',
  'Apps cannot be deployed on {cluster} yet: no infrastructure driver "{driver}".':
    'Les applications ne peuvent pas encore être déployées sur {cluster} : aucun pilote d’infrastructure « {driver} ».',
  'The rollout on {cluster} did not finish within 30 minutes. {detail}':
    'Le déploiement sur {cluster} ne s’est pas terminé en 30 minutes. {detail}',
  'The smart cluster was placed again: the version is carried to its new locations.':
    'La grappe intelligente a été placée de nouveau : la version est transportée vers ses nouveaux emplacements.',
  'The smart cluster moved away from these locations.':
    'La grappe intelligente a quitté ces emplacements.',
  '{location}: the creation failed after 1 attempt. Try again, or give support the reference {reference}.':
    '{location} : la création a échoué après 1 tentative. Réessayez, ou donnez au soutien la référence {reference}.',
  '{location}: the creation failed after {tries} attempts. Try again, or give support the reference {reference}.':
    '{location} : la création a échoué après {tries} tentatives. Réessayez, ou donnez au soutien la référence {reference}.',
  '{location}: the update failed after 1 attempt. Try again, or give support the reference {reference}.':
    '{location} : la mise à jour a échoué après 1 tentative. Réessayez, ou donnez au soutien la référence {reference}.',
  '{location}: the update failed after {tries} attempts. Try again, or give support the reference {reference}.':
    '{location} : la mise à jour a échoué après {tries} tentatives. Réessayez, ou donnez au soutien la référence {reference}.',
  '{location}: the deletion failed after 1 attempt. Try again, or give support the reference {reference}.':
    '{location} : la suppression a échoué après 1 tentative. Réessayez, ou donnez au soutien la référence {reference}.',
  '{location}: the deletion failed after {tries} attempts. Try again, or give support the reference {reference}.':
    '{location} : la suppression a échoué après {tries} tentatives. Réessayez, ou donnez au soutien la référence {reference}.',
  '{location}: the rollout failed after 1 attempt. Try again, or give support the reference {reference}.':
    '{location} : le déploiement a échoué après 1 tentative. Réessayez, ou donnez au soutien la référence {reference}.',
  '{location}: the rollout failed after {tries} attempts. Try again, or give support the reference {reference}.':
    '{location} : le déploiement a échoué après {tries} tentatives. Réessayez, ou donnez au soutien la référence {reference}.',
  '{location}: the removal failed after 1 attempt. Try again, or give support the reference {reference}.':
    '{location} : le retrait a échoué après 1 tentative. Réessayez, ou donnez au soutien la référence {reference}.',
  '{location}: the removal failed after {tries} attempts. Try again, or give support the reference {reference}.':
    '{location} : le retrait a échoué après {tries} tentatives. Réessayez, ou donnez au soutien la référence {reference}.',
  '{location}: the stack creation failed after 1 attempt. Try again, or give support the reference {reference}.':
    '{location} : la création de la pile a échoué après 1 tentative. Réessayez, ou donnez au soutien la référence {reference}.',
  '{location}: the stack creation failed after {tries} attempts. Try again, or give support the reference {reference}.':
    '{location} : la création de la pile a échoué après {tries} tentatives. Réessayez, ou donnez au soutien la référence {reference}.',
  '{location}: the stack deletion failed after 1 attempt. Try again, or give support the reference {reference}.':
    '{location} : la suppression de la pile a échoué après 1 tentative. Réessayez, ou donnez au soutien la référence {reference}.',
  '{location}: the stack deletion failed after {tries} attempts. Try again, or give support the reference {reference}.':
    '{location} : la suppression de la pile a échoué après {tries} tentatives. Réessayez, ou donnez au soutien la référence {reference}.',
  'The operation timed out.': 'L’opération a expiré.',
  'The cluster API at {origin} cannot be reached.':
    'L’API de la grappe à {origin} est injoignable.',
  'The cluster API at {origin} did not answer in time.':
    'L’API de la grappe à {origin} n’a pas répondu à temps.',
  "The cluster API at {origin} refused the kubeconfig's credentials (HTTP {code}).":
    'L’API de la grappe à {origin} a refusé les identifiants du kubeconfig (HTTP {code}).',
  'The cluster API at {origin} answered with an error (HTTP {code}).':
    'L’API de la grappe à {origin} a répondu par une erreur (HTTP {code}).',
  'The cluster API at {origin} did not answer like a Kubernetes API.':
    'L’API de la grappe à {origin} n’a pas répondu comme une API Kubernetes.',
  'The cluster API at {origin} presented a certificate the kubeconfig does not trust.':
    'L’API de la grappe à {origin} a présenté un certificat auquel le kubeconfig ne fait pas confiance.',

  // apps (apps, versions, templates, deployments, rollouts, logs, metrics, git sources)
  'App not found': 'Application introuvable',
  'Version not found': 'Version introuvable',
  'Deployment not found': 'Déploiement introuvable',
  'Rollout not found': 'Déploiement progressif introuvable',
  'A Heat template cannot be deployed on an external cluster':
    'Un gabarit Heat ne peut pas être déployé sur une grappe externe',
  'The smart cluster must be ready (Created) before apps are deployed on it':
    'La grappe intelligente doit être prête (Créée) avant qu’on y déploie des applications',
  'A version change is rolled out on one smart cluster at a time; deploy onto each smart cluster that runs another version of the app in a request of its own':
    'Un changement de version est déployé sur une grappe intelligente à la fois; déployez sur chaque grappe intelligente qui exécute une autre version de l’application dans une requête distincte',
  'Another version of this app runs on that smart cluster, and a Heat version cannot replace it one location at a time; remove those deployments first':
    'Une autre version de cette application s’exécute sur cette grappe intelligente, et une version Heat ne peut pas la remplacer un emplacement à la fois; retirez d’abord ces déploiements',
  'The deployment is still in progress; please wait until it has finished':
    'Le déploiement est encore en cours; veuillez attendre qu’il soit terminé',
  'Some deployments of this app are still in progress; please wait until they have finished':
    'Certains déploiements de cette application sont encore en cours; veuillez attendre qu’ils soient terminés',
  'Some deployments of this version are still in progress; please wait':
    'Certains déploiements de cette version sont encore en cours; veuillez patienter',
  'No Kubernetes deployment of this app runs on the given smart clusters':
    'Aucun déploiement Kubernetes de cette application ne s’exécute sur les grappes intelligentes indiquées',
  'Only Kubernetes deployments have an image to update':
    'Seuls les déploiements Kubernetes ont une image à mettre à jour',
  'Please provide an image or a number of replicas':
    'Veuillez fournir une image ou un nombre de répliques',
  'Please provide an image (at most {max} characters)':
    'Veuillez fournir une image (au plus {max} caractères)',
  'Replicas must be a whole number from {min} to {max}':
    'Le nombre de répliques doit être un nombre entier de {min} à {max}',
  'Name at most {max} clusters in one request': 'Nommez au plus {max} grappes par requête',
  'Name at most {max} deployments in one request': 'Nommez au plus {max} déploiements par requête',
  'An app keeps at least one version; delete the app instead':
    'Une application garde au moins une version; supprimez plutôt l’application',
  'The sort must be created or updated': 'Le tri doit être created ou updated',
  'Please choose a volume type ({types})': 'Veuillez choisir un type de volume ({types})',
  'The basic template settings must be a JSON object':
    'Les paramètres du gabarit de base doivent être un objet JSON',
  'Please provide a name or a description': 'Veuillez fournir un nom ou une description',
  'The template must be at most {max} KiB': 'Le gabarit doit faire au plus {max} KiB',
  // Basic template and configuration
  'The target port must be a whole number of at least {min}':
    'Le port cible doit être un nombre entier d’au moins {min}',
  'The port must be a whole number of at least {min}':
    'Le port doit être un nombre entier d’au moins {min}',
  'A port must be at most {max}': 'Un port doit être d’au plus {max}',
  'The registry type must be public or private': 'Le type de registre doit être public ou private',
  'dockerRegistryUuid must be the uuid of one of your saved registries':
    'dockerRegistryUuid doit être l’uuid d’un de vos registres enregistrés',
  'Each {field} name must start with a letter or an underscore and hold only letters, digits and underscores':
    'Chaque nom de {field} doit commencer par une lettre ou un trait de soulignement et ne contenir que des lettres, des chiffres et des traits de soulignement',
  '{name} is named twice in {field}': '{name} est nommé deux fois dans {field}',
  '{field} must be a list of at most {max} entries, each with a name':
    '{field} doit être une liste d’au plus {max} entrées, chacune avec un nom',
  'Each {field} value must be text of at most {max} KB':
    'Chaque valeur de {field} doit être un texte d’au plus {max} Ko',
  'Each secret needs a value, or keep: true to keep the value it has':
    'Chaque secret exige une valeur, ou keep: true pour garder sa valeur actuelle',
  'Secret {name} has no value in {version} to keep; please send its value':
    'Le secret {name} n’a aucune valeur à garder dans {version}; veuillez envoyer sa valeur',
  'from_version_uuid must name a version of this app':
    'from_version_uuid doit nommer une version de cette application',
  '{name} is both an environment variable and a secret':
    '{name} est à la fois une variable d’environnement et un secret',
  'The health check type must be http, tcp or command':
    'Le type de vérification de l’état doit être http, tcp ou command',
  'The health check path must start with / (at most 1,024 characters)':
    'Le chemin de vérification de l’état doit commencer par / (au plus 1 024 caractères)',
  'The health check port must be a whole number from 1 to {max}':
    'Le port de vérification de l’état doit être un nombre entier de 1 à {max}',
  'A command health check needs its command (a list of words)':
    'Une vérification de l’état par commande exige sa commande (une liste de mots)',
  "The health check's failureThreshold must be a whole number from 1 to {max}":
    'Le failureThreshold de la vérification de l’état doit être un nombre entier de 1 à {max}',
  "The health check's {field} must be a whole number of seconds from 0 to {max}":
    'Le {field} de la vérification de l’état doit être un nombre entier de secondes de 0 à {max}',
  'resources.{field} must be a CPU quantity such as 250m or 1.5 (greater than zero)':
    'resources.{field} doit être une quantité de CPU comme 250m ou 1.5 (supérieure à zéro)',
  'resources.{field} must be a memory quantity such as 512Mi or 2Gi (greater than zero)':
    'resources.{field} doit être une quantité de mémoire comme 512Mi ou 2Gi (supérieure à zéro)',
  'The {kind} request must not be above the {kind} limit':
    'La demande de {kind} ne doit pas dépasser la limite de {kind}',
  'Autoscaling replicas must be whole numbers from {min} to {max}':
    'Les répliques de la mise à l’échelle automatique doivent être des nombres entiers de {min} à {max}',
  'Autoscaling minReplicas must not be above maxReplicas':
    'minReplicas de la mise à l’échelle automatique ne doit pas dépasser maxReplicas',
  'Replicas must be between the autoscaling minReplicas and maxReplicas':
    'Le nombre de répliques doit être entre minReplicas et maxReplicas de la mise à l’échelle automatique',
  'The autoscaling targetCPUUtilization must be a whole number of percent from 1 to 100':
    'Le targetCPUUtilization de la mise à l’échelle automatique doit être un pourcentage entier de 1 à 100',
  'The volume size must be a storage quantity such as 1Gi (from 1Mi to 1Ti)':
    'La taille du volume doit être une quantité de stockage comme 1Gi (de 1Mi à 1Ti)',
  'The volume mountPath must be an absolute path such as /data (at most 512 characters)':
    'Le mountPath du volume doit être un chemin absolu comme /data (au plus 512 caractères)',
  'An app with a volume runs one replica (the volume is mounted by one pod at a time): set replicas to 1 and no autoscaling':
    'Une application avec un volume exécute une seule réplique (le volume est monté par un pod à la fois) : réglez replicas à 1, sans mise à l’échelle automatique',
  '{field} must be an object (see docs/app-configuration.md)':
    '{field} doit être un objet (voir docs/app-configuration.md)',
  'Each {field} entry must be an object with a name and a value':
    'Chaque entrée de {field} doit être un objet avec un nom et une valeur',
  '{field} must be a list of at most {max} words of text':
    '{field} doit être une liste d’au plus {max} mots de texte',
  'Please provide the settings of the new version (the Basic settings as an object)':
    'Veuillez fournir les paramètres de la nouvelle version (les paramètres Basic sous forme d’objet)',
  'Only a version made with the Basic form has a configuration to edit; upload a new version instead':
    'Seule une version créée avec le formulaire Basic a une configuration à modifier; téléversez plutôt une nouvelle version',
  // rollouts and rollbacks
  'Please provide the version to roll back to (version_uuid)':
    'Veuillez fournir la version à laquelle revenir (version_uuid)',
  'That version belongs to another app; a rollback deploys a version of the same app':
    'Cette version appartient à une autre application; un retour arrière déploie une version de la même application',
  'That version is already the one running on this smart cluster':
    'Cette version est déjà celle qui s’exécute sur cette grappe intelligente',
  'Only Kubernetes versions can be rolled out progressively':
    'Seules les versions Kubernetes peuvent faire l’objet d’un déploiement progressif',
  'The bake time must be a whole number of seconds from 0 to 86400':
    'Le temps d’observation doit être un nombre entier de secondes de 0 à 86400',
  'The error margin must be a number from 0 to 1': 'La marge d’erreur doit être un nombre de 0 à 1',
  'Only a paused rollout can be resumed':
    'Seul un déploiement progressif en pause peut être repris',
  'Only a running rollout can be paused':
    'Seul un déploiement progressif en cours peut être mis en pause',
  'This rollout has finished; nothing is left to pause, resume or abort':
    'Ce déploiement progressif est terminé; il ne reste rien à mettre en pause, à reprendre ou à annuler',
  'A rollout of {version} is already in progress on {smartCluster}; pause, resume or abort it first (rollout {rollout})':
    'Un déploiement progressif de {version} est déjà en cours sur {smartCluster}; mettez-le en pause, reprenez-le ou annulez-le d’abord (déploiement progressif {rollout})',
  'limit must be a whole number from 1 to 50': 'limit doit être un nombre entier de 1 à 50',
  'The version being rolled out was deleted.':
    'La version en cours de déploiement a été supprimée.',
  'The deployment is gone.': 'Le déploiement n’existe plus.',
  'The rollout halted before this location.':
    'Le déploiement progressif s’est arrêté avant cet emplacement.',
  'Every location runs the version rolled out.': 'Chaque emplacement exécute la version déployée.',
  'Every location runs the new version, {version}.':
    'Chaque emplacement exécute la nouvelle version, {version}.',
  'Every location is back on {version}.': 'Chaque emplacement est revenu à {version}.',
  'Step {step} of {steps}: {location}.': 'Étape {step} sur {steps} : {location}.',
  'Aborted by {actor}; every location it reached goes back.':
    'Annulé par {actor}; chaque emplacement atteint revient en arrière.',
  // history, diffs, logs and metrics
  'The version filter must be a version uuid': 'Le filtre de version doit être un uuid de version',
  'The location filter must be at most 100 characters':
    'Le filtre d’emplacement doit compter au plus 100 caractères',
  'Both versions must belong to the same app to be compared':
    'Les deux versions doivent appartenir à la même application pour être comparées',
  'tail must be a whole number from 1 to 5000': 'tail doit être un nombre entier de 1 à 5000',
  'Only Kubernetes deployments have pod logs':
    'Seuls les déploiements Kubernetes ont des journaux de pods',
  '"{location}" is not a location of this deployment\'s version on its smart cluster':
    '« {location} » n’est pas un emplacement de la version de ce déploiement sur sa grappe intelligente',
  'The logs of {location} cannot be read right now: its cluster API did not answer. Try again shortly.':
    'Les journaux de {location} ne peuvent pas être lus pour le moment : l’API de sa grappe n’a pas répondu. Réessayez sous peu.',
  'You are already following 5 logs here; stop one first':
    'Vous suivez déjà 5 journaux ici; arrêtez-en un d’abord',
  'Sign in on this connection first': 'Connectez-vous d’abord sur cette connexion',
  'Say which deployment to follow (deployment_uuid)':
    'Indiquez le déploiement à suivre (deployment_uuid)',
  'The start of the range (from) must be a date and time in ISO 8601, e.g. 2026-01-31T12:00:00Z':
    'Le début de la plage (from) doit être une date et une heure au format ISO 8601, p. ex. 2026-01-31T12:00:00Z',
  'The end of the range (to) must be a date and time in ISO 8601, e.g. 2026-01-31T13:00:00Z':
    'La fin de la plage (to) doit être une date et une heure au format ISO 8601, p. ex. 2026-01-31T13:00:00Z',
  'The step must be a whole number of seconds from {min} to {max}':
    'Le pas doit être un nombre entier de secondes de {min} à {max}',
  'The start of the range (from) must be before its end (to)':
    'Le début de la plage (from) doit précéder sa fin (to)',
  'The range may span at most {hours} hours: metrics are kept that long':
    'La plage peut couvrir au plus {hours} heures : les métriques sont conservées aussi longtemps',
  'That step gives more than {max} points; choose a larger step or a shorter range':
    'Ce pas donne plus de {max} points; choisissez un pas plus grand ou une plage plus courte',
  // git sources and previews
  'Choose GitHub or GitLab': 'Choisissez GitHub ou GitLab',
  'Enter the repository as owner/name (e.g. acme/shop)':
    'Entrez le dépôt sous la forme owner/name (p. ex. acme/shop)',
  'Enter the branch to deploy (e.g. main)': 'Entrez la branche à déployer (p. ex. main)',
  'Enter the image to deploy; {sha}, {short_sha} and {branch} are filled from the commit':
    'Entrez l’image à déployer; {sha}, {short_sha} et {branch} sont remplis à partir du commit',
  'Choose at least one smart cluster to deploy pushes to':
    'Choisissez au moins une grappe intelligente où déployer les poussées',
  'Choose the smart cluster previews are deployed on':
    'Choisissez la grappe intelligente où les aperçus sont déployés',
  'No git source is connected to this app': 'Aucune source git n’est connectée à cette application',
  'This app already has a git source; change or remove it first':
    'Cette application a déjà une source git; modifiez-la ou retirez-la d’abord',
  'The webhook signature is missing or wrong': 'La signature du webhook est absente ou erronée',
  'Meridian does not act on this event': 'Meridian ne donne pas suite à cet événement',
  'This delivery was already handled': 'Cette livraison a déjà été traitée',
  'Delivery handled': 'Livraison traitée',
  'A push can only be deployed on an app whose newest version is a Basic one':
    'Une poussée ne peut être déployée que sur une application dont la version la plus récente est de type Basic',
  'Delivery accepted; it takes effect once the change under way is done':
    'Livraison acceptée; elle prendra effet une fois le changement en cours terminé',
  // templates (YAML, Kubernetes, Heat)
  'The file is empty': 'Le fichier est vide',
  'The file is too large; the limit is {limit} KiB':
    'Le fichier est trop volumineux; la limite est de {limit} KiB',
  'The file nests its content too deeply': 'Le fichier imbrique son contenu trop profondément',
  'The file closes more brackets than it opens':
    'Le fichier ferme plus de crochets qu’il n’en ouvre',
  'The file has more than {max} documents': 'Le fichier contient plus de {max} documents',
  'Document {number}: uses too many YAML aliases': 'Document {number} : utilise trop d’alias YAML',
  'Document {number}: uses a list or a mapping as a key, which is not supported':
    'Document {number} : utilise une liste ou un mappage comme clé, ce qui n’est pas pris en charge',
  'Document {number}: has the key {key} twice in one mapping':
    'Document {number} : contient la clé {key} deux fois dans un même mappage',
  'Document {number}: uses a YAML merge key (<<), which is not supported':
    'Document {number} : utilise une clé de fusion YAML (<<), ce qui n’est pas pris en charge',
  'Document {number}: uses YAML anchors or aliases (& or *), which are not allowed here':
    'Document {number} : utilise des ancres ou des alias YAML (& ou *), qui ne sont pas permis ici',
  'Document {number}: is not a mapping (expected a Kubernetes object)':
    'Document {number} : n’est pas un mappage (un objet Kubernetes est attendu)',
  'Document {number}: apiVersion is missing': 'Document {number} : apiVersion est absent',
  'Document {number}: kind is missing': 'Document {number} : kind est absent',
  'Document {number}: metadata.name is missing': 'Document {number} : metadata.name est absent',
  'Document {number}: kind {kind} is not one Meridian deploys; an app may hold {kinds}':
    'Document {number} : le kind {kind} n’est pas de ceux que Meridian déploie; une application peut contenir {kinds}',
  'The file is not valid YAML: {detail}': 'Le fichier n’est pas du YAML valide : {detail}',
  '{from} and {to} are too different to show line by line.':
    '{from} et {to} sont trop différentes pour être affichées ligne par ligne.',
  'The kubeconfig uses too many YAML aliases.': 'Le kubeconfig utilise trop d’alias YAML.',
  'The kubeconfig nests its content too deeply':
    'Le kubeconfig imbrique son contenu trop profondément',
  'The kubeconfig is empty': 'Le kubeconfig est vide',
  'The Heat template must be a single YAML document':
    'Le gabarit Heat doit être un seul document YAML',
  'The Heat template must be a YAML mapping': 'Le gabarit Heat doit être un mappage YAML',
  'The Heat template needs heat_template_version': 'Le gabarit Heat exige heat_template_version',
  'The Heat template needs a parameters section': 'Le gabarit Heat exige une section parameters',
  'The Heat template needs the parameter {name}': 'Le gabarit Heat exige le paramètre {name}',
  'The Heat template must declare parameter "{name}" as a mapping with a type':
    'Le gabarit Heat doit déclarer le paramètre « {name} » comme un mappage avec un type',
  'The Heat template needs a value for parameter "{name}", and it has no default.':
    'Le gabarit Heat exige une valeur pour le paramètre « {name} », qui n’a pas de valeur par défaut.',
  'The Heat template allows parameter "{name}" only {allowed}, not {value}.':
    'Le gabarit Heat permet pour le paramètre « {name} » seulement {allowed}, et non {value}.',
  'The Heat template needs a number for parameter "{name}", not {value}.':
    'Le gabarit Heat exige un nombre pour le paramètre « {name} », et non {value}.',
  'The Heat template needs parameter "{name}" to be from {min} to {max} characters long.':
    'Le gabarit Heat exige que le paramètre « {name} » compte de {min} à {max} caractères.',
  'The Heat template needs parameter "{name}" to be at least {min} characters long.':
    'Le gabarit Heat exige que le paramètre « {name} » compte au moins {min} caractères.',
  'The Heat template needs parameter "{name}" to be at most {max} characters long.':
    'Le gabarit Heat exige que le paramètre « {name} » compte au plus {max} caractères.',
  'The Heat template needs parameter "{name}" to be from {min} to {max}, not {value}.':
    'Le gabarit Heat exige que le paramètre « {name} » soit de {min} à {max}, et non {value}.',
  'The Heat template needs parameter "{name}" to be at least {min}, not {value}.':
    'Le gabarit Heat exige que le paramètre « {name} » soit d’au moins {min}, et non {value}.',
  'The Heat template needs parameter "{name}" to be at most {max}, not {value}.':
    'Le gabarit Heat exige que le paramètre « {name} » soit d’au plus {max}, et non {value}.',
  'Meridian does not deploy {kinds}: an app may hold {allowed}.':
    'Meridian ne déploie pas {kinds} : une application peut contenir {allowed}.',

  // domains (domains, DNS records, zone files, claims, certificates)
  'Domain not found': 'Domaine introuvable',
  'Record not found': 'Enregistrement introuvable',
  'The domain is still being created; please wait':
    'Le domaine est encore en cours de création; veuillez patienter',
  'No deployment of this version on that smart cluster':
    'Aucun déploiement de cette version sur cette grappe intelligente',
  'A host is letters, digits and hyphens, separated by dots':
    'Un hôte est formé de lettres, de chiffres et de traits d’union, séparés par des points',
  'The TTL must be a whole number of at least {min}':
    'Le TTL doit être un nombre entier d’au moins {min}',
  'Please provide a valid IPv4 address': 'Veuillez fournir une adresse IPv4 valide',
  'Please provide a valid IPv6 address': 'Veuillez fournir une adresse IPv6 valide',
  'The MX priority must be a whole number of at least {min}':
    'La priorité MX doit être un nombre entier d’au moins {min}',
  'An MX value is a priority and a host separated by a space, e.g. "10 mail.example.ca"':
    'Une valeur MX est une priorité et un hôte séparés par une espace, p. ex. « 10 mail.example.ca »',
  'A TXT value must be at most {max} characters':
    'Une valeur TXT doit compter au plus {max} caractères',
  'A value must be at most {max} characters': 'Une valeur doit compter au plus {max} caractères',
  'A name must be at most {max} characters': 'Un nom doit compter au plus {max} caractères',
  'Each part of a name between dots must be at most {max} characters':
    'Chaque partie d’un nom entre les points doit compter au plus {max} caractères',
  'The type of a record cannot change; delete it and create another':
    'Le type d’un enregistrement ne peut pas changer; supprimez-le et créez-en un autre',
  'A CNAME cannot share its name with other records':
    'Un CNAME ne peut pas partager son nom avec d’autres enregistrements',
  'The domain itself cannot be a CNAME': 'Le domaine lui-même ne peut pas être un CNAME',
  'This domain is already added': 'Ce domaine est déjà ajouté',
  'Domain names cannot change while the deployment is pending':
    'Les noms de domaine ne peuvent pas changer pendant que le déploiement est en cours',
  'Domain names can be set once the deployment has succeeded':
    'Les noms de domaine peuvent être définis une fois le déploiement réussi',
  'The deployment has no load-balancer address to point domain names at':
    'Le déploiement n’a pas d’adresse d’équilibreur de charge vers laquelle pointer les noms de domaine',
  'Give the deployment a domain name before enabling HTTPS':
    'Donnez un nom de domaine au déploiement avant d’activer HTTPS',
  'This domain is inside a domain another account manages; ask its owner to add the records there':
    'Ce domaine se trouve dans un domaine géré par un autre compte; demandez à son propriétaire d’y ajouter les enregistrements',
  'This domain contains a domain another account manages, so it cannot be added here':
    'Ce domaine contient un domaine géré par un autre compte; il ne peut donc pas être ajouté ici',
  'release_names is true or false': 'release_names est true ou false',
  'At most 20 domain names per deployment': 'Au plus 20 noms de domaine par déploiement',
  "The domain's own name servers are Meridian's; NS records delegate names under it":
    'Les serveurs de noms du domaine lui-même sont ceux de Meridian; les enregistrements NS délèguent les noms sous celui-ci',
  '{domain} is a public suffix: add a name registered under it, such as example.{suffix}.':
    '{domain} est un suffixe public : ajoutez un nom enregistré sous celui-ci, comme example.{suffix}.',
  'No certificate was issued: {names} and {more} more are not under a domain this account holds (a public suffix such as co.uk does not count).':
    'Aucun certificat n’a été émis : {names} et {more} autres ne sont pas sous un domaine que ce compte détient (un suffixe public comme co.uk ne compte pas).',
  'No certificate was issued: {names} are not under a domain this account holds (a public suffix such as co.uk does not count).':
    'Aucun certificat n’a été émis : {names} ne sont pas sous un domaine que ce compte détient (un suffixe public comme co.uk ne compte pas).',
  'No certificate was issued: {name} is not under a domain this account holds (a public suffix such as co.uk does not count).':
    'Aucun certificat n’a été émis : {name} n’est pas sous un domaine que ce compte détient (un suffixe public comme co.uk ne compte pas).',
  'No certificate for this deployment': 'Aucun certificat pour ce déploiement',
  'The certificate is not issued yet': 'Le certificat n’est pas encore émis',
  'No account holds {domain}: add it as a new domain instead of claiming it':
    'Aucun compte ne détient {domain} : ajoutez-le comme nouveau domaine au lieu de le revendiquer',
  'This domain is already yours': 'Ce domaine vous appartient déjà',
  'No TXT record was found at {name}: publish a TXT record "{value}" there at the domain\'s current DNS host, then verify again':
    'Aucun enregistrement TXT n’a été trouvé à {name} : publiez-y un enregistrement TXT « {value} » chez l’hébergeur DNS actuel du domaine, puis vérifiez de nouveau',
  'The TXT record found does not match at {name}: publish a TXT record "{value}" there at the domain\'s current DNS host, then verify again':
    'L’enregistrement TXT trouvé à {name} ne correspond pas : publiez-y un enregistrement TXT « {value} » chez l’hébergeur DNS actuel du domaine, puis vérifiez de nouveau',
  'The TXT record at {name} could not be looked up ({reason}); try again in a minute':
    'L’enregistrement TXT à {name} n’a pas pu être consulté ({reason}); réessayez dans une minute',
  'Another account proved control of this domain through DNS and now holds it':
    'Un autre compte a prouvé qu’il contrôle ce domaine au moyen du DNS et le détient maintenant',
  // zone files
  'The zone file was not imported': 'Le fichier de zone n’a pas été importé',
  'The zone file must be at most {max} KiB': 'Le fichier de zone doit faire au plus {max} KiB',
  'The zone file must have at most {max} lines':
    'Le fichier de zone doit compter au plus {max} lignes',
  'A zone file may hold at most {max} records':
    'Un fichier de zone peut contenir au plus {max} enregistrements',
  'Send the zone file as `text` (or a `file` upload) and mode replace or merge':
    'Envoyez le fichier de zone comme `text` (ou en téléversant un `file`) avec le mode replace ou merge',
  'Line {line}: a quoted text is not closed':
    'Ligne {line} : un texte entre guillemets n’est pas fermé',
  'Line {line}: unbalanced parentheses': 'Ligne {line} : parenthèses non équilibrées',
  'Line {line}: a parenthesis is not closed': 'Ligne {line} : une parenthèse n’est pas fermée',
  'Line {line}: $ORIGIN {origin} is outside {apex}':
    'Ligne {line} : $ORIGIN {origin} est à l’extérieur de {apex}',
  'Line {line}: {keyword} is not supported; paste the records instead':
    'Ligne {line} : {keyword} n’est pas pris en charge; collez plutôt les enregistrements',
  'Line {line}: {name} is not a directive Meridian reads':
    'Ligne {line} : {name} n’est pas une directive que Meridian lit',
  'Line {line}: the first record must name its owner':
    'Ligne {line} : le premier enregistrement doit nommer son propriétaire',
  'Line {line}: only class IN is served': 'Ligne {line} : seule la classe IN est servie',
  'Line {line}: the record has no type': 'Ligne {line} : l’enregistrement n’a pas de type',
  'Line {line}: a {type} record takes {count} value(s), not {given}':
    'Ligne {line} : un enregistrement {type} prend {count} valeur(s), et non {given}',
  'Line {line}: a TXT record needs a value':
    'Ligne {line} : un enregistrement TXT exige une valeur',
  'Line {line}: type {type} is not supported ({types})':
    'Ligne {line} : le type {type} n’est pas pris en charge ({types})',
  'Line {line}: A host is letters, digits and hyphens, separated by dots':
    'Ligne {line} : un hôte est formé de lettres, de chiffres et de traits d’union, séparés par des points',
  'Line {line}: the TTL is out of range': 'Ligne {line} : le TTL est hors limites',
  'Line {line}: The domain itself cannot be a CNAME':
    'Ligne {line} : le domaine lui-même ne peut pas être un CNAME',
  'Line {line}: A CNAME cannot share its name with other records':
    'Ligne {line} : un CNAME ne peut pas partager son nom avec d’autres enregistrements',
  'Line {line}: A name must be at most {max} characters':
    'Ligne {line} : un nom doit compter au plus {max} caractères',
  'Line {line}: Each part of a name between dots must be at most {max} characters':
    'Ligne {line} : chaque partie d’un nom entre les points doit compter au plus {max} caractères',
  'Line {line}: Please provide a valid IPv4 address':
    'Ligne {line} : veuillez fournir une adresse IPv4 valide',
  'Line {line}: Please provide a valid IPv6 address':
    'Ligne {line} : veuillez fournir une adresse IPv6 valide',
  'Line {line}: A TXT value must be at most {max} characters':
    'Ligne {line} : une valeur TXT doit compter au plus {max} caractères',
  'Line {line}: A value must be at most {max} characters':
    'Ligne {line} : une valeur doit compter au plus {max} caractères',
  'Line {line}: {owner} is outside {apex}': 'Ligne {line} : {owner} est à l’extérieur de {apex}',

  // status reasons of domains and certificates
  'DNS could not be published: {error}': 'Le DNS n’a pas pu être publié : {error}',
  "Meridian's DNS at {server} does not answer {name} TXT":
    'Le DNS de Meridian à {server} ne répond pas à {name} TXT',
  'The certificate for {names} expires in 1 day ({date}) and its renewal keeps failing: {error}':
    'Le certificat de {names} expire dans 1 jour ({date}) et son renouvellement échoue toujours : {error}',
  'The certificate for {names} expires in {days} days ({date}) and its renewal keeps failing: {error}':
    'Le certificat de {names} expire dans {days} jours ({date}) et son renouvellement échoue toujours : {error}',

  // outbound addresses refused (webhooks of notification channels, cluster APIs of kubeconfigs);
  // the "which {host} resolves to" forms come first, the plain ones would match them too.
  'The webhook address {address}, which {host} resolves to, is a link-local or cloud metadata address, which Meridian never connects to.':
    'L’adresse du webhook {address}, obtenue par la résolution de {host}, est une adresse lien-local ou de métadonnées infonuagiques, à laquelle Meridian ne se connecte jamais.',
  'The webhook address {address}, which {host} resolves to, is a loopback address; Meridian connects to private or loopback addresses only when {switch} is set.':
    'L’adresse du webhook {address}, obtenue par la résolution de {host}, est une adresse de bouclage; Meridian se connecte à des adresses privées ou de bouclage seulement si {switch} est défini.',
  'The webhook address {address}, which {host} resolves to, is in a private network; Meridian connects to private or loopback addresses only when {switch} is set.':
    'L’adresse du webhook {address}, obtenue par la résolution de {host}, est dans un réseau privé; Meridian se connecte à des adresses privées ou de bouclage seulement si {switch} est défini.',
  'The webhook address {address}, which {host} resolves to, is an unspecified address (0.0.0.0/8 or ::); Meridian connects to such addresses only when {switch} is set.':
    'L’adresse du webhook {address}, obtenue par la résolution de {host}, est une adresse non spécifiée (0.0.0.0/8 ou ::); Meridian se connecte à de telles adresses seulement si {switch} est défini.',
  'The webhook address {address}, which {host} resolves to, is a multicast, broadcast or reserved address; Meridian connects to such addresses only when {switch} is set.':
    'L’adresse du webhook {address}, obtenue par la résolution de {host}, est une adresse de multidiffusion, de diffusion ou réservée; Meridian se connecte à de telles adresses seulement si {switch} est défini.',
  'The webhook address {address} is a link-local or cloud metadata address, which Meridian never connects to.':
    'L’adresse du webhook {address} est une adresse lien-local ou de métadonnées infonuagiques, à laquelle Meridian ne se connecte jamais.',
  'The webhook address {address} is a loopback address; Meridian connects to private or loopback addresses only when {switch} is set.':
    'L’adresse du webhook {address} est une adresse de bouclage; Meridian se connecte à des adresses privées ou de bouclage seulement si {switch} est défini.',
  'The webhook address {address} is in a private network; Meridian connects to private or loopback addresses only when {switch} is set.':
    'L’adresse du webhook {address} est dans un réseau privé; Meridian se connecte à des adresses privées ou de bouclage seulement si {switch} est défini.',
  'The webhook address {address} is an unspecified address (0.0.0.0/8 or ::); Meridian connects to such addresses only when {switch} is set.':
    'L’adresse du webhook {address} est une adresse non spécifiée (0.0.0.0/8 ou ::); Meridian se connecte à de telles adresses seulement si {switch} est défini.',
  'The webhook address {address} is a multicast, broadcast or reserved address; Meridian connects to such addresses only when {switch} is set.':
    'L’adresse du webhook {address} est une adresse de multidiffusion, de diffusion ou réservée; Meridian se connecte à de telles adresses seulement si {switch} est défini.',
  'The webhook host {host} is a cloud metadata service, which Meridian never connects to.':
    'L’hôte du webhook {host} est un service de métadonnées infonuagiques, auquel Meridian ne se connecte jamais.',
  'The webhook host {host} did not resolve in time; try again, or check the webhook URL.':
    'L’hôte du webhook {host} n’a pas été résolu à temps; réessayez, ou vérifiez l’URL du webhook.',
  'The webhook host {host} cannot be resolved to an address; check the webhook URL.':
    'L’hôte du webhook {host} ne peut pas être résolu en adresse; vérifiez l’URL du webhook.',
  'The cluster API address {address}, which {host} resolves to, is a link-local or cloud metadata address, which Meridian never connects to.':
    'L’adresse de l’API de la grappe {address}, obtenue par la résolution de {host}, est une adresse lien-local ou de métadonnées infonuagiques, à laquelle Meridian ne se connecte jamais.',
  'The cluster API address {address}, which {host} resolves to, is a loopback address; Meridian connects to private or loopback addresses only when {switch} is set.':
    'L’adresse de l’API de la grappe {address}, obtenue par la résolution de {host}, est une adresse de bouclage; Meridian se connecte à des adresses privées ou de bouclage seulement si {switch} est défini.',
  'The cluster API address {address}, which {host} resolves to, is in a private network; Meridian connects to private or loopback addresses only when {switch} is set.':
    'L’adresse de l’API de la grappe {address}, obtenue par la résolution de {host}, est dans un réseau privé; Meridian se connecte à des adresses privées ou de bouclage seulement si {switch} est défini.',
  'The cluster API address {address}, which {host} resolves to, is an unspecified address (0.0.0.0/8 or ::); Meridian connects to such addresses only when {switch} is set.':
    'L’adresse de l’API de la grappe {address}, obtenue par la résolution de {host}, est une adresse non spécifiée (0.0.0.0/8 ou ::); Meridian se connecte à de telles adresses seulement si {switch} est défini.',
  'The cluster API address {address}, which {host} resolves to, is a multicast, broadcast or reserved address; Meridian connects to such addresses only when {switch} is set.':
    'L’adresse de l’API de la grappe {address}, obtenue par la résolution de {host}, est une adresse de multidiffusion, de diffusion ou réservée; Meridian se connecte à de telles adresses seulement si {switch} est défini.',
  'The cluster API address {address} is a link-local or cloud metadata address, which Meridian never connects to.':
    'L’adresse de l’API de la grappe {address} est une adresse lien-local ou de métadonnées infonuagiques, à laquelle Meridian ne se connecte jamais.',
  'The cluster API address {address} is a loopback address; Meridian connects to private or loopback addresses only when {switch} is set.':
    'L’adresse de l’API de la grappe {address} est une adresse de bouclage; Meridian se connecte à des adresses privées ou de bouclage seulement si {switch} est défini.',
  'The cluster API address {address} is in a private network; Meridian connects to private or loopback addresses only when {switch} is set.':
    'L’adresse de l’API de la grappe {address} est dans un réseau privé; Meridian se connecte à des adresses privées ou de bouclage seulement si {switch} est défini.',
  'The cluster API address {address} is an unspecified address (0.0.0.0/8 or ::); Meridian connects to such addresses only when {switch} is set.':
    'L’adresse de l’API de la grappe {address} est une adresse non spécifiée (0.0.0.0/8 ou ::); Meridian se connecte à de telles adresses seulement si {switch} est défini.',
  'The cluster API address {address} is a multicast, broadcast or reserved address; Meridian connects to such addresses only when {switch} is set.':
    'L’adresse de l’API de la grappe {address} est une adresse de multidiffusion, de diffusion ou réservée; Meridian se connecte à de telles adresses seulement si {switch} est défini.',
  'The cluster API host {host} is a cloud metadata service, which Meridian never connects to.':
    'L’hôte de l’API de la grappe {host} est un service de métadonnées infonuagiques, auquel Meridian ne se connecte jamais.',
  'The cluster API host {host} did not resolve in time; try again, or check the server address in the kubeconfig.':
    'L’hôte de l’API de la grappe {host} n’a pas été résolu à temps; réessayez, ou vérifiez l’adresse du serveur dans le kubeconfig.',
  'The cluster API host {host} cannot be resolved to an address; check the server address in the kubeconfig.':
    'L’hôte de l’API de la grappe {host} ne peut pas être résolu en adresse; vérifiez l’adresse du serveur dans le kubeconfig.',

  // billing
  'The monthly budget must be a number of CAD above 0 and at most 1,000,000.':
    'Le budget mensuel doit être un nombre de CAD supérieur à 0 et d’au plus 1 000 000.',
  'Thresholds must be 1 to 5 whole percentages from 1 to 1000, ascending and without repeats.':
    'Les seuils doivent être de 1 à 5 pourcentages entiers de 1 à 1000, en ordre croissant et sans répétition.',
  'Month must read YYYY-MM, from 2000-01 to 2999-12':
    'Le mois doit s’écrire YYYY-MM, de 2000-01 à 2999-12',
};
