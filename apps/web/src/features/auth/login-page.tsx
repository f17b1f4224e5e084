import type { LoginInput } from '@meridian/domain/auth/login';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useSelector } from 'react-redux';
import { Logo } from '../../shared/components/logo';
import { t, validationText } from '../../shared/i18n/translate';
import { useLogin, type LoginFailure } from './api/login';
import { LoginField } from './login-field';
import styles from './login-page.module.css';
import { selectLoginPending } from './session.slice';

// The messages' keys, worded at render: a switch of language (or French arriving) rewords them.
type FieldErrors = Partial<Record<keyof LoginInput, 'username' | 'password'>>;

/** Spec "Validation rules", Login: both fields required (a username of spaces is none). */
function loginFieldErrors({ username, password }: LoginInput): FieldErrors {
  return {
    ...(username.trim() ? {} : { username: 'username' as const }),
    ...(password ? {} : { password: 'password' as const }),
  };
}

function formValues(form: HTMLFormElement): LoginInput {
  const data = new FormData(form);
  const code = data.get('code');
  return {
    username: String(data.get('username') ?? ''),
    password: String(data.get('password') ?? ''),
    ...(typeof code === 'string' ? { code } : {}),
  };
}

/**
 * /login: the product's front door, over the world map. A plain form, not antd's: the first page
 * a visitor loads carries no component library (docs/frontend-performance.md).
 */
export function LoginPage() {
  const login = useLogin();
  const isPending = useSelector(selectLoginPending);
  const [errors, setErrors] = useState<FieldErrors>({});
  // Under the form, not a toast: it must not outlive the page once the next attempt succeeds.
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  // Shown once the server says the password was right and two-factor authentication is on.
  const [askCode, setAskCode] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    const found = loginFieldErrors(values);
    setErrors(found);
    if (found.username || found.password) return;
    setFailure(null);
    void login(values).then((outcome) => {
      // The first ask is said by the code field appearing; a refused code is said under the form.
      const firstAsk = outcome?.codeRequired && !askCode;
      if (outcome?.codeRequired) setAskCode(true);
      setFailure(firstAsk ? null : outcome);
    });
  };
  // Once a field was called out, its message follows what the user types.
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    if (!errors.username && !errors.password) return;
    const found = loginFieldErrors(formValues(event.currentTarget));
    setErrors((shown) => ({
      ...(shown.username ? { username: found.username } : {}),
      ...(shown.password ? { password: found.password } : {}),
    }));
  };

  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="login-heading">
        <div className={styles.brand}>
          <Logo size={56} />
          <h1 id="login-heading" className={styles.product}>
            {t('product.name')}
          </h1>
          <p className={styles.tagline}>{t('product.tagline')}</p>
        </div>
        <form
          name="login"
          noValidate
          onSubmit={onSubmit}
          onChange={onChange}
          className={styles.form}
        >
          <fieldset disabled={isPending} className={styles.fields}>
            <LoginField
              name="username"
              label={t('login.username')}
              error={errors.username && validationText(errors.username)}
              autoFocus
            />
            <LoginField
              name="password"
              label={t('login.password')}
              error={errors.password && validationText(errors.password)}
            />
            {askCode ? (
              <LoginField
                name="code"
                label={t('login.code')}
                hint={t('login.codeHint')}
                autoFocus
              />
            ) : null}
            <button type="submit" className={styles.submit} aria-busy={isPending || undefined}>
              {isPending ? <span className={styles.spinner} aria-hidden="true" /> : null}
              {t('login.submit')}
            </button>
          </fieldset>
        </form>
        {failure ? (
          <div role="alert" className={styles.failure} data-testid="login-failure">
            <strong>{failure.title}</strong>
            {failure.description ? <span>{failure.description}</span> : null}
          </div>
        ) : null}
        <p className={styles.footer}>{t('login.footer')}</p>
      </section>
    </main>
  );
}
