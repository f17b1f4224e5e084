import { defineTexts } from '../../shared/i18n/translate';

/** The installation admin's Users page. */
export const t = defineTexts(
  {
    'users.title': 'Users',
    'users.intro':
      'Everyone who can sign in to this Meridian. A disabled account cannot sign in and its API keys are refused; a reset password ends its sessions.',
    'users.create': 'Create user',
    'users.column.username': 'Username',
    'users.column.email': 'E-mail',
    'users.column.role': 'Role',
    'users.column.status': 'Status',
    'users.column.actions': 'Actions',
    'users.admin': 'Administrator',
    'users.user': 'User',
    'users.active': 'Active',
    'users.disabled': 'Disabled',
    'users.disable': 'Disable',
    'users.enable': 'Enable',
    'users.resetPassword': 'Reset password',
    'users.yourself': 'You cannot disable your own account',
    'users.form.username': 'Username',
    'users.form.email': 'E-mail',
    'users.form.password': 'Password',
    'users.form.newPassword': 'New password',
    'users.form.submit': 'Create',
    'users.form.reset': 'Set password',
    'users.created': 'User created',
    'users.saved': 'Saved',
    'users.resetFor': 'Reset the password of {username}',
    'users.disableConfirm': 'Disable {username}? They are signed out everywhere.',
    'users.fetchFailed': 'The users could not be loaded',
    'users.tryAgain': 'Please try again in a moment.',
  },
  () => import('./users.texts.fr-CA').then((french) => french.frCA),
);
