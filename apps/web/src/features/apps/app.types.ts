import type { BasicTemplateSettings } from '@meridian/domain/apps/basic-template';
import type { FlavorKey } from '@meridian/domain/flavors';
import type { VolumeType } from '@meridian/domain/limits';

/** The apps API's own shapes (spec "Entities and their fields"): one contract for the server and the console. */
export type { App, Deployment, Version } from '@meridian/domain/apps/app-api';

/**
 * What a new app or version is built from (spec "The calls it makes"): Basic settings are sent as JSON, the other
 * kinds as the uploaded file; only Heat carries a flavor and a volume type.
 */
export type TemplateSource =
  | { type: 'KUBERNETES_BASIC'; settings: BasicTemplateSettings }
  | { type: 'KUBERNETES_ADVANCED'; file: File }
  | { type: 'HEAT'; file: File; flavor: FlavorKey; volumeType: VolumeType };

/** The top-level template tabs of the creation drawers. */
export type TemplateFamily = 'kubernetes' | 'heat';

export type KubeType = 'KUBERNETES_BASIC' | 'KUBERNETES_ADVANCED';

/** Sort keys of the app list (spec "States and transitions"): newest first by creation or by last update. */
export const appSortKeys = ['created', 'updated'] as const;
export type AppSortKey = (typeof appSortKeys)[number];
