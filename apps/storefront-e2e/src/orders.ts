/**
 * Orders of every kind made through the public API as the storefront makes them (reference 1.4: a first GET hands
 * out the session and anti-forgery tokens), for the browser specs that need a reservation at a given step: held,
 * validated, waiting for a bank transfer, complete; of an event or of a pass.
 */
type Headers = Record<string, string>;

export interface Reservation {
  readonly id: string;
  readonly status: string;
  readonly ticketsByCategory: { tickets: { uuid: string }[] }[];
  readonly additionalServiceWithData: { itemId: number }[];
}

export function ordersOn(baseUrl: string, organizerApiKey?: string) {
  async function openSession(): Promise<Headers> {
    const response = await fetch(`${baseUrl}/api/v2/public/i18n/languages`);
    const token = response.headers.get('x-auth-token');
    const xsrf = response.headers.get('xsrf-token');
    if (!token || !xsrf) throw new Error(`no session tokens (${response.status})`);
    return { 'X-Auth-Token': token, 'X-CSRF-TOKEN': xsrf, 'Content-Type': 'application/json' };
  }

  async function call<T>(method: 'GET' | 'POST', path: string, headers: Headers, body?: unknown): Promise<T> {
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return JSON.parse(text) as T;
  }

  const view = (id: string, headers: Headers) => call<Reservation>('GET', `/api/v2/public/reservation/${id}`, headers);
  const status = async (id: string) => (await call<{ status: string }>('GET', `/api/v2/public/reservation/${id}/status`, {})).status;

  /** `amount` tickets of the event's category named `category` in English (its first one by default), held. */
  async function reserveTickets(headers: Headers, event: string, category?: string, amount = 1): Promise<string> {
    const items = await call<{ ticketCategories: { id: number; name: string; localizedName?: Record<string, string> }[] }>('GET', `/api/v2/public/event/${event}/ticket-categories`, headers);
    const found = category === undefined ? items.ticketCategories[0] : items.ticketCategories.find((c) => (c.localizedName?.['en'] ?? c.name) === category);
    if (!found) throw new Error(`no category ${category ?? ''} on ${event}`);
    return (await call<{ value: string }>('POST', `/api/v2/public/event/${event}/reserve-tickets?lang=en`, headers, { reservation: [{ ticketCategoryId: found.id, amount }] })).value;
  }

  /** The booking step of an event's reservation done: contact and attendees, mandatory supplement items linked. */
  async function validateTickets(headers: Headers, id: string): Promise<string[]> {
    const reservation = await view(id, headers);
    const uuids = reservation.ticketsByCategory.flatMap((c) => c.tickets.map((t) => t.uuid));
    const first = uuids[0]!;
    const answer = await call<{ success: boolean }>('POST', `/api/v2/public/reservation/${id}/validate-to-overview?lang=en`, headers, {
      email: 'grace@example.org',
      firstName: 'Grace',
      lastName: 'Hopper',
      tickets: Object.fromEntries(uuids.map((uuid, i) => [uuid, { firstName: 'Ada', lastName: `Lovelace ${i + 1}`, email: `ada${i + 1}@example.org`, additional: {} }])),
      additionalServices: { [first]: reservation.additionalServiceWithData.map((item) => ({ additionalServiceItemId: item.itemId, ticketUUID: first, additional: {} })) },
    });
    if (!answer.success) throw new Error(`validate-to-overview of ${id} failed`);
    return uuids;
  }

  async function confirm(headers: Headers, id: string, proxy: 'NONE' | 'OFFLINE'): Promise<void> {
    await call('POST', `/api/v2/public/reservation/${id}?lang=en`, headers, {
      paymentProxy: proxy,
      selectedPaymentMethod: proxy === 'NONE' ? 'NONE' : 'BANK_TRANSFER',
      termAndConditionsAccepted: true,
      privacyPolicyAccepted: true,
    });
  }

  async function organizerConfirmsPayment(id: string): Promise<void> {
    if (!organizerApiKey) throw new Error('no organizer API key');
    const answer = await call<{ value: string }>('POST', `/api/v2/organizer/reservations/${id}/confirm-payment`, { Authorization: `ApiKey ${organizerApiKey}` });
    if (answer.value !== 'CONFIRMED') throw new Error(`confirm-payment of ${id}: ${answer.value}`);
  }

  return {
    status,
    /** An event's reservation held at the booking step. */
    async held(event: string, category?: string): Promise<string> {
      return reserveTickets(await openSession(), event, category);
    },
    /** An event's reservation at the overview step. */
    async validated(event: string, category?: string): Promise<string> {
      const headers = await openSession();
      const id = await reserveTickets(headers, event, category);
      await validateTickets(headers, id);
      return id;
    },
    /** An event's reservation confirmed with a bank transfer (OFFLINE_PAYMENT), or paid too (COMPLETE) with `paid`. */
    async bankTransfer(event: string, category: string | undefined, paid: boolean): Promise<{ id: string; tickets: string[] }> {
      const headers = await openSession();
      const id = await reserveTickets(headers, event, category);
      const tickets = await validateTickets(headers, id);
      await confirm(headers, id, 'OFFLINE');
      if (paid) await organizerConfirmsPayment(id);
      return { id, tickets };
    },
    /** A complete free order of one ticket of the event's first category. */
    async free(event: string): Promise<{ id: string; tickets: string[] }> {
      const headers = await openSession();
      const id = await reserveTickets(headers, event);
      const tickets = await validateTickets(headers, id);
      await confirm(headers, id, 'NONE');
      if ((await status(id)) !== 'COMPLETE') throw new Error(`the free order ${id} is not complete`);
      return { id, tickets };
    },
    /** A pass's reservation: held (`book`), validated (`overview`), or bought by bank transfer and paid (`success`). */
    async pass(subscription: string, step: 'book' | 'overview' | 'success'): Promise<string> {
      const headers = await openSession();
      const id = (await call<{ value: string }>('POST', `/api/v2/public/subscription/${subscription}?lang=en`, headers, {})).value;
      if (step === 'book') return id;
      const answer = await call<{ success: boolean }>('POST', `/api/v2/public/reservation/${id}/validate-to-overview?lang=en`, headers, {
        email: 'grace@example.org',
        firstName: 'Grace',
        lastName: 'Hopper',
        differentSubscriptionOwner: false,
        tickets: {},
        additionalServices: {},
      });
      if (!answer.success) throw new Error(`validate-to-overview of the pass ${id} failed`);
      if (step === 'overview') return id;
      await confirm(headers, id, 'OFFLINE');
      await organizerConfirmsPayment(id);
      return id;
    },
  };
}
