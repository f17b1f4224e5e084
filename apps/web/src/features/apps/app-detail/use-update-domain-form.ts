import type { Deployment } from '@meridian/domain/apps/app-api';
import { Form } from 'antd';
import { useMemo } from 'react';
import { notify } from '../../../shared/notifications/notify';
import { useVersionDomainNames } from '../api/update-domain-names';
import {
  domainNamesBody,
  domainUpdateBlocked,
  initialDomainNamesForm,
} from './update-domain.rules';
import type { DomainNamesForm, DomainScope } from './update-domain.rules';
import { useSaveDomainNames } from './use-save-domain-names';

export type UpdateDomainValues = DomainNamesForm & { scope: DomainScope };

interface UpdateDomainFormInput {
  deployment: Deployment;
  /** The version's deployments on the same smart cluster, this one included. */
  siblings: Deployment[];
  roots: string[];
  onUpdated: () => void;
}

/** The update-domain form's state: its values as they open, what is chosen, and its handlers. */
export function useUpdateDomainForm({
  deployment,
  siblings,
  roots,
  onUpdated,
}: UpdateDomainFormInput) {
  const [form] = Form.useForm<UpdateDomainValues>();
  const initial = useMemo(
    () => ({
      ...initialDomainNamesForm(deployment.domain_names, roots),
      scope: 'deployment' as const,
    }),
    [deployment.domain_names, roots],
  );
  const root = Form.useWatch('root', form) ?? initial.root;
  const scope: DomainScope = Form.useWatch('scope', form) ?? 'deployment';
  const affected = scope === 'smartCluster' ? siblings : [deployment];
  const blocked = affected.map(domainUpdateBlocked).find(Boolean) ?? null;
  const versionNames = useVersionDomainNames(
    deployment.version_uuid,
    deployment.smart_cluster_uuid,
    siblings.length > 1,
  );
  const save = useSaveDomainNames(deployment, scope, onUpdated);

  const submit = (values: DomainNamesForm) => {
    const checked = domainNamesBody({ root: values.root, names: values.names ?? [] });
    if (!checked.ok) {
      if (checked.field === 'root') form.setFields([{ name: 'root', errors: checked.errors }]);
      else notify.error(checked.errors[0]);
      return;
    }
    if (blocked) {
      notify.warning(blocked);
      return;
    }
    save.run(checked.domainNames);
  };

  // Switching scope shows the names of what the change will apply to.
  const onValuesChange = (changed: { scope?: DomainScope }) => {
    if (!changed.scope) return;
    const current =
      changed.scope === 'smartCluster'
        ? (versionNames.data ?? deployment.domain_names)
        : deployment.domain_names;
    form.setFieldsValue(initialDomainNamesForm(current, roots));
  };

  return {
    form,
    initial,
    root,
    blocked,
    versionNamesKnown: Boolean(versionNames.data),
    pending: save.pending,
    submit,
    onValuesChange,
  };
}
