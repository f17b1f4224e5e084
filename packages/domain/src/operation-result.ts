import { z } from 'zod';

/** What an action with nothing else to say answers, e.g. logout and `DELETE /apps/{id}`. */
export const statusResultSchema = z.object({ status: z.literal('success') });

export type StatusResult = z.infer<typeof statusResultSchema>;
