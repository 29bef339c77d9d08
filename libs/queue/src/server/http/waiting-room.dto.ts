import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { shortNameParam } from '@ticketing/wire';

export const waitingRoomStatusSchema = z
  .object({
    state: z
      .enum(['NOT_JOINED', 'WAITING_FOR_DRAW', 'JOINING', 'IN_LINE', 'ADMITTED', 'EXPIRED'])
      .describe(
        'NOT_JOINED: this session is not in line. WAITING_FOR_DRAW: joined before the opening; the order is drawn at random when it opens. ' +
          'JOINING: joined after the opening, a place follows within a second. IN_LINE: placed, not admitted yet. ' +
          'ADMITTED: reserve with `token` in the Alfio-Queue-Token header before `tokenExpiresAt`. EXPIRED: the admission lapsed; join again (at the end).',
      ),
    opensAt: z.string().describe('When admissions begin (ISO 8601 instant).'),
    position: z.number().int().nullable().describe('Place in the whole line since it opened (1 = first), the buyers already admitted counted too, once drawn or placed; the place among those still waiting is ahead + 1.'),
    ahead: z.number().int().nullable().describe('Buyers still to be admitted before this one.'),
    estimatedWaitSeconds: z.number().int().nullable().describe('Until admission, at the configured rate (and the opening, before it).'),
    token: z.string().nullable().describe('The admission token, bound to this session (ADMITTED only).'),
    tokenExpiresAt: z.string().nullable().describe('When the token and the slot lapse (ISO 8601 instant).'),
    pollAfterSeconds: z.number().int().describe('When to ask again: longer the further back in line.'),
  })
  .describe("A session's place in an event's waiting room.");

export type WaitingRoomStatusView = z.infer<typeof waitingRoomStatusSchema>;

export class WaitingRoomPathDto extends createZodDto(z.object({ shortName: shortNameParam })) {}
export class WaitingRoomStatusDto extends createZodDto(waitingRoomStatusSchema) {}
