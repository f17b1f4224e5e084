/** The reader's theme choice (issue 40): the system's by default, or light or dark for good. */
export type ColorSchemeChoice = 'system' | 'light' | 'dark';
export type ColorScheme = 'light' | 'dark';

const storageKey = 'meridian.theme';
const choices: readonly ColorSchemeChoice[] = ['system', 'light', 'dark'];

function storedChoice(): ColorSchemeChoice {
  try {
    const stored = window.localStorage.getItem(storageKey);
    return choices.find((choice) => choice === stored) ?? 'system';
  } catch {
    return 'system';
  }
}

const systemDark =
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-color-scheme: dark)')
    : undefined;
let choice: ColorSchemeChoice = typeof window === 'undefined' ? 'system' : storedChoice();
const listeners = new Set<() => void>();

export function colorSchemeChoice(): ColorSchemeChoice {
  return choice;
}

/** The theme shown now: the choice, or the system's when the choice is 'system'. */
export function colorScheme(): ColorScheme {
  if (choice !== 'system') return choice;
  return systemDark?.matches ? 'dark' : 'light';
}

/** `data-theme` on <html> switches every CSS variable of global.css at once. */
function apply(): void {
  if (typeof document === 'undefined') return;
  document.documentElement.dataset.theme = colorScheme();
  for (const listener of listeners) listener();
}

export function chooseColorScheme(next: ColorSchemeChoice): void {
  choice = next;
  try {
    window.localStorage.setItem(storageKey, next);
  } catch {
    // Not remembered; it still applies to this page.
  }
  apply();
}

/** The next choice of the account menu's theme entry: system → light → dark → system. */
export function nextColorSchemeChoice(): ColorSchemeChoice {
  return choices[(choices.indexOf(choice) + 1) % choices.length]!;
}

export function subscribeColorScheme(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

systemDark?.addEventListener('change', () => {
  if (choice === 'system') apply();
});
// Another tab's choice is followed here.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== storageKey) return;
    choice = choices.find((known) => known === event.newValue) ?? 'system';
    apply();
  });
}
apply();
