import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { t } from '../../shared/i18n/translate';
import styles from './not-found-page.module.css';

/** /404: every unknown path lands here. */
export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      className={styles.result}
      title={<h1 className={styles.title}>{t('notFound.title')}</h1>}
      subTitle={t('notFound.subtitle')}
      extra={
        <Button type="primary" onClick={() => void navigate('/home')}>
          {t('notFound.back')}
        </Button>
      }
    />
  );
}
