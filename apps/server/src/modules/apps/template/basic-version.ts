import type { VersionBasicSettings } from '@meridian/domain/apps/app-api';
import { configurationMessages } from '@meridian/domain/apps/app-configuration';
import { parseBasicTemplateField } from '@meridian/domain/apps/app-form';
import {
  basicTemplateMessages,
  generateBasicTemplate,
  sealedValue,
  type BasicTemplateSettings,
} from '@meridian/domain/apps/basic-template';
import { ValidationError } from '../../../platform/http/errors';
import type { SecretBox } from '../../../platform/secret-box';
import { storedBasicSettings } from './basic-settings';

/** What a version stores of its template, whatever its kind (template.service adds its file name). */
export interface StoredTemplate {
  rawTemplate: string;
  registry: { url: string; username: string } | null;
  registryPasswordSealed: string | null;
  /** A Basic template's secrets, one sealed JSON object {name: value}. */
  secretsSealed: string | null;
  /** A Basic template's settings (no password, secrets by name), so a new version can start from them. */
  basicSettings: VersionBasicSettings | null;
}

/** Where a Basic version's references point: the user's saved registries, the version it is made from. */
export interface BasicSources {
  registry(
    id: string,
  ): Promise<{ url: string; username: string; passwordSealed: string } | undefined>;
  /** The version a secret's `keep` takes its value from (null: none, a keep is refused). */
  keepFrom: { name: string; secretsSealed: string | null } | null;
}

/** A version's secrets, opened: name → value. */
export function openSecrets(secrets: SecretBox, sealed: string | null): Map<string, string> {
  if (!sealed) return new Map();
  return new Map(Object.entries(JSON.parse(secrets.open(sealed)) as Record<string, string>));
}

/** Each secret's value: as sent, or kept from the version it is made from. */
function secretValues(
  box: SecretBox,
  settings: BasicTemplateSettings,
  keepFrom: BasicSources['keepFrom'],
): Record<string, string> | null {
  if (!settings.secrets?.length) return null;
  const kept = openSecrets(box, keepFrom?.secretsSealed ?? null);
  const values: Record<string, string> = {};
  for (const secret of settings.secrets) {
    const value = secret.keep ? kept.get(secret.name) : secret.value;
    if (value === undefined) {
      throw new ValidationError([
        configurationMessages.keepMissing(
          secret.name,
          keepFrom?.name ?? 'the version it is made from',
        ),
      ]);
    }
    values[secret.name] = value;
  }
  return values;
}

/** The private registry: a saved one (its sealed password copied) or the three fields typed. */
async function registryOf(
  box: SecretBox,
  settings: BasicTemplateSettings,
  sources: BasicSources,
): Promise<{ url: string; username: string; passwordSealed: string } | null> {
  if (settings.dockerRegistryUuid) {
    const saved = await sources.registry(settings.dockerRegistryUuid);
    if (!saved) throw new ValidationError([basicTemplateMessages.registryUuid]);
    return saved;
  }
  if (settings.dockerRegistryType !== 'private') return null;
  return {
    url: settings.privateDockerRegistryUrl!,
    username: settings.privateDockerRegistryUsername!,
    passwordSealed: box.seal(settings.privateDockerRegistryPassword!),
  };
}

/**
 * A Basic version from its settings JSON: the YAML generated with every secret and the registry
 * password as `<sealed>`, those values sealed apart, the settings kept without them.
 */
export async function prepareBasicTemplate(
  secrets: SecretBox,
  appName: string,
  text: string,
  sources: BasicSources,
): Promise<StoredTemplate> {
  const parsed = parseBasicTemplateField(text);
  if (!parsed.ok) throw new ValidationError(parsed.errors.map((error) => error.message));
  const registry = await registryOf(secrets, parsed.settings, sources);
  const values = secretValues(secrets, parsed.settings, sources.keepFrom);
  const settings: BasicTemplateSettings = registry
    ? {
        ...parsed.settings,
        dockerRegistryType: 'private',
        privateDockerRegistryUrl: registry.url,
        privateDockerRegistryUsername: registry.username,
      }
    : parsed.settings;
  return {
    rawTemplate: generateBasicTemplate(appName, {
      ...settings,
      privateDockerRegistryPassword: sealedValue,
    }),
    registry: registry && { url: registry.url, username: registry.username },
    registryPasswordSealed: registry?.passwordSealed ?? null,
    secretsSealed: values ? secrets.seal(JSON.stringify(values)) : null,
    basicSettings: storedBasicSettings(settings),
  };
}
