import type { CatalogIssue } from './catalog-issue.js';

export type StreamOutcome = 'created' | 'changed' | 'unchanged';

export interface StreamChange {
  readonly streamId: string;
  readonly outcome: StreamOutcome;
  /** Types of the events appended (or, when validating, that would be appended). */
  readonly events: readonly string[];
}

export interface CatalogImportReport {
  /** No errors: everything was appended (import) or would be (validate). */
  readonly ok: boolean;
  /** Something was appended; false for `validate` and for an import refused or failed (it is one append: all or nothing). */
  readonly applied: boolean;
  readonly errors: readonly CatalogIssue[];
  /** Every stream the document touches, in append order. */
  readonly streams: readonly StreamChange[];
  readonly eventsAppended: number;
  /** Streams written: every stream with events when the import succeeded, none when it failed. */
  readonly written: readonly string[];
}

/** Human-readable summary, as the CLI prints it. */
export function formatReport(report: CatalogImportReport): string {
  const lines: string[] = [];
  for (const error of report.errors) lines.push(`error ${error.path || '(document)'}: ${error.message} (${error.code})`);
  const count = (outcome: StreamOutcome) => report.streams.filter((s) => s.outcome === outcome).length;
  for (const stream of report.streams.filter((s) => s.outcome !== 'unchanged')) {
    lines.push(`${stream.outcome.padEnd(9)} ${stream.streamId}: ${stream.events.join(', ')}`);
  }
  const verb = report.applied ? 'appended' : 'to append';
  lines.push(`${count('created')} created, ${count('changed')} changed, ${count('unchanged')} unchanged; ${report.eventsAppended} event(s) ${verb}`);
  if (!report.ok) lines.push('nothing was imported');
  return `${lines.join('\n')}\n`;
}
