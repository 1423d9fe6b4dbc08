import { describe, expect, it } from 'vitest';
import { debugReport } from './debug-report';

describe('debugReport', () => {
  it('writes each section as label: value lines and the errors newest first with the start of their stack', () => {
    const text = debugReport(
      [{ title: 'Versions', facts: [['Web app', '0.1.0'], ['Server', '0.1.0']] }],
      [
        { at: '2026-11-28T10:00:00.000Z', source: 'api', message: 'GET /api/leads answered 500: boom' },
        { at: '2026-11-28T10:05:00.000Z', source: 'crash', message: 'ERR-1: x is undefined', detail: 'TypeError: x is undefined\n  at Leads (leads.tsx:1)' },
      ],
      new Date('2026-11-28T10:06:00.000Z'),
    );
    expect(text).toBe(
      [
        'Wholesail debug report, 2026-11-28T10:06:00.000Z', '', '## Versions', 'Web app: 0.1.0', 'Server: 0.1.0', '', '## Last errors (2)',
        '2026-11-28T10:05:00.000Z [crash] ERR-1: x is undefined', '    TypeError: x is undefined', '    at Leads (leads.tsx:1)',
        '2026-11-28T10:00:00.000Z [api] GET /api/leads answered 500: boom', '',
      ].join('\n'),
    );
  });

  it('says when no error was caught', () => {
    expect(debugReport([], [])).toContain('## Last errors (0)\nNone caught in this tab.');
  });
});
