import { parsePatch } from 'diff';

/** One row of a side-by-side diff: the old line on the left, the new on the right. */
export interface DiffRow {
  kind: 'hunk' | 'same' | 'changed';
  /** The hunk's `@@ … @@` header, for a 'hunk' row. */
  header?: string;
  left?: { number: number; text: string; removed: boolean };
  right?: { number: number; text: string; added: boolean };
}

/**
 * The rows of a unified diff shown side by side: context lines on both sides, a run of removed
 * lines paired with the run of added lines that follows it.
 */
export function sideBySideRows(unified: string): DiffRow[] {
  const rows: DiffRow[] = [];
  for (const patch of parsePatch(unified)) {
    for (const hunk of patch.hunks) {
      rows.push({
        kind: 'hunk',
        header: `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`,
      });
      let oldLine = hunk.oldStart;
      let newLine = hunk.newStart;
      let removed: string[] = [];
      let added: string[] = [];
      const flush = () => {
        for (let index = 0; index < Math.max(removed.length, added.length); index += 1) {
          const left = removed[index];
          const right = added[index];
          rows.push({
            kind: 'changed',
            ...(left !== undefined
              ? { left: { number: oldLine++, text: left, removed: true } }
              : {}),
            ...(right !== undefined
              ? { right: { number: newLine++, text: right, added: true } }
              : {}),
          });
        }
        removed = [];
        added = [];
      };
      for (const line of hunk.lines) {
        const mark = line[0];
        const text = line.slice(1);
        if (mark === '-') {
          if (added.length > 0) flush();
          removed.push(text);
        } else if (mark === '+') {
          added.push(text);
        } else if (mark === ' ') {
          flush();
          rows.push({
            kind: 'same',
            left: { number: oldLine++, text, removed: false },
            right: { number: newLine++, text, added: false },
          });
        }
      }
      flush();
    }
  }
  return rows;
}
