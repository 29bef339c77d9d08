import type { Plugin, Rolldown } from 'vite';

// How the build groups modules into chunks (rolldown's output.codeSplitting), so that a page loads few files and
// nothing it does not use. Route components are split by TanStack Router (autoCodeSplitting); parts of a page that
// only some visits show are split by the app itself (src/app/lazy-part.tsx). What is left to decide here is where
// the modules that several of those chunks share go: by default every combination of sharers gets a chunk of its
// own, and a dozen chunks of 200 bytes cost more gzip than their code (each starts a new dictionary, and each is
// a name in the entry's preload table). Measured with scripts/route-js-size.mjs.

const appSrc = /[\\/]apps[\\/]storefront[\\/]src[\\/]/;
const eventPageComponent = /[\\/]src[\\/]routes[\\/]event\.\$eventShortName\.index\.tsx\?tsr-split=component---loader$/;

let eventPageModules = new Set<string>();

/**
 * Records, once the module graph is complete and before chunking, what the event page's component and loader import
 * (directly or not): the 'shared' group below takes those of them that are not the event page's own code.
 */
export const recordEventPageModules: Plugin = {
  name: 'storefront:record-event-page-modules',
  apply: 'build',
  buildEnd() {
    const seen = new Set<string>();
    const visit = (id: string) => {
      if (seen.has(id)) return;
      seen.add(id);
      this.getModuleInfo(id)?.importedIds.forEach(visit);
    };
    // TanStack's split of the route file: its id is the file's with a query.
    const component = [...this.getModuleIds()].find((id) => eventPageComponent.test(id));
    if (component) visit(component);
    eventPageModules = seen;
  },
};

