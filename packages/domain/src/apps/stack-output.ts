import { z } from 'zod';

// Apart from heat-stack.ts: the console reads this shape on every page, the YAML parser it
// does not need there stays out of its bundle.

/** One output of a created Heat stack, as its deployment shows it (`stack_outputs`). */
export const stackOutputSchema = z.object({
  name: z.string(),
  /** Heat's value as text (lists and maps as JSON); null when Heat could not resolve it. */
  value: z.string().nullable(),
  description: z.string().nullable(),
});

export type StackOutput = z.infer<typeof stackOutputSchema>;

/** One parameter a Heat stack was created with (`stack_parameters`); hidden values masked. */
export const stackParameterSchema = z.object({
  name: z.string(),
  value: z.string(),
});

export type StackParameter = z.infer<typeof stackParameterSchema>;
