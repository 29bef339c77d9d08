import type { OnlineCheckInInfo, TicketInfo, TicketsByTicketCategory } from '../../api/ticket-queries';

/** Test data in the wire shapes of reference/public-api.md section 2 (TicketInfo, TicketsByTicketCategory, OnlineCheckInInfo). */
export const TICKET_ID = '5b2c1d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e';

type Ticket = TicketsByTicketCategory['tickets'][number];
type Field = Ticket['ticketFieldConfigurationAfterStandard'][number];

export function makeTicketInfo(overrides: Partial<TicketInfo> = {}): TicketInfo {
  return {
    fullName: 'Ada Lovelace',
    email: 'ada@example.org',
    uuid: TICKET_ID,
    ticketCategoryName: 'Festival pass',
    reservationFullName: 'Grace Hopper',
    reservationId: 'ABCDEF12',
    deskPaymentRequired: false,
    timeZone: 'Europe/Zurich',
    datesWithOffset: { startDateTime: Date.UTC(2027, 1, 11, 19), startTimeZoneOffset: 3600, endDateTime: Date.UTC(2027, 1, 11, 21), endTimeZoneOffset: 3600 },
    sameDay: true,
    formattedBeginDate: { en: 'Thu 11 Feb 2027' },
    formattedBeginTime: { en: '20:00' },
    formattedEndDate: { en: 'Thu 11 Feb 2027' },
    formattedEndTime: { en: '22:00' },
    additionalServiceWithData: [],
    ...overrides,
  };
}

export function makeField(name: string, overrides: Partial<Field> = {}): Field {
  return {
    name,
    value: null,
    type: 'input:text',
    required: false,
    editable: true,
    minLength: null,
    maxLength: null,
    restrictedValues: [],
    disabledValues: [],
    fields: [{ fieldIndex: 0, fieldValue: null }],
    beforeStandardFields: false,
    description: { en: { label: name, placeholder: '', restrictedValuesDescription: {} } },
    ...overrides,
  };
}

export function makeFullTicket(overrides: Partial<Ticket> = {}, category: Partial<Omit<TicketsByTicketCategory, 'tickets'>> = {}): TicketsByTicketCategory {
  return {
    name: 'Festival pass',
    ticketAccessType: 'INHERIT',
    ...category,
    tickets: [
      {
        uuid: TICKET_ID,
        firstName: 'Ada',
        lastName: 'Lovelace',
        fullName: 'Ada Lovelace',
        email: 'ada@example.org',
        userLanguage: 'en',
        assigned: true,
        locked: false,
        acquired: true,
        cancellationEnabled: false,
        sendMailEnabled: true,
        downloadEnabled: true,
        ticketFieldConfigurationBeforeStandard: [],
        ticketFieldConfigurationAfterStandard: [],
        formattedOnlineCheckInDate: {},
        onlineEventStarted: false,
        ...overrides,
      },
    ],
  };
}

/** The check-in of an online ticket opening at `start` and closing at `end` (epoch ms). */
export function makeCheckInInfo(start: number, end: number): OnlineCheckInInfo {
  return {
    formattedBeginDate: { en: 'Thursday, 11 February' },
    formattedBeginTime: { en: '19:45' },
    formattedEndDate: { en: 'Thursday, 11 February' },
    formattedEndTime: { en: '21:15' },
    timeZone: 'Europe/Zurich',
    datesWithOffset: { startDateTime: start, startTimeZoneOffset: 3600, endDateTime: end, endTimeZoneOffset: 3600 },
    sameDay: true,
  };
}
