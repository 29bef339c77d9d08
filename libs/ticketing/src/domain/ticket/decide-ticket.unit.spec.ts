import { describe, expect, it } from 'vitest';
import { NotFoundError, type Decider } from '@ticketing/kernel';
import type { TicketHolder, TicketIssued } from '@ticketing/ticketing/contracts';
import { deciderSpec } from '@ticketing/testing';
import { decideAssign, decideCheckIn, decideRelease, decideSend, ticketErrors } from './decide-ticket.js';
import type { TicketEvent } from './ticket.events.js';
import { evolveTicket, initialTicketState, type TicketState } from './ticket.js';

type TicketCommand =
  | { readonly type: 'Assign'; readonly holder: TicketHolder; readonly locked?: boolean; readonly emailLocked?: boolean }
  | { readonly type: 'Release'; readonly allowed: boolean }
  | { readonly type: 'Send'; readonly language: string }
  | { readonly type: 'CheckIn'; readonly channel?: 'ONLINE' | 'DOOR' };

const ticketId = 't-1';
const ticketDecider: Decider<TicketState, TicketCommand, TicketEvent> = {
  initialState: initialTicketState,
  evolve: (state, event) => evolveTicket(state, event, '2026-05-01T10:00:00.000Z'),
  decide(command, state) {
    switch (command.type) {
      case 'Assign':
        return decideAssign(state, { ticketId, holder: command.holder, locked: command.locked ?? false, emailLocked: command.emailLocked ?? false });
      case 'Release':
        return decideRelease(state, ticketId, command.allowed);
      case 'Send':
        return decideSend(state, ticketId, command.language);
      case 'CheckIn':
        return decideCheckIn(state, ticketId, command.channel ?? 'ONLINE');
    }
  },
};
const spec = deciderSpec(ticketDecider);

