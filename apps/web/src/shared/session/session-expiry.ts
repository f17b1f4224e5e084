/** Where a visitor without a session goes. */
export const LOGIN_PATH = '/login';

let onSessionExpired: () => void = () => {
  window.location.assign(LOGIN_PATH);
};

/**
 * What to do after a 401 outside /login, once the stored user is gone and the user told:
 * the app clears the session state and routes to /login.
 */
export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler;
}

export function sessionExpired(): void {
  onSessionExpired();
}
