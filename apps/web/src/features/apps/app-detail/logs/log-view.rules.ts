import type { LogLine } from '@meridian/domain/apps/deployment-logs';

/** Most lines the viewer keeps while following: the oldest go first. */
export const maxShownLines = 5000;

/** Lines whose text, pod or container holds the search, any case; all of them when it is empty. */
export function filterLines(lines: readonly LogLine[], search: string): LogLine[] {
  const wanted = search.trim().toLowerCase();
  if (!wanted) return [...lines];
  return lines.filter(
    (line) =>
      line.text.toLowerCase().includes(wanted) ||
      line.pod.toLowerCase().includes(wanted) ||
      line.container.toLowerCase().includes(wanted),
  );
}

/** The text cut around each match of the search (any case), to mark the matches. */
export function highlightParts(text: string, search: string): { text: string; match: boolean }[] {
  const wanted = search.trim().toLowerCase();
  if (!wanted) return [{ text, match: false }];
  const parts: { text: string; match: boolean }[] = [];
  const lower = text.toLowerCase();
  let from = 0;
  for (let at = lower.indexOf(wanted); at >= 0; at = lower.indexOf(wanted, from)) {
    if (at > from) parts.push({ text: text.slice(from, at), match: false });
    parts.push({ text: text.slice(at, at + wanted.length), match: true });
    from = at + wanted.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), match: false });
  return parts;
}

/** How bad a line looks: server errors and `[error]` lines, client errors, the rest. */
export function severityOf(text: string): 'error' | 'warning' | 'info' {
  if (/\[(error|crit|alert|emerg)\]/i.test(text) || /" 5\d\d /.test(text)) return 'error';
  if (/\[warn\]/i.test(text) || /" 4\d\d /.test(text)) return 'warning';
  return 'info';
}

/** The lines followed so far with a new batch, at most `cap` of the newest. */
export function appendCapped(
  lines: readonly LogLine[],
  batch: readonly LogLine[],
  cap = maxShownLines,
): LogLine[] {
  const all = [...lines, ...batch];
  return all.length > cap ? all.slice(all.length - cap) : all;
}

/** The .log file of the lines shown: one per line, with its time and pod. */
export function logFileText(lines: readonly LogLine[]): string {
  return lines.map((line) => `${line.at} ${line.pod} ${line.text}\n`).join('');
}

/** A file name for the download: app, location and the time of the newest line. */
export function logFileName(app: string, location: string, lines: readonly LogLine[]): string {
  const at = (lines.at(-1)?.at ?? new Date().toISOString()).replace(/[:.]/g, '-');
  const safe = (value: string) => value.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '');
  return `${safe(app)}-${safe(location)}-${at}.log`;
}

/** Saves `text` as a file through the browser's download. */
export function downloadText(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
