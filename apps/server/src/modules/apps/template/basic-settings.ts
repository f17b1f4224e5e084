import { findDeployment, parseKubernetesManifests } from '@meridian/domain/apps/advanced-template';
import type { VersionBasicSettings } from '@meridian/domain/apps/app-api';
import type { BasicTemplateSettings } from '@meridian/domain/apps/basic-template';
import { z } from 'zod';

/**
 * The Basic settings a version keeps beside the YAML made from them, so a new version can start
 * from every field of the one it is made from. The registry password and the secrets' values are
 * sealed apart, never here: a secret reads `{name, set: true}`.
 */
export function storedBasicSettings(settings: BasicTemplateSettings): VersionBasicSettings {
  const { privateDockerRegistryPassword: _password, secrets, ...rest } = settings;
  const stored: VersionBasicSettings = {
    ...rest,
    ...(secrets?.length
      ? { secrets: secrets.map(({ name }) => ({ name, set: true as const })) }
      : {}),
  };
  if (settings.dockerRegistryType === 'private') return stored;
  delete stored.privateDockerRegistryUrl;
  delete stored.privateDockerRegistryUsername;
  return stored;
}

// The parts of the generated Deployment and Service (generateBasicTemplate) the settings fill.
const generatedDeployment = z.object({
  spec: z.object({
    replicas: z.number(),
    template: z.object({
      spec: z.object({
        containers: z
          .array(
            z.object({
              image: z.string(),
              ports: z.array(z.object({ containerPort: z.number() })).min(1),
            }),
          )
          .min(1),
      }),
    }),
  }),
});
const generatedService = z.object({
  spec: z.object({ ports: z.array(z.object({ port: z.number() })).min(1) }),
});

/**
 * The settings of a Basic version made before they were kept (migration 0024), read back from
 * the YAML Meridian generated from them; null if that YAML is not the generator's.
 */
export function basicSettingsFromTemplate(
  rawTemplate: string,
  registry: { url: string; username: string } | null,
): VersionBasicSettings | null {
  const parsed = parseKubernetesManifests(rawTemplate);
  if (!parsed.ok) return null;
  const deployment = generatedDeployment.safeParse(findDeployment(parsed.documents));
  const service = generatedService.safeParse(
    parsed.documents.find((document) => document.kind === 'Service'),
  );
  if (!deployment.success || !service.success) return null;
  const container = deployment.data.spec.template.spec.containers[0]!;
  const settings: VersionBasicSettings = {
    deploymentImage: container.image,
    deploymentReplicas: deployment.data.spec.replicas,
    deploymentTargetPort: container.ports[0]!.containerPort,
    deploymentPort: service.data.spec.ports[0]!.port,
    dockerRegistryType: registry ? 'private' : 'public',
  };
  if (!registry) return settings;
  return {
    ...settings,
    privateDockerRegistryUrl: registry.url,
    privateDockerRegistryUsername: registry.username,
  };
}
