import type { ValidationMessageKey } from '../validation-messages';

/**
 * Spec "Validation rules" in Canadian French: small and separate from the server's catalogue, so
 * the login form's two messages do not bring every other message to /login.
 */
export const validationMessagesFrCA: { readonly [Key in ValidationMessageKey]: string } = {
  required: 'Veuillez fournir une valeur pour ce champ',
  name: 'Veuillez fournir un nom',
  version: 'Veuillez fournir une version',
  versionSelect: 'Veuillez choisir une version',
  email: 'Ce courriel n’est pas valide',
  domain: 'Ce domaine n’est pas valide',
  smartClusterAppDomains: 'Veuillez entrer au moins un domaine valide',
  apps: 'Cherchez ou choisissez des applications',
  deployments: 'Veuillez choisir un déploiement',
  datacenter: 'Veuillez choisir un centre de données',
  cluster: 'Veuillez choisir une grappe',
  templateType: 'Veuillez indiquer le type de votre gabarit',
  templateFile: 'Veuillez fournir un fichier',
  latency: 'Veuillez fournir une latence valide',
  flavor: 'Veuillez choisir le format voulu',
  mode: 'Veuillez choisir un mode',
  datacenterCount: 'Veuillez choisir au moins un centre de données',
  noDatacenters: 'Aucun centre de données n’est choisi',
  rootDomain: 'Vous devez choisir un domaine racine',
  // The amount follows in French (`budgetMessage`): « de 123,45 $ ».
  budget: 'Veuillez fournir un budget valide; le minimum est de {minimum}',
  username: 'Veuillez entrer un nom d’utilisateur',
  password: 'Veuillez entrer un mot de passe',
};
