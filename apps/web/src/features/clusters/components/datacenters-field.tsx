import { validationText } from '../../../shared/i18n/translate';
import type { Datacenter } from '@meridian/domain/clusters/datacenter';
import { externalDatacenterUuid } from '@meridian/domain/clusters/datacenter';
import { clusterMessages, smartClusterCreateSchema } from '@meridian/domain/clusters/smart-cluster';
import { Form, Select } from 'antd';
import type { FormInstance } from 'antd';
import { t } from '../clusters.texts';
import { isExternalChoice } from '../form-rules';
import { zodRule } from '../../../shared/lib/zod-rule';
import type { ClusterFormValues } from './cluster-form-values';

/** With the external entry always offered, as 'External cluster'. */
function datacenterOptions(datacenters: readonly Datacenter[]) {
  const options = datacenters
    .filter((datacenter) => datacenter.uuid !== externalDatacenterUuid)
    .map((datacenter) => ({
      value: datacenter.uuid,
      label: datacenter.country
        ? `${datacenter.location}, ${datacenter.country}`
        : datacenter.location,
    }));
  return [...options, { value: externalDatacenterUuid, label: t('clusters.form.external') }];
}

interface DatacentersFieldProps {
  form: FormInstance<ClusterFormValues>;
  datacenters: readonly Datacenter[];
  loading: boolean;
  /** The datacenters picked so far, as the form holds them. */
  chosen: string[] | undefined;
  /** AUTOMATIC picks among candidates; MANUAL deploys to each one. */
  automatic: boolean;
  updating: boolean;
}

/** The cluster form's datacenters: a multi-select, the external cluster alone or not at all. */
export function DatacentersField({
  form,
  datacenters,
  loading,
  chosen,
  automatic,
  updating,
}: DatacentersFieldProps) {
  return (
    <Form.Item
      name="datacenters"
      label={t(automatic ? 'clusters.form.candidates' : 'clusters.form.datacenters')}
      rules={[
        zodRule(smartClusterCreateSchema.shape.datacenters),
        {
          validator: (_rule, value: string[] | undefined) =>
            value && value.includes(externalDatacenterUuid) && value.length > 1
              ? Promise.reject(new Error(clusterMessages.noMixOfDatacenters))
              : Promise.resolve(),
        },
      ]}
      extra={chosen && chosen.length === 0 ? validationText('noDatacenters') : undefined}
    >
      <Select
        mode="multiple"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        loading={loading}
        placeholder={t('clusters.form.datacentersPlaceholder')}
        options={datacenterOptions(datacenters).filter(
          (option) => !updating || option.value !== externalDatacenterUuid,
        )}
        aria-label={t('clusters.form.datacenters')}
        onChange={(value: string[]) => {
          // An external cluster is always manual (automatic is disabled for it).
          if (isExternalChoice(value)) form.setFieldValue('mode', 'MANUAL');
        }}
      />
    </Form.Item>
  );
}
