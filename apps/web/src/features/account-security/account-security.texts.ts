import { defineTexts } from '../../shared/i18n/translate';

/** The account security dialog's texts. They load with the feature, not with the first page. */
export const t = defineTexts(
  {
    'security.title': 'Password and two-factor authentication',
    'security.tab.password': 'Password',
    'security.tab.twoFactor': 'Two-factor authentication',
    'security.password.current': 'Current password',
    'security.password.new': 'New password',
    'security.password.confirm': 'New password again',
    'security.password.mismatch': 'The two new passwords differ',
    'security.password.submit': 'Change password',
    'security.password.changed': 'Password changed.',
    'security.password.changedDescription': 'Your other sessions have been signed out.',
    'security.password.failed': 'Cannot change your password.',
    'security.password.intro':
      'Changing your password signs out every other browser and tab signed in as you; this one stays.',
    'security.twoFactor.off':
      'Two-factor authentication is off. Turn it on to ask for a code from an authenticator app (Google Authenticator, 1Password, Authy…) at each login.',
    'security.twoFactor.on': 'Two-factor authentication is on: each login asks for a code.',
    'security.twoFactor.setUp': 'Set up two-factor authentication',
    'security.twoFactor.qrLabel': 'QR code of your authenticator secret',
    'security.twoFactor.scan':
      'Scan this QR code with your authenticator app, or type the secret below into it, then enter the code it shows.',
    'security.twoFactor.secret': 'Secret',
    'security.twoFactor.copySecret': 'Copy secret',
    'security.twoFactor.secretCopied': 'Secret copied to the clipboard.',
    'security.twoFactor.code': 'Code from the app',
    'security.twoFactor.codeOrRecovery': 'Code from the app, or a recovery code',
    'security.twoFactor.enable': 'Turn on',
    'security.twoFactor.disable': 'Turn off two-factor authentication',
    'security.twoFactor.password': 'Password',
    'security.twoFactor.failed': 'Cannot change two-factor authentication.',
    'security.twoFactor.disabled': 'Two-factor authentication is off.',
    'security.recovery.title': 'Save your recovery codes',
    'security.recovery.notice':
      'Each code logs you in once if you lose your phone. They are shown this once: copy or download them now.',
    'security.recovery.copy': 'Copy codes',
    'security.recovery.copied': 'Recovery codes copied to the clipboard.',
    'security.recovery.download': 'Download',
    'security.recovery.done': 'I have saved them',
    'security.copyFailed': 'Cannot copy; select the text and copy it by hand.',
  },
  () => import('./account-security.texts.fr-CA').then((french) => french.frCA),
);
