import { Card, Typography } from 'antd';
import { useParams } from 'react-router';
import { PageHeader } from '../../shared/components/page-header';
import { t } from '../../shared/i18n/translate';

/** /terms-of-services and /apps/:appId/terms-of-service. */
export function TermsPage() {
  const { appId } = useParams();
  return (
    <>
      <PageHeader title={t('terms.title')} description={t('terms.intro')} />
      {appId ? (
        <Card variant="borderless">
          <Typography.Paragraph>{t('terms.app', { appId })}</Typography.Paragraph>
        </Card>
      ) : null}
    </>
  );
}
