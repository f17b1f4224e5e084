import { LockOutlined, UserOutlined } from '@ant-design/icons';
import type { LoginInput } from '@meridian/domain/auth/login';
import { validationMessages } from '@meridian/domain/validation-messages';
import { Button, Form, Input } from 'antd';
import { useSelector } from 'react-redux';
import { Logo } from '../../shared/components/logo';
import { t } from '../../shared/i18n/translate';
import { useLogin } from './api/login';
import styles from './login-page.module.css';
import { selectLoginPending } from './session.slice';

/** /login: the product's front door, over the world map. */
export function LoginPage() {
  const login = useLogin();
  const isPending = useSelector(selectLoginPending);

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
        <Form<LoginInput>
          name="login"
          layout="vertical"
          requiredMark={false}
          onFinish={login}
          disabled={isPending}
          className={styles.form}
        >
          <Form.Item
            label={t('login.username')}
            name="username"
            rules={[{ required: true, whitespace: true, message: validationMessages.username }]}
          >
            <Input
              size="large"
              autoComplete="username"
              autoFocus
              prefix={<UserOutlined aria-hidden className={styles.fieldIcon} />}
            />
          </Form.Item>
          <Form.Item
            label={t('login.password')}
            name="password"
            rules={[{ required: true, message: validationMessages.password }]}
          >
            <Input.Password
              size="large"
              autoComplete="current-password"
              prefix={<LockOutlined aria-hidden className={styles.fieldIcon} />}
            />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            size="large"
            block
            loading={isPending}
            className={styles.submit}
          >
            {t('login.submit')}
          </Button>
        </Form>
        <p className={styles.footer}>{t('login.footer')}</p>
      </section>
    </main>
  );
}
