import type { PreviewNames } from '../../apps/apps.public';
import { enableHttps } from '../certificate/certificate.service';
import type { DomainContext } from '../domain-context';
import { activeDomains } from '../domain/domain.records';

/**
 * The domains side of previews' names (issue 39), the port the apps context declares: which
 * domain a preview is named under, and its certificate as `https_enable` issues any.
 */
export function previewNamesOf(context: DomainContext): PreviewNames {
  return {
    async domainName(userId, domainId) {
      const domains = await activeDomains(context.db, userId);
      return domains.find((row) => row.id === domainId)?.domainName ?? null;
    },
    async secure(userId, deploymentId) {
      await enableHttps(context, userId, deploymentId);
    },
  };
}
