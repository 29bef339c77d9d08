import { describe, expect, it } from 'vitest';
import { makeField, makeFullTicket } from '../ticket-fixtures';
import { ownerFormBody, placeOwnerErrors, refusalOf } from '../owner-form/owner-form';
import { checkInHref, ticketCodeHref, ticketPdfHref, walletLinksOf } from './ticket-links';
import { isOnlineTicket, lockedHolder, ownerFormRulesOf, ticketActionsOf, waitingRoomStateAt } from './ticket-rules';
import { ApiError } from '@ticketing/api-client';

const ticket = (overrides: Parameters<typeof makeFullTicket>[0] = {}) => makeFullTicket(overrides).tickets[0]!;

describe('a ticket after the purchase (spec 2 and 6)', () => {
  it('is online for an online event, and for a hybrid one only in an ONLINE category', () => {
    expect(isOnlineTicket('ONLINE', 'INHERIT')).toBe(true);
    expect(isOnlineTicket('ONLINE', 'IN_PERSON')).toBe(true);
    expect(isOnlineTicket('HYBRID', 'ONLINE')).toBe(true);
    expect(isOnlineTicket('HYBRID', 'INHERIT')).toBe(false);
    expect(isOnlineTicket('HYBRID', 'IN_PERSON')).toBe(false);
    expect(isOnlineTicket('IN_PERSON', 'ONLINE')).toBe(false);
  });

  it('offers show, download, send and release by its flags', () => {
    const all = ticketActionsOf(ticket(), false);
    expect(all).toEqual({ show: true, download: true, send: true, release: false });
    // not assigned: nothing but the update page (which the caller offers)
    expect(ticketActionsOf(ticket({ assigned: false }), false)).toEqual({ show: false, download: false, send: false, release: false });
    // releasable: no show (spec 2), release offered
    expect(ticketActionsOf(ticket({ cancellationEnabled: true }), false)).toEqual({ show: false, download: true, send: true, release: true });
    // online: neither show nor download
    expect(ticketActionsOf(ticket(), true)).toEqual({ show: false, download: false, send: true, release: false });
    expect(ticketActionsOf(ticket({ downloadEnabled: false }), false).download).toBe(false);
    expect(ticketActionsOf(ticket({ sendMailEnabled: false }), false).send).toBe(false);
  });

  it('opens the owner form at once without a holder, shows the transfer notice and the submit button by the rules', () => {
    expect(ownerFormRulesOf(ticket({ assigned: false }), true)).toEqual({ openByDefault: true, transferNotice: false, submittable: true });
    expect(ownerFormRulesOf(ticket(), true)).toEqual({ openByDefault: false, transferNotice: true, submittable: true });
    expect(ownerFormRulesOf(ticket(), false).transferNotice).toBe(false);
    // locked with a holder: only its answers may change, so a submit button only with questions
    expect(ownerFormRulesOf(ticket({ locked: true }), false)).toEqual({ openByDefault: false, transferNotice: false, submittable: false });
    expect(ownerFormRulesOf(ticket({ locked: true, ticketFieldConfigurationAfterStandard: [makeField('diet')] }), false).submittable).toBe(true);
    // the server flags a ticket locked before it has a holder: it can still be given one
    expect(lockedHolder(ticket({ locked: true, assigned: false }))).toBe(false);
    expect(ownerFormRulesOf(ticket({ locked: true, assigned: false }), false).submittable).toBe(true);
  });

  it('tells the waiting room state by the clock against the check-in start and end', () => {
    const dates = { startDateTime: 1_000, endDateTime: 2_000 };
    expect(waitingRoomStateAt(999, dates)).toBe('not-started');
    expect(waitingRoomStateAt(1_000, dates)).toBe('started');
    expect(waitingRoomStateAt(1_999, dates)).toBe('started');
    expect(waitingRoomStateAt(2_000, dates)).toBe('ended');
    // no end date (0 on the wire): open once started
    expect(waitingRoomStateAt(5_000, { startDateTime: 1_000, endDateTime: 0 })).toBe('started');
  });

  it('links the PDF, the code, the wallet passes the site offers and the check-in, with encoded parts', () => {
    expect(ticketPdfHref('jazz 2027', 't/1')).toBe('/api/v2/public/event/jazz%202027/ticket/t%2F1/download-ticket');
    expect(ticketCodeHref('jazz', 't-1')).toBe('/api/v2/public/event/jazz/ticket/t-1/code.png');
    expect(walletLinksOf({ passEnabled: true, gWalletEnabled: true }, 'jazz', 't-1')).toEqual({
      apple: '/api/pass/event/jazz/v1/version/passes/t-1',
      google: '/api/wallet/event/jazz/v1/version/passes/t-1',
    });
    expect(walletLinksOf({ passEnabled: false, gWalletEnabled: true }, 'jazz', 't-1').apple).toBeNull();
    expect(walletLinksOf(undefined, 'jazz', 't-1')).toEqual({ apple: null, google: null });
    expect(checkInHref('jazz', 't-1', 'abc')).toBe('/event/jazz/ticket/t-1/check-in/abc');
  });
});

describe('the owner form (reference 34)', () => {
  it('sends the holder as UpdateTicketOwnerForm, no language as null', () => {
    expect(ownerFormBody({ firstName: 'Mia', lastName: 'Keller', email: 'mia@example.org', userLanguage: '', additional: { diet: ['vegan'] } })).toEqual({
      firstName: 'Mia',
      lastName: 'Keller',
      email: 'mia@example.org',
      userLanguage: null,
      additional: { diet: ['vegan'] },
    });
  });

  it("places the errors named as the form names them on the attendee form's fields; others are global", () => {
    const mapped = placeOwnerErrors(
      't-1',
      [
        { fieldName: 'email', code: 'error.email', arguments: null },
        { fieldName: 'additional[diet][0]', code: 'error.emptyField', arguments: { '0': 3 } },
        { fieldName: 'ticket', code: 'error.STEP_2_WHITELIST_CHECK_FAILED', arguments: null },
        { fieldName: null, code: 'error.STEP_2_PAYMENT_REQUEST_CREATION' },
      ],
      ['tickets[t-1].email', 'tickets[t-1].additional[diet][0]'],
    );
    expect(mapped.fields).toEqual({
      'tickets[t-1].email': { code: 'error.email', args: [] },
      'tickets[t-1].additional[diet][0]': { code: 'error.emptyField', args: [3] },
    });
    expect(mapped.global.map((e) => e.code)).toEqual(['error.STEP_2_WHITELIST_CHECK_FAILED', 'error.STEP_2_PAYMENT_REQUEST_CREATION']);
  });

  it("reads a 422's validation errors; anything else is the unexpected error", () => {
    const body = { validationErrors: [{ fieldName: 'email', code: 'error.email', arguments: null }] };
    expect(refusalOf(new ApiError(422, body, new Headers(), '/x'))).toEqual(body.validationErrors);
    expect(refusalOf(new ApiError(500, null, new Headers(), '/x')).map((e) => e.code)).toEqual(['error.STEP_2_PAYMENT_REQUEST_CREATION']);
    expect(refusalOf(new Error('offline')).map((e) => e.code)).toEqual(['error.STEP_2_PAYMENT_REQUEST_CREATION']);
  });
});
