/** The keypair dialog's texts in Canadian French (docs/i18n.md). */
export const frCA = {
  'keypair.title': "Confirmez qu'il s'agit bien de vous",
  'keypair.intro': 'Entrez de nouveau vos identifiants pour télécharger votre paire de clés.',
  'keypair.submit': 'Télécharger la paire de clés',
  'keypair.privateKeyFailed': "Impossible d'obtenir la clé privée.",
  'keypair.publicKeyFailed': "Impossible d'obtenir la clé publique.",
  'keypair.downloaded': 'Paire de clés téléchargée.',
  'keypair.downloadedDescription': 'Gardez id_ed25519 privée; ne partagez que id_ed25519.pub.',
  'keypair.wrongCredentials':
    "Nom d'utilisateur ou mot de passe erroné. Veuillez les vérifier et réessayer.",
  'keypair.tooManyAttempts':
    'Trop de tentatives. Veuillez patienter quelques minutes et réessayer.',
};
