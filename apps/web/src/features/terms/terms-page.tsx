import { Card, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { useApp } from '../../shared/api/apps-list';
import { PageHeader } from '../../shared/components/page-header';
import type { TextKey } from './terms.texts';
import { t } from './terms.texts';
import styles from './terms-page.module.css';

const sections: { title: TextKey; body: TextKey }[] = [
  { title: 'terms.service.title', body: 'terms.service.body' },
  { title: 'terms.content.title', body: 'terms.content.body' },
  { title: 'terms.billing.title', body: 'terms.billing.body' },
  { title: 'terms.keys.title', body: 'terms.keys.body' },
  { title: 'terms.availability.title', body: 'terms.availability.body' },
  { title: 'terms.ending.title', body: 'terms.ending.body' },
];

/** /terms-of-services and /apps/:appId/terms-of-service. */
export function TermsPage() {
  const { appId } = useParams();
  const app = useApp(appId);
  // The app's name once read; its id until then (or if it is not the user's).
  const appName = app.data?.name ?? appId;
  return (
    <>
      <PageHeader title={t('terms.title')} description={t('terms.intro')} />
      <Card variant="borderless" className={styles.card}>
        {appId ? (
          <Typography.Paragraph type="secondary" data-testid="terms-app">
            {t('terms.app', { appName: appName ?? '' })}{' '}
            <Link to={`/apps/${appId}`}>{t('terms.backToApp')}</Link>
          </Typography.Paragraph>
        ) : null}
        {sections.map(({ title, body }) => (
          <section key={title}>
            <Typography.Title level={2} className={styles.heading}>
              {t(title)}
            </Typography.Title>
            <Typography.Paragraph>{t(body)}</Typography.Paragraph>
          </section>
        ))}
        <Typography.Paragraph type="secondary">
          {t('terms.questions')} <Link to="/support">{t('terms.support')}</Link>
        </Typography.Paragraph>
      </Card>
    </>
  );
}
