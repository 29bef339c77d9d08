/**
 * The first event of a `ticket-{uuid}` stream belongs to the ticketing context, which owns those streams; the
 * order's completion appends it (issue-tickets.ts). `attendee` is personal data (encrypted under `subjectId` in
 * the log, null once erased, or null while assignment was postponed).
 */
export type { TicketIssued } from '@ticketing/ticketing/contracts';
