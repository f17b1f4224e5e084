import { tooDifferentMessage } from '@meridian/domain/apps/app-history';
import { formatPatch, structuredPatch } from 'diff';
import { cpuTask } from '../../../platform/cpu-pool';

/**
 * How far a diff is worked out. Myers' diff takes time with the square of the lines changed:
 * 8,000 changed lines (87 KB) took 15 s. Past 2,000 changed lines it gives up in 0.3 s on that
 * input and 0.5 s on 512 KiB of one-character lines; the clock stops a costlier shape at 2 s.
 * More than 2,000 changed lines is not read line by line anyway.
 */
export const templateDiffLimits = { maxEditLength: 2_000, timeoutMs: 2_000 } as const;

/** One side of a comparison: the version's name, its template's file name and rendered text. */
export interface DiffSide {
  name: string;
  file: string;
  text: string;
}

export interface TemplateDiff {
  unified: string;
  additions: number;
  deletions: number;
  tooDifferent: { fromLines: number; toLines: number; reason: string } | null;
}

function lineCount(text: string): number {
  if (text === '') return 0;
  let lines = 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines += 1;
  return text.endsWith('\n') ? lines - 1 : lines;
}

/** A unified diff of two templates and its counts, or "too different" with their line counts. */
export function diffTemplates({ from, to }: { from: DiffSide; to: DiffSide }): TemplateDiff {
  const patch = structuredPatch(from.file, to.file, from.text, to.text, from.name, to.name, {
    maxEditLength: templateDiffLimits.maxEditLength,
    timeout: templateDiffLimits.timeoutMs,
  });
  if (!patch) {
    const fromLines = lineCount(from.text);
    const toLines = lineCount(to.text);
    return {
      unified: '',
      additions: toLines,
      deletions: fromLines,
      tooDifferent: {
        fromLines,
        toLines,
        reason: tooDifferentMessage(
          { name: from.name, lines: fromLines },
          { name: to.name, lines: toLines },
        ),
      },
    };
  }
  let additions = 0;
  let deletions = 0;
  for (const hunk of patch.hunks) {
    for (const line of hunk.lines) {
      if (line.startsWith('+')) additions += 1;
      else if (line.startsWith('-')) deletions += 1;
    }
  }
  return { unified: formatPatch(patch), additions, deletions, tooDifferent: null };
}

/** `diffTemplates` on the CPU pool: a diff never holds the event loop. */
export const diffTemplatesTask = cpuTask(import.meta.url, { diffTemplates });
