import type { Datacenter } from '@meridian/domain/clusters/datacenter';
import type { PlacementPreviewInput } from '@meridian/domain/clusters/placement-api';
import type { FlavorKey } from '@meridian/domain/flavors';
import { Form, type FormInstance } from 'antd';
import { ApiError } from '../../../shared/api/api-error';
import { usePlacementPreview } from '../api/preview-placement';
import { budgetError, isExternalChoice } from '../form-rules';
import type { ClusterFormValues } from './cluster-form-values';
import { PlacementPreview } from './placement-preview';

interface AutomaticPreviewProps {
  form: FormInstance<ClusterFormValues>;
  datacenters: readonly Datacenter[];
  /** The spec's minimum budget for the picked candidates (it covers every one of them). */
  minimum: number;
  size: { cluster_size?: FlavorKey; master_count?: number | null; minion_count?: number | null };
}

/**
 * The preview's question, once the form holds one the server can answer. The budget never moves
 * the placement, so it is asked only when it passes the minimum: below it, the placement is still
 * shown, with the budget message beside it (`budgetShort`).
 */
function previewBody(
  values: Partial<ClusterFormValues>,
  size: AutomaticPreviewProps['size'],
  minimum: number,
): PlacementPreviewInput | null {
  const { datacenters, latency, budget } = values;
  if (!datacenters?.length || isExternalChoice(datacenters) || !size.cluster_size) return null;
  if (typeof latency !== 'number' || latency < 0) return null;
  return {
    datacenters,
    latency,
    ...(typeof budget === 'number' && !budgetError(budget, minimum) ? { budget } : {}),
    cluster_size: size.cluster_size,
    master_count: size.master_count ?? 1,
    minion_count: size.minion_count ?? 1,
  };
}

/** The AUTOMATIC form's live preview, asked as the user types (architecture "Placement"). */
export function AutomaticPreview({ form, datacenters, minimum, size }: AutomaticPreviewProps) {
  const values = Form.useWatch([], form) ?? {};
  const body = previewBody(values, size, minimum);
  const preview = usePlacementPreview(body);
  const candidates = datacenters.filter((dc) => body?.datacenters.includes(dc.uuid));
  const budget = typeof values.budget === 'number' ? values.budget : undefined;
  const error =
    preview.error instanceof ApiError
      ? (preview.error.errors[0] ?? preview.error.message)
      : preview.error
        ? preview.error.message
        : null;
  return (
    <PlacementPreview
      preview={body ? preview.data : undefined}
      loading={preview.isFetching}
      error={body ? error : null}
      budgetShort={budget === undefined ? null : budgetError(budget, minimum)}
      latency={body?.latency ?? 0}
      budget={budget}
      candidates={candidates}
      onUseBestLatency={(latency) => {
        form.setFieldValue('latency', latency);
        void form.validateFields(['latency']);
      }}
    />
  );
}
