import type { CaughtError } from '@/lib/error-log';

/** One section of the debug page: a title and its facts, in the order they are shown and copied. */
export type DebugSection = { title: string; facts: ReadonlyArray<readonly [label: string, value: string]> };

/** The whole page as plain text, for pasting into a support email or an issue. */
export function debugReport(sections: readonly DebugSection[], errors: readonly CaughtError[], at: Date = new Date()): string {
  const lines = [`Wholesail debug report, ${at.toISOString()}`, ''];
  for (const section of sections) {
    lines.push(`## ${section.title}`);
    for (const [label, value] of section.facts) lines.push(`${label}: ${value}`);
    lines.push('');
  }
  lines.push(`## Last errors (${errors.length})`);
  if (errors.length === 0) lines.push('None caught in this tab.');
  for (const e of [...errors].reverse()) {
    lines.push(`${e.at} [${e.source}] ${e.message}`);
    if (e.detail) lines.push(...e.detail.split('\n').slice(0, 8).map((l) => `    ${l.trim()}`));
  }
  return `${lines.join('\n')}\n`;
}