export const chunkGroups: Rolldown.CodeSplittingGroup[] = [
  // Every library the app uses, in one chunk that changes only with the lock file. The entry needs all of it but
  // react-query's useMutation (1 KB, for the event page and checkout): not worth a chunk of its own.
  { name: 'vendor', test: /[\\/]node_modules[\\/]/, priority: 6 },
  // What the entry needs, in the entry chunk.
  { name: 'index', tags: ['$initial'], priority: 5 },
  // The event page is where most visitors land (it is the link organizers share): what it needs besides its own
  // feature's code (shared components and hooks) in one chunk beside the entry. Not the generated client: its
  // index re-exports every call, so the graph says the page imports them all.
  {
    name: 'shared',
    priority: 4,
    test: (id) => eventPageModules.has(id) && appSrc.test(id) && !/[\\/]features[\\/]event-page[\\/]|\?tsr-split/.test(id),
  },
  // The catalog pages (home, all events, all subscriptions, their organizer variants, a subscription) and what
  // only they use: one chunk.
  {
    name: 'catalog',
    test: /[\\/]features[\\/](catalog|subscription-page)[\\/]|[\\/]components[\\/](event-card|subscription-card|subscription-validity|card-grid)\.tsx?$|[\\/]routes[\\/](index|events-all|subscriptions-all|o\.\$organizerSlug\.[\w-]+|subscription\.\$id\.index)\.tsx\?tsr-split/,
  },
  // The reservation client (its generated calls, queries, the status guard): every reservation page and the event
  // page's reserve call need it. Only these modules (not what they import): the rest is shared with other pages.
  // With them the step indicator that the steps and the status pages show: a chunk of its own cost each 0.1-0.2 KB.
  {
    name: 'reservation-client',
    includeDependenciesRecursively: false,
    test: /[\\/]generated[\\/]reservations[\\/]|[\\/]api[\\/](reservation|purchase-context)-queries\.ts$|[\\/]app[\\/]purchase-context\.ts$|[\\/]reservation-status[\\/]reservation-(guard|page)\.ts$|[\\/]checkout[\\/]checkout-loader\.ts$|step-indicator\.tsx$|[\\/]embedding[\\/]framed\.ts$/,
  },
  // A pass's reservation route (one route for all its pages) with its loader and its table of pages: a short name in
  // the entry's table of chunks, which every visitor loads.
  {
    name: 'pass',
    includeDependenciesRecursively: false,
    test: /\$type\.\$publicId\.reservation\.\$reservationId\.\$page\.tsx\?tsr-split|[\\/]features[\\/]subscription-reservation[\\/](purchase-reservation-loader\.ts|pass-page-parts\.tsx|components[\\/]purchase-reservation-page\.tsx)$/,
  },
  // The reserve calls of the event page and of the subscription page, with the human verification they run: one
  // chunk, loaded on demand by either page (apart, the verification's code would be a third chunk both list).
  {
    name: 'reserve-call',
    includeDependenciesRecursively: false,
    test: /[\\/]features[\\/](event-page[\\/](reserve-call|reservation-errors)|subscription-reservation[\\/]reserve-subscription-call|challenge[\\/](run-with-challenge|challenge-error))\.ts$/,
  },
  // The pages a reservation's status leads to (success, waiting for payment, deferred payment, processing, error, not found),
  // with the loader of the success page's ticket actions (their code is the ticket chunk below).
  {
    name: 'reservation',
    includeDependenciesRecursively: false,
    test: /[\\/]features[\\/]reservation-status[\\/](?!reservation-guard\.ts$|reservation-page\.ts$|processing[\\/]force-check\.ts$)|[\\/]features[\\/]ticket[\\/](index|ticket-parts)\.ts$|\$reservationId\.(deferred-payment|error|not-found|processing-payment|success|waiting-payment)\.tsx\?tsr-split/,
  },
  // A ticket's pages (view, update, waiting room), its actions (which the success page shows as a part of its own), its
  // queries and the generated ticket calls: one chunk. Not its dialogs nor its holder form (the booking step's attendee
  // form, loaded when the update page shows it): features/ticket/dialogs and /owner-form come when they are needed.
  {
    name: 'ticket',
    includeDependenciesRecursively: false,
    test: /[\\/]features[\\/]ticket[\\/](components|hooks|model)[\\/]|[\\/]features[\\/]ticket[\\/]ticket-loaders\.ts$|[\\/]api[\\/]ticket-queries\.ts$|[\\/]generated[\\/]tickets[\\/]|\$ticketId\.[\w.$-]+\.tsx\?tsr-split/,
  },
  // The poll area (one route for the list and a poll) and the generated poll calls: one chunk with a short name (a
  // name in the entry's table of chunks, which every visitor loads; its style sheet is inside it: see poll-page.tsx).
  {
    name: 'poll',
    includeDependenciesRecursively: false,
    test: /[\\/]features[\\/]poll[\\/]|[\\/]generated[\\/]polls[\\/]|[\\/]routes[\\/]event\.\$eventShortName\.poll\.[^\\/]*\.tsx\?tsr-split/,
  },
  // A signed-in visitor's side (issue 16): the top bar's login link or user menu, my orders, my profile, the user
  // queries and the generated user calls. One chunk, loaded only on a site with login on: apart they were eight, each
  // a name in the entry's preload table. Not the booking step's login part (it shows the booking form's suggestion).
  {
    name: 'account',
    includeDependenciesRecursively: false,
    test: /[\\/]features[\\/](account[\\/]|auth[\\/](?!atoms\.ts$|index\.ts$|user-menu-part\.ts$))|[\\/]api[\\/]user-queries\.ts$|[\\/]generated[\\/]user[\\/]|[\\/]routes[\\/]\$accountPage\.tsx\?tsr-split/,
  },
  // The booking step's attendee form, which a ticket's update page shows too (its holder form, loaded on demand), with
  // the text and checkbox fields a signed-in user's profile page shows too: one chunk beside the booking step's own. Not the searchable country select (a chunk of its own: few forms ask for a
  // country) nor what the overview shares with the booking step (server errors, form values).
  {
    name: 'attendee-form',
    includeDependenciesRecursively: false,
    test: /[\\/]features[\\/]booking[\\/](components[\\/](attendee-form|additional-field-input|text-field|field-parts|copy-contact-button|checkbox-field)\.tsx|components[\\/]country-field-part\.ts|hooks[\\/](focus-first-invalid|use-media-query)\.ts|model[\\/](dates|field-locking|input-limits)\.ts)$/,
  },
];
