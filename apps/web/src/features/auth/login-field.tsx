import { useState } from 'react';
import { t } from '../../shared/i18n/translate';
import styles from './login-page.module.css';

interface LoginFieldProps {
  name: 'username' | 'password' | 'code';
  label: string;
  error?: string;
  /** Shown under the field while it has no error. */
  hint?: string;
  autoFocus?: boolean;
}

// Outline glyphs of a person and a padlock, drawn here rather than pulled from an icon library.
const glyphs = {
  username: 'M8 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm-5.5 6.5c.4-2.6 2.7-4.5 5.5-4.5s5.1 1.9 5.5 4.5',
  password: 'M4 7V5a4 4 0 0 1 8 0v2M3 7h10v7H3zM8 10v1.5',
  code: 'M5 1.5h6v13H5zM7 12.5h2',
};

function Glyph({ path }: { path: string }) {
  return (
    <svg className={styles.glyph} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d={path} />
    </svg>
  );
}

/** A labelled login input with its icon, its message under it, and a show/hide for the password. */
export function LoginField({ name, label, error, hint, autoFocus }: LoginFieldProps) {
  const [revealed, setRevealed] = useState(false);
  const id = `login-${name}`;
  const isPassword = name === 'password';

  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <span className={[styles.control, error ? styles.invalid : ''].join(' ')}>
        <Glyph path={glyphs[name]} />
        <input
          id={id}
          name={name}
          type={isPassword && !revealed ? 'password' : 'text'}
          autoComplete={
            { password: 'current-password', username: 'username', code: 'one-time-code' }[name]
          }
          autoFocus={autoFocus}
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={styles.input}
        />
        {isPassword ? (
          <button
            type="button"
            className={styles.reveal}
            // Named by its visible word only: a name holding "password" would also answer to
            // the field's label, for assistive technology and for tests alike.
            aria-pressed={revealed}
            aria-controls={id}
            onClick={() => setRevealed((shown) => !shown)}
          >
            {revealed ? t('login.hide') : t('login.show')}
          </button>
        ) : null}
      </span>
      <div
        id={`${id}-error`}
        className={[styles.error, error ? '' : styles.hint].join(' ')}
        role={error ? 'alert' : undefined}
      >
        {error ?? hint}
      </div>
    </div>
  );
}
