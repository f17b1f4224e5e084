import { and, count, desc, eq } from 'drizzle-orm';
import {
  registriesMax,
  registryMessages,
  type CreateRegistryInput,
  type Registry,
  type RegistryList,
} from '@meridian/domain/auth/registry';
import type { Database } from '../../../platform/db/database';
import type { SealedColumn } from '../../../platform/secret-rotation';
import { registries } from '../../../platform/db/schema/accounts';
import { ConflictError, NotFoundError } from '../../../platform/http/errors';
import type { AccountContext } from '../account-context';

type RegistryRow = typeof registries.$inferSelect;

function toRegistry(row: RegistryRow): Registry {
  return {
    uuid: row.id,
    name: row.name,
    url: row.url,
    username: row.username,
    created_at: row.createdAt.toISOString(),
  };
}

/** `GET /auth/registries`: the user's saved registries, newest first, never a password. */
export async function listRegistries(
  context: Pick<AccountContext, 'db'>,
  userId: string,
): Promise<RegistryList> {
  const rows = await context.db
    .select()
    .from(registries)
    .where(eq(registries.userId, userId))
    .orderBy(desc(registries.createdAt), desc(registries.id));
  return { registries: rows.map(toRegistry) };
}

/** `POST /auth/registries`: the password is sealed before it is stored. */
export async function createRegistry(
  context: Pick<AccountContext, 'db' | 'secrets'>,
  userId: string,
  input: CreateRegistryInput,
): Promise<Registry> {
  const [held] = await context.db
    .select({ n: count() })
    .from(registries)
    .where(eq(registries.userId, userId));
  if ((held?.n ?? 0) >= registriesMax) throw new ConflictError(registryMessages.tooMany);
  const [row] = await context.db
    .insert(registries)
    .values({
      userId,
      name: input.name,
      url: input.url,
      username: input.username,
      passwordSealed: context.secrets.seal(input.password),
    })
    .onConflictDoNothing({ target: [registries.userId, registries.name] })
    .returning();
  if (!row) throw new ConflictError(registryMessages.duplicateName);
  return toRegistry(row);
}

/** `DELETE /auth/registries/{id}`: versions made with it keep their own sealed copy. */
export async function deleteRegistry(
  context: Pick<AccountContext, 'db'>,
  userId: string,
  registryId: string,
): Promise<void> {
  const deleted = await context.db
    .delete(registries)
    .where(and(eq(registries.id, registryId), eq(registries.userId, userId)))
    .returning({ id: registries.id });
  if (deleted.length === 0) throw new NotFoundError(registryMessages.notFound);
}

/** A saved registry of the user's with its sealed password, for a Basic version to copy. */
export async function ownRegistryCredentials(
  db: Database,
  userId: string,
  registryId: string,
): Promise<{ url: string; username: string; passwordSealed: string } | undefined> {
  const [row] = await db
    .select({
      url: registries.url,
      username: registries.username,
      passwordSealed: registries.passwordSealed,
    })
    .from(registries)
    .where(and(eq(registries.id, registryId), eq(registries.userId, userId)));
  return row;
}

/** The sealed values of the registries table: their passwords. */
export const registrySealedColumns: SealedColumn[] = [
  {
    label: 'saved registry passwords',
    table: registries,
    id: registries.id,
    sealed: registries.passwordSealed,
  },
];
