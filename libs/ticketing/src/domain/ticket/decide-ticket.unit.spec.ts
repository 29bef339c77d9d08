import { describe, expect, it } from 'vitest';
import { NotFoundError, type Decider } from '@ticketing/kernel';
import type { ReleaseTerms, TicketHolder, TicketIssued } from '@ticketing/ticketing/contracts';
import { deciderSpec } from '@ticketing/testing';
import { decideAssign, decideCheckIn, decideRelease, decideSend, ticketErrors } from './decide-ticket.js';
import type { TicketEvent } from './ticket.events.js';
import { evolveTicket, initialTicketState, type TicketState } from './ticket.js';

type TicketCommand =
  | { readonly type: 'Assign'; readonly holder: TicketHolder; readonly locked?: boolean; readonly emailLocked?: boolean; readonly fixedFields?: readonly string[] }
  | { readonly type: 'Release'; readonly terms?: Partial<ReleaseTerms> }
  | { readonly type: 'Send'; readonly language: string }
  | { readonly type: 'CheckIn'; readonly channel?: 'ONLINE' | 'DOOR' };

const ticketId = 't-1';
/** A free ticket of a complete order, on an event that allows giving it back and is not over. */
const freeOnAllowingEvent: ReleaseTerms = { acquired: true, finalPrice: 0, eventAllows: true, eventEnded: false, paidSupplement: false };
const ticketDecider: Decider<TicketState, TicketCommand, TicketEvent> = {
  initialState: initialTicketState,
  evolve: (state, event) => evolveTicket(state, event, '2026-05-01T10:00:00.000Z'),
  decide(command, state) {
    switch (command.type) {
      case 'Assign':
        return decideAssign(state, { ticketId, holder: command.holder, locked: command.locked ?? false, emailLocked: command.emailLocked ?? false, fixedFields: command.fixedFields ?? [] });
      case 'Release':
        return decideRelease(state, ticketId, { ...freeOnAllowingEvent, ...command.terms });
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
    for (const command of [{ type: 'Assign', holder: ada }, { type: 'Send', language: 'en' }, { type: 'Release' }, { type: 'CheckIn' }] as const) {
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

describe('assigning a ticket whose extra fields are not all editable (spec 4: a filled one is read-only)', () => {
  const answered = { ...ada, answers: { tshirt: ['M'], birth: ['1990-12-10'], diet: ['vegan'] } };
  const fixedFields = ['birth', 'tshirt'];
  it('keeps the stored answer of a field that is not editable, whatever the form says, and takes the editable ones', () => {
    const sent = { ...answered, answers: { tshirt: ['XL'], birth: ['2015-01-01'], diet: ['none'] } };
    spec
      .given([issued(answered)])
      .when({ type: 'Assign', holder: sent, fixedFields })
      .then([assigned({ ...answered, answers: { tshirt: ['M'], birth: ['1990-12-10'], diet: ['none'] } }, false)]);
  });
  it('does not let a form that leaves them out (or blank, dropped before) erase them', () => {
    spec
      .given([issued(answered)])
      .when({ type: 'Assign', holder: { ...answered, answers: {} }, fixedFields })
      .then([assigned({ ...answered, answers: { tshirt: ['M'], birth: ['1990-12-10'] } }, false)]);
  });
  it('changes nothing when only those answers differ', () => {
    spec.given([issued(answered)]).when({ type: 'Assign', holder: { ...answered, answers: { ...answered.answers, birth: ['2000-01-01'] } }, fixedFields }).then([]);
  });
  it('keeps them for a new holder too: they are the ticket\'s, as its holder names are on a locked ticket', () => {
    spec
      .given([issued(answered)])
      .when({ type: 'Assign', holder: { ...grace, answers: { tshirt: ['L'] } }, fixedFields })
      .then([assigned({ ...grace, answers: { tshirt: ['M'], birth: ['1990-12-10'] } }, true)]);
  });
  it('takes a first answer to a field that is not editable, on a ticket issued with or without a holder', () => {
    spec.given([issued(ada)]).when({ type: 'Assign', holder: answered, fixedFields: ['birth'] }).then([assigned(answered, false)]);
    spec.given([issued(null)]).when({ type: 'Assign', holder: answered, fixedFields }).then([assigned(answered, false)]);
  });
});

describe('releasing', () => {
  it('gives the seat back when allowed', () => {
    spec.given([issued(ada)]).when({ type: 'Release' }).then([released]);
  });
  it('is refused when not allowed (a paid ticket, the event does not allow it, the order is not complete)', () => {
    spec.given([issued(ada)]).when({ type: 'Release', terms: { finalPrice: 1 } }).thenThrows(ticketErrors.releaseNotAllowed);
    spec.given([issued(ada)]).when({ type: 'Release', terms: { eventAllows: false } }).thenThrows(ticketErrors.releaseNotAllowed);
    spec.given([issued(ada)]).when({ type: 'Release', terms: { acquired: false } }).thenThrows(ticketErrors.releaseNotAllowed);
  });
  it('is refused once the event is over, and when the order has a paid supplement (alf.io)', () => {
    spec.given([issued(ada)]).when({ type: 'Release', terms: { eventEnded: true } }).thenThrows(ticketErrors.releaseNotAllowed);
    spec.given([issued(ada)]).when({ type: 'Release', terms: { paidSupplement: true } }).thenThrows(ticketErrors.releaseNotAllowed);
  });
  it('is refused once the ticket was used', () => {
    spec.given([issued(ada), { type: 'TicketCheckedIn', data: { ticketId, eventShortName: 'meetup', channel: 'ONLINE' } }]).when({ type: 'Release' }).thenThrows(ticketErrors.releaseNotAllowed);
  });
  it('twice changes nothing', () => {
    spec.given([issued(ada), released]).when({ type: 'Release' }).then([]);
  });
});

describe('sending by e-mail', () => {
  it('records the send in the language asked', () => {
    spec.given([issued(ada)]).when({ type: 'Send', language: 'de' }).then([{ type: 'TicketSent', data: { ticketId, language: 'de' } }]);
  });
  it('needs a holder', () => {
    spec.given([issued(null)]).when({ type: 'Send', language: 'en' }).thenThrows(ticketErrors.notAssigned);
  });
  it('records a mail that went out while the ticket was released', () => {
    spec.given([issued(ada), released]).when({ type: 'Send', language: 'en' }).then([{ type: 'TicketSent', data: { ticketId, language: 'en' } }]);
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