const ada: TicketHolder = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', userLanguage: 'en', answers: { tshirt: ['M'] } };
const grace: TicketHolder = { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.org', userLanguage: 'de', answers: { tshirt: ['L'] } };
const issued = (attendee: TicketHolder | null, status: 'ACQUIRED' | 'TO_BE_PAID' = 'ACQUIRED'): TicketIssued => ({
  type: 'TicketIssued',
  data: { ticketId, reservationId: 'r-1', eventShortName: 'meetup', categoryId: 7, status, subjectId: 'reservation-r-1', attendee },
});
const released: TicketEvent = { type: 'TicketReleased', data: { ticketId, reservationId: 'r-1', eventShortName: 'meetup', categoryId: 7 } };
const assigned = (holder: TicketHolder, transferred: boolean): TicketEvent => ({ type: 'TicketAssigned', data: { ticketId, subjectId: 'reservation-r-1', holder, transferred } });

describe('a ticket never issued', () => {
  it('cannot be assigned, sent, released or checked in (not found)', () => {
    for (const command of [{ type: 'Assign', holder: ada }, { type: 'Send', language: 'en' }, { type: 'Release', allowed: true }, { type: 'CheckIn' }] as const) {
      expect(() => spec.given([]).when(command).events()).toThrow(NotFoundError);
    }
  });
});

describe('assigning an issued ticket', () => {
  it('names the holder of a ticket issued without one', () => {
    spec.given([issued(null)]).when({ type: 'Assign', holder: ada }).then([assigned(ada, false)]);
  });
  it('hands it to someone else when unlocked: a transfer', () => {
    spec.given([issued(ada)]).when({ type: 'Assign', holder: grace }).then([assigned(grace, true)]);
  });
  it('changing only the answers is no transfer', () => {
    const answered = { ...ada, answers: { tshirt: ['XL'] } };
    spec.given([issued(ada)]).when({ type: 'Assign', holder: answered }).then([assigned(answered, false)]);
  });
  it('keeps names and e-mail of a locked ticket, and still takes the answers', () => {
    spec
      .given([issued(ada)])
      .when({ type: 'Assign', holder: grace, locked: true })
      .then([assigned({ ...ada, userLanguage: 'de', answers: grace.answers }, false)]);
  });
  it('a locked ticket without a holder yet can be assigned', () => {
    spec.given([issued(null)]).when({ type: 'Assign', holder: ada, locked: true }).then([assigned(ada, false)]);
  });
  it('keeps a locked e-mail once set but takes the names', () => {
    const renamed = { ...grace, email: 'other@example.org' };
    spec.given([issued(ada)]).when({ type: 'Assign', holder: renamed, emailLocked: true }).then([assigned({ ...renamed, email: ada.email }, false)]);
  });
  it('the same holder again changes nothing', () => {
    spec.given([issued(ada)]).when({ type: 'Assign', holder: { ...ada, answers: { tshirt: ['M'] } } }).then([]);
  });
  it('a released ticket is gone', () => {
    expect(() => spec.given([issued(ada), released]).when({ type: 'Assign', holder: grace }).events()).toThrow(NotFoundError);
  });
});

describe('releasing', () => {
  it('gives the seat back when allowed', () => {
    spec.given([issued(ada)]).when({ type: 'Release', allowed: true }).then([released]);
  });
  it('is refused when not allowed (a paid ticket, the event does not allow it)', () => {
    spec.given([issued(ada)]).when({ type: 'Release', allowed: false }).thenThrows(ticketErrors.releaseNotAllowed);
  });
  it('is refused once the ticket was used', () => {
    spec.given([issued(ada), { type: 'TicketCheckedIn', data: { ticketId, eventShortName: 'meetup', channel: 'ONLINE' } }]).when({ type: 'Release', allowed: true }).thenThrows(ticketErrors.releaseNotAllowed);
  });
  it('twice changes nothing', () => {
    spec.given([issued(ada), released]).when({ type: 'Release', allowed: true }).then([]);
  });
});

describe('sending by e-mail', () => {
  it('records the send in the language asked', () => {
    spec.given([issued(ada)]).when({ type: 'Send', language: 'de' }).then([{ type: 'TicketSent', data: { ticketId, language: 'de' } }]);
  });
  it('needs a holder', () => {
    spec.given([issued(null)]).when({ type: 'Send', language: 'en' }).thenThrows(ticketErrors.notAssigned);
  });
});

describe('check-in', () => {
  const checkedIn: TicketEvent = { type: 'TicketCheckedIn', data: { ticketId, eventShortName: 'meetup', channel: 'ONLINE' } };
  const atTheDoor: TicketEvent = { type: 'TicketCheckedIn', data: { ticketId, eventShortName: 'meetup', channel: 'DOOR' } };
  it('checks an assigned, paid ticket in once', () => {
    spec.given([issued(ada)]).when({ type: 'CheckIn' }).then([checkedIn]);
    spec.given([issued(ada), checkedIn]).when({ type: 'CheckIn' }).then([]);
  });
  it('records the channel: a ticket scanned at the door, then its link opened online, enters once', () => {
    spec.given([issued(ada)]).when({ type: 'CheckIn', channel: 'DOOR' }).then([atTheDoor]);
    spec.given([issued(ada), atTheDoor]).when({ type: 'CheckIn', channel: 'DOOR' }).then([]);
    spec.given([issued(ada), atTheDoor]).when({ type: 'CheckIn', channel: 'ONLINE' }).then([]);
  });
  it('refuses a ticket whose price is owed at the desk, and one without a holder, on either channel', () => {
    for (const channel of ['ONLINE', 'DOOR'] as const) {
      spec.given([issued(ada, 'TO_BE_PAID')]).when({ type: 'CheckIn', channel }).thenThrows(ticketErrors.toBePaid);
      spec.given([issued(null)]).when({ type: 'CheckIn', channel }).thenThrows(ticketErrors.notAssigned);
    }
  });
  it('knows no released ticket', () => {
    expect(() => decideCheckIn(evolveTicket(evolveTicket(initialTicketState(), issued(ada)), released), ticketId, 'DOOR')).toThrow(NotFoundError);
  });
});
