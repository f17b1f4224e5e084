import { defineTexts } from '../../shared/i18n/translate';

/** The keypair dialog's texts. They load with the feature, not with the console's first page. */
export const t = defineTexts(
  {
    // Keypair dialog.
    'keypair.title': "Verify that it's you",
    'keypair.intro': 'Enter your credentials again to download your keypair.',
    'keypair.submit': 'Download keypair',
    'keypair.privateKeyFailed': 'Cannot get private key.',
    'keypair.publicKeyFailed': 'Cannot get public key.',
    'keypair.downloaded': 'Keypair downloaded.',
    'keypair.downloadedDescription': 'Keep id_ed25519 private; share only id_ed25519.pub.',
    'keypair.wrongCredentials': 'Wrong username or password. Please check them and try again.',
    'keypair.tooManyAttempts': 'Too many attempts. Please wait a few minutes and try again.',
  },
  () => import('./keypair.texts.fr-CA').then((french) => french.frCA),
);
