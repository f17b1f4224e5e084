/** The account security dialog's texts in Canadian French (docs/i18n.md). */
export const frCA = {
  'security.title': 'Mot de passe et authentification à deux facteurs',
  'security.tab.password': 'Mot de passe',
  'security.tab.twoFactor': 'Authentification à deux facteurs',
  'security.password.current': 'Mot de passe actuel',
  'security.password.new': 'Nouveau mot de passe',
  'security.password.confirm': 'Nouveau mot de passe (confirmation)',
  'security.password.mismatch': 'Les deux nouveaux mots de passe diffèrent',
  'security.password.submit': 'Changer le mot de passe',
  'security.password.changed': 'Mot de passe changé.',
  'security.password.changedDescription': 'Vos autres sessions ont été fermées.',
  'security.password.failed': 'Impossible de changer votre mot de passe.',
  'security.password.intro':
    'Changer votre mot de passe déconnecte tous les autres navigateurs et onglets connectés à votre nom; celui-ci reste connecté.',
  'security.twoFactor.off':
    "L'authentification à deux facteurs est désactivée. Activez-la pour qu'un code d'une application d'authentification (Google Authenticator, 1Password, Authy…) soit demandé à chaque connexion.",
  'security.twoFactor.on':
    "L'authentification à deux facteurs est activée : chaque connexion demande un code.",
  'security.twoFactor.setUp': "Configurer l'authentification à deux facteurs",
  'security.twoFactor.qrLabel': "Code QR du secret de votre application d'authentification",
  'security.twoFactor.scan':
    "Balayez ce code QR avec votre application d'authentification, ou saisissez-y le secret ci-dessous, puis entrez le code qu'elle affiche.",
  'security.twoFactor.secret': 'Secret',
  'security.twoFactor.copySecret': 'Copier le secret',
  'security.twoFactor.secretCopied': 'Secret copié dans le presse-papiers.',
  'security.twoFactor.code': "Code de l'application",
  'security.twoFactor.codeOrRecovery': "Code de l'application ou code de récupération",
  'security.twoFactor.enable': 'Activer',
  'security.twoFactor.disable': "Désactiver l'authentification à deux facteurs",
  'security.twoFactor.password': 'Mot de passe',
  'security.twoFactor.failed': "Impossible de modifier l'authentification à deux facteurs.",
  'security.twoFactor.disabled': "L'authentification à deux facteurs est désactivée.",
  'security.recovery.title': 'Conservez vos codes de récupération',
  'security.recovery.notice':
    "Chaque code vous connecte une seule fois si vous perdez votre téléphone. Ils ne sont affichés qu'une fois : copiez-les ou téléchargez-les maintenant.",
  'security.recovery.copy': 'Copier les codes',
  'security.recovery.copied': 'Codes de récupération copiés dans le presse-papiers.',
  'security.recovery.download': 'Télécharger',
  'security.recovery.done': 'Je les ai conservés',
  'security.copyFailed': 'Impossible de copier; sélectionnez le texte et copiez-le manuellement.',
};
