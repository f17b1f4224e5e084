import { useParams } from 'react-router';
import { PageHeader } from '../../shared/components/page-header';
import { t } from '../../shared/i18n/translate';

/** `{smartClusterId}&{smartClusterName}` as one path segment (spec §2). */
export function parseSmartClusterRef(ref: string | undefined) {
  if (!ref) return null;
  const separator = ref.indexOf('&');
  if (separator < 0) return { smartClusterId: ref, smartClusterName: ref };
  return {
    smartClusterId: ref.slice(0, separator),
    smartClusterName: ref.slice(separator + 1) || ref.slice(0, separator),
  };
}

/** /references/nameservers(/:ref): where to point a domain. */
export function NameserversPage() {
  const cluster = parseSmartClusterRef(useParams().ref);
  return (
    <PageHeader
      title={t('references.nameservers.title')}
      description={
        <>
          {t('references.nameservers.intro')}
          {cluster ? (
            <>
              {' '}
              {t('references.nameservers.cluster', {
                smartClusterName: cluster.smartClusterName,
              })}
            </>
          ) : null}
        </>
      }
    />
  );
}
