// The domains context's public face (docs/architecture.md): the only file of it that other
// contexts (and the composition root) import.
import { count, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { domains } from '../../platform/db/schema/domains';

/** How many domains an account owns (an organisation is deleted only when it owns none). */
export async function domainCount(db: Database, accountId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(domains)
    .where(eq(domains.userId, accountId));
  return row?.value ?? 0;
}
