import { describe, expect, it } from 'vitest';
import type { BookingTicket } from '../../booking';
import { makeField, makeFullTicket } from '../ticket-fixtures';
import { checkOwner } from './check-owner';

const EVENT = { contentLanguages: [{ locale: 'en' }], timeZone: 'Europe/Zurich' };
const NOW = Date.UTC(2027, 0, 10, 12);

/** A ticket whose size field the organizer has since narrowed: L and XL withdrawn; the ticket holds `held`. */
function ticketHolding(held: string): BookingTicket {
  const size = makeField('size', {
    type: 'select',
    restrictedValues: held === 'L' ? ['S', 'M', 'L'] : ['S', 'M'],
    disabledValues: ['L', 'XL'],
    value: held,
    fields: [{ fieldIndex: 0, fieldValue: held }],
  });
  return makeFullTicket({ ticketFieldConfigurationAfterStandard: [size] }).tickets[0] as BookingTicket;
}

const form = (size: string) => ({ firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.org', userLanguage: 'en', additional: { size: [size] } });

describe("the ticket update page's check", () => {
  it('accepts a withdrawn choice the ticket holds already, as the server does: a new name keeps the size', () => {
    const errors = checkOwner(form('L'), ticketHolding('L'), EVENT, NOW, []);
    expect(errors.fields).toEqual({});
    expect(errors.global).toEqual([]);
  });

  it('refuses it for a ticket that does not hold it', () => {
    const ticket = ticketHolding('S');
    const errors = checkOwner(form('L'), ticket, EVENT, NOW, []);
    const codes = [...Object.values(errors.fields).flat(), ...errors.global].map((e) => (e as { code: string }).code);
    expect(codes).toContain('error.disabledValue');
  });
});
