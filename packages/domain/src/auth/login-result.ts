// zod/mini: the console's login page reads this answer, and classic zod would triple its script.
import { z } from 'zod/mini';

/** What a successful login returns, stored by the console as the login state's data. */
export const loginResultSchema = z.object({
  userId: z.string(),
  userEmail: z.string(),
  token: z.string(),
});

export type LoginResult = z.infer<typeof loginResultSchema>;
