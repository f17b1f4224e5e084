import type { LogLine } from '@meridian/domain/apps/deployment-logs';
import { describe, expect, it } from 'vitest';
import {
  appendCapped,
  filterLines,
  highlightParts,
  logFileName,
  logFileText,
  severityOf,
} from './log-view.rules';

const line = (text: string, at = '2026-11-26T14:00:00.000Z', pod = 'shop-abc-x1'): LogLine => ({
  at,
  pod,
  container: 'shop',
  text,
});

const lines = [
  line('198.51.100.1 - - "GET / HTTP/1.1" 200 612', '2026-11-26T14:00:00.000Z'),
  line('198.51.100.2 - - "GET /api/cart HTTP/1.1" 502 10', '2026-11-26T14:00:01.000Z'),
  line(
    '2026/11/26 14:00:02 [error] 29#29: connect() failed',
    '2026-11-26T14:00:02.000Z',
    'shop-abc-y2',
  ),
];

describe('log viewer rules', () => {
  it('filters lines by text or pod, in any case; an empty search keeps all', () => {
    expect(filterLines(lines, '')).toEqual(lines);
    expect(filterLines(lines, '  ')).toEqual(lines);
    expect(filterLines(lines, 'API/CART')).toEqual([lines[1]]);
    expect(filterLines(lines, 'y2')).toEqual([lines[2]]);
    expect(filterLines(lines, 'nothing like it')).toEqual([]);
  });

  it('cuts the text around every match to highlight it', () => {
    expect(highlightParts('GET /api and /API', 'api')).toEqual([
      { text: 'GET /', match: false },
      { text: 'api', match: true },
      { text: ' and /', match: false },
      { text: 'API', match: true },
    ]);
    expect(highlightParts('plain', '')).toEqual([{ text: 'plain', match: false }]);
  });

  it('tells errors and client errors from the rest', () => {
    expect(severityOf(lines[0]!.text)).toBe('info');
    expect(severityOf(lines[1]!.text)).toBe('error');
    expect(severityOf(lines[2]!.text)).toBe('error');
    expect(severityOf('"GET /x HTTP/1.1" 404 12')).toBe('warning');
  });

  it('keeps the newest lines when following goes past the cap', () => {
    expect(appendCapped(lines.slice(0, 2), lines.slice(2), 2)).toEqual(lines.slice(1));
    expect(appendCapped([], lines)).toEqual(lines);
  });

  it('writes the download as one line each, with time and pod, named after app and location', () => {
    expect(logFileText(lines.slice(0, 1))).toBe(
      '2026-11-26T14:00:00.000Z shop-abc-x1 198.51.100.1 - - "GET / HTTP/1.1" 200 612\n',
    );
    expect(logFileName('My Shop', 'Montréal, QC', lines)).toBe(
      'My-Shop-Montr-al-QC-2026-11-26T14-00-02-000Z.log',
    );
  });
});
