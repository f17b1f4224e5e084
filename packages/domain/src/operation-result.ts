// zod/mini: the console's first page reads these shapes (docs/frontend-performance.md).
import { z } from 'zod/mini';

/** What an action with nothing else to say answers, e.g. logout and `DELETE /apps/{id}`. */
export const statusResultSchema = z.object({ status: z.literal('success') });

export type StatusResult = z.infer<typeof statusResultSchema>;
