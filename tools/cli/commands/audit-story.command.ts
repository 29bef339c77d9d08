import { orderStory, subscriptionStory, ticketStory, type OrderStory, type StepAmounts, type StoryStep } from '@ticketing/audit';
import { orderStatusFold } from '@ticketing/application';
import { json, UsageError, type CliContext, type ExitCode } from '../cli-context.js';

export const AUDIT_STORY_USAGE = `  audit order <reservationId> [--json]   an order's whole story: every event of every stream it touched, in log order, with status after each step
  audit ticket <uuid> [--json]            the story of the order that bought the ticket
  audit subscription <id> [--json]        the story of the order that bought the pass, and the orders that used it
`;

/**
 * `audit order|ticket|subscription <id> [--json]`: a readable table, or the story as one JSON document on `out`; an
 * unknown id is said on `err` (process.stderr unless given), so that `--json > story.json` holds JSON or nothing.
 */
export async function auditStoryCommand(kind: 'order' | 'ticket' | 'subscription', args: readonly string[], context: CliContext): Promise<ExitCode> {
  const id = args.find((a) => !a.startsWith('--'));
  if (!id) throw new UsageError(`usage: audit ${kind} <id> [--json]`);
  const options = { db: context.db };
  const story =
    kind === 'order'
      ? await orderStory(context.store, id, orderStatusFold, options)
      : kind === 'ticket'
        ? await ticketStory(context.store, id, orderStatusFold, options)
        : await subscriptionStory(context.store, id, orderStatusFold, options);
  if (!story) {
    (context.err ?? process.stderr).write(`no ${kind} ${id} in the log\n`);
    return 1;
  }
  context.out.write(args.includes('--json') ? `${json(story)}\n` : table(story));
  return 0;
}

const COLUMNS = ['position', 'recorded', 'stream', 'event', 'status after', 'amounts', 'actor', 'correlation', 'causation'] as const;

function table(story: OrderStory): string {
  const via = story.subject.kind === 'order' ? '' : ` (via ${story.subject.kind} ${story.subject.id})`;
  const rows = story.steps.map((s) => [s.position.toString(), s.recordedAt, s.streamId, s.type, s.statusAfter, amountsText(s.amounts), s.actor, s.correlationId, s.causationId]);
  const widths = COLUMNS.map((c, i) => Math.max(c.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) => `${cells.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd()}\n`;
  let out = `order ${story.reservationId}${via}: ${story.finalStatus}, ${story.steps.length} event(s) in ${story.streams.length} stream(s)\n`;
  out += `streams: ${story.streams.map((s) => `${s.streamId} (${s.events})`).join(', ')}\n`;
  if (story.usedBy?.length) out += `pass used by orders: ${story.usedBy.join(', ')}\n`;
  out += line(COLUMNS);
  story.steps.forEach((step, i) => {
    out += line(rows[i]!);
    out += personalText(step);
  });
  return out;
}

/** The personal data under its row, `[erased]` once its subject was forgotten. */
function personalText(step: StoryStep): string {
  if (!step.personal) return '';
  return `    personal (${step.personal.subjectId}): ${typeof step.personal.data === 'string' ? step.personal.data : json(step.personal.data)}\n`;
}

function amountsText(a: StepAmounts | null): string {
  if (!a) return '';
  const parts: string[] = [];
  for (const name of ['price', 'discount', 'requested', 'paid', 'refunded'] as const) {
    const value = a[name];
    if (value !== undefined) parts.push(`${name} ${money(value, a.currency)}`);
  }
  return `${a.currency} ${parts.join(' ')}`;
}

/** Minor units in the currency's own decimals (CHF 4500 -> 45.00, JPY 1000 -> 1000). */
function money(minor: number, currency: string): string {
  let digits = 2;
  try {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    // not an ISO currency code: two decimals
  }
  return (minor / 10 ** digits).toFixed(digits);
}
