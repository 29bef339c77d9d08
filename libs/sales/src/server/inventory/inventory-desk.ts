import { type EventStore, type GlobalPosition, type InlineProjector, type StreamAppend, WrongExpectedRevisionError } from '@ticketing/event-store';
import { DomainError } from '@ticketing/kernel';
import { decideHolds, decideRelease, decideReturnSetAside, decideReturnTicket, decideSettle, evolveInventory, initialInventoryState, inventoryStreamId, CATEGORY_NOT_SALEABLE, NOT_ENOUGH_TICKETS, type HoldOutcome, type SeatsRefusal, type HoldSeats, type ReleaseHold, type ReturnTicket, type SettleHold, type InventoryState, type InventoryEvent } from '@ticketing/sales/domain';
import { toAppend, type Provenance } from '../shared/event-data.js';

/** What a return of the set-aside seats is keyed on among change jobs: two returns never share a batch. */
const WAITING_LIST_SET_ASIDE = 'waiting-list-set-aside';

/** The other streams a job writes with its inventory events, in the same all-or-nothing append. */
export type CompanionAppends = (outcome: HoldOutcome) => readonly StreamAppend[];

interface HoldJob {
  readonly kind: 'hold';
  readonly request: HoldSeats;
  readonly provenance: Provenance;
  readonly companions: CompanionAppends;
  resolve(result: DeskResult): void;
  reject(error: unknown): void;
}

/** A release or a settlement: one reservation's hold changes, decided on the state when its batch runs. */
interface ChangeJob {
  readonly kind: 'change';
  readonly reservationId: string;
  /** May throw a DomainError: that job alone fails. */
  readonly decide: (state: InventoryState) => InventoryEvent[];
  readonly provenance: Provenance;
  readonly companions: readonly StreamAppend[];
  /** Written besides the companions when the change ends the job's hold (its HoldReleased is among the decided events). */
  readonly ending: readonly StreamAppend[];
  /** Keys no other job of its batch may have (besides its hold and companion streams): see fixedCompanionStreams. */
  readonly exclusive: readonly string[];
  resolve(result: DeskResult): void;
  reject(error: unknown): void;
}

type Job = HoldJob | ChangeJob;

export interface DeskResult {
  readonly outcome: HoldOutcome;
  /** Global position of the job's last event (wait for projections to reach it); null when nothing was appended. */
  readonly position: GlobalPosition | null;
  /** The holds read model was written by the append itself (InventoryDeskOptions.inline): no need to wait for it. */
  readonly projectedInline: boolean;
}

export interface InventoryDeskOptions {
  /** Most jobs decided and appended together; default 500. */
  readonly maxBatch?: number;
  /** Attempts of one batch against other processes' appends before its jobs fail; default 50. */
  readonly maxAttempts?: number;
  /** Written in every append's transaction where the store can: the holds read model (what availability reads). */
  readonly inline?: InlineProjector;
  /** How long a sold-out refusal the stream confirmed answers later ones without the queue at most (ms); default 250. */
  readonly soldOutMemoryMs?: number;
  /** Milliseconds of a monotonic clock, for that limit; default performance.now. */
  readonly monotonicMs?: () => number;
}

/** One line of a request: the seats of one category it asks for. */
export interface RequestedSeats {
  readonly categoryId: number;
  readonly quantity: number;
}

/**
 * The inventory of every event, served by one queue per event in this process. Jobs that arrive while a
 * batch is being appended wait and go together in the next one: one read of nothing (the state is kept in
 * memory), one decision, one append with the expected revision for hundreds of buyers. Another process
 * appending to the same stream makes the append fail on the revision; the queue then reads what it missed
 * and decides the same batch again, so buyers never see the conflict and no seat is counted twice.
 */
export class InventoryDesk {
  private readonly desks = new Map<string, EventDesk>();
  /** The confirmed sold-out refusals later requests may be answered from (knownSoldOut), shared by every event's queue. */
  private readonly soldOut: SoldOutMemory;

  constructor(
    private readonly store: EventStore,
    private readonly options: InventoryDeskOptions = {},
  ) {
    this.soldOut = new SoldOutMemory(store, options.soldOutMemoryMs ?? 250, options.monotonicMs ?? (() => performance.now()));
  }

  /**
   * The refusal a request of one line (one category of an event) is sure to get without asking the queue, or null:
   * this process refused, less than soldOutMemoryMs ago, requests of that category alone (no supplement, no code, not
   * from the waiting list), and this one asks for no more seats than one of them did (so the checks before the
   * inventory, the most per order among them, passed it too) and as sold out (CATEGORY_NOT_SALEABLE) or for at least as
   * many seats as a refusal for too few (NOT_ENOUGH_TICKETS); the stream confirmed that answer (it had not moved), and
   * no append of any stream has been notified since (nor made by this process's queues). Seats that come back (an
   * expiry, a cancellation, a return, another process's release) or a catalog change are appends, so they end the
   * short cut; a stale "not sold out" only sends the request the usual way, which decides on the stream. The caller
   * asks only for requests whose limits cannot differ from the remembered one's (no code, no unlocked category).
   * Requests of several lines go the usual way, where the handler merges and checks them as a whole.
   */
  knownSoldOut(eventShortName: string, lines: readonly RequestedSeats[]): SeatsRefusal | null {
    // a pass's inventory (`subscription:<id>`) is no event's: its refusals never answer for an event of that name
    if (eventShortName.includes(':')) return null;
    const known = this.soldOut.covers(eventShortName, lines);
    // past half its age, the memory is confirmed again by one read of the stream in the background, so that under
    // load it does not lapse and send a whole wave of requests the usual way while a refusal confirms it
    if (known && this.soldOut.ageing(eventShortName)) this.desks.get(eventShortName)?.reconfirm();
    return known;
  }

  /** Holds seats; on success the companions (the reservation's first events) are appended with them. */
  hold(request: HoldSeats, provenance: Provenance, companions: CompanionAppends): Promise<DeskResult> {
    return new Promise((resolve, reject) => this.desk(request.eventShortName).submit({ kind: 'hold', request, provenance, companions, resolve, reject }));
  }

  /**
   * Releases a hold (a no-op when not held) and appends the companions in the same step either way. A release
   * that may set seats aside for the waiting list counts the seats already set aside: it never shares a batch
   * with another such release (or a return), whose seats its decision would not see.
   */
  release(command: ReleaseHold, provenance: Provenance, companions: readonly StreamAppend[] = []): Promise<DeskResult> {
    return this.change(command, (state) => decideRelease(state, command), provenance, companions, command.setAside ? [WAITING_LIST_SET_ASIDE] : []);
  }

  /**
   * Extends a hold to a payment deadline or turns it into a sale, with the companions (the reservation's
   * events, the tickets issued) in the same append. Rejects with a DomainError when the hold is gone.
   */
  settle(command: SettleHold, provenance: Provenance, companions: readonly StreamAppend[] = []): Promise<DeskResult> {
    return this.change(command, (state) => decideSettle(state, command), provenance, companions);
  }

  /**
   * Puts one sold ticket's seat back on sale, with the companions (the ticket's TicketReleased) in the same append,
   * and `ending` too when it was the order's last ticket (the sale ends: the order's own end). Rejects with a
   * DomainError when the order has no such seat sold.
   */
  returnTicket(command: ReturnTicket, provenance: Provenance, companions: readonly StreamAppend[], ending: readonly StreamAppend[] = []): Promise<DeskResult> {
    return this.change(command, (state) => decideReturnTicket(state, command), provenance, companions, command.setAside ? [WAITING_LIST_SET_ASIDE] : [], ending);
  }

  /** Gives every seat set aside for the event's waiting list back to sale (decideReturnSetAside). */
  returnSetAside(eventShortName: string, provenance: Provenance): Promise<DeskResult> {
    return this.change({ eventShortName, reservationId: WAITING_LIST_SET_ASIDE }, (state) => decideReturnSetAside(state, eventShortName), provenance, [], [WAITING_LIST_SET_ASIDE]);
  }

  private change(
    command: { readonly eventShortName: string; readonly reservationId: string },
    decide: ChangeJob['decide'],
    provenance: Provenance,
    companions: readonly StreamAppend[],
    exclusive: readonly string[] = [],
    ending: readonly StreamAppend[] = [],
  ): Promise<DeskResult> {
    return new Promise((resolve, reject) =>
      this.desk(command.eventShortName).submit({ kind: 'change', reservationId: command.reservationId, decide, provenance, companions, ending, exclusive, resolve, reject }),
    );
  }

  private desk(eventShortName: string): EventDesk {
    let desk = this.desks.get(eventShortName);
    if (!desk) {
      desk = new EventDesk(this.store, inventoryStreamId(eventShortName), eventShortName, this.options.maxBatch ?? 500, this.options.maxAttempts ?? 50, this.options.inline, this.soldOut);
      this.desks.set(eventShortName, desk);
    }
    return desk;
  }
}

class EventDesk {
  private state: InventoryState = initialInventoryState();
  /** Revision of the last event folded into the state; -1 before the first. */
  private revision = -1;
  /** False until the stream was read once, and again after a failure left the state in doubt. */
  private loaded = false;
  private readonly queue: Job[] = [];
  private draining = false;

  constructor(
    private readonly store: EventStore,
    private readonly streamId: string,
    private readonly eventShortName: string,
    private readonly maxBatch: number,
    private readonly maxAttempts: number,
    private readonly inline: InlineProjector | undefined,
    private readonly soldOut: SoldOutMemory,
  ) {}

  /**
   * Reads what this process missed of the stream, when the queue is idle; if nothing was appended meanwhile (the
   * revision and the notifications did not move), what it remembered of this event as sold out holds again.
   */
  reconfirm(): void {
    if (this.draining || !this.loaded) return;
    this.draining = true; // jobs that come meanwhile wait in the queue
    void (async () => {
      try {
        const generation = this.soldOut.generation();
        const before = this.revision;
        await this.catchUp();
        if (this.revision === before) this.soldOut.renew(this.eventShortName, generation);
        else this.soldOut.appended(); // someone appended: its notification is on its way
      } catch {
        // the next refusal goes the usual way and reads the stream itself
      } finally {
        this.draining = false;
        if (this.queue.length > 0) void this.drain();
      }
    })();
  }

  submit(job: Job): void {
    this.queue.push(job);
    if (!this.draining) void this.drain();
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.queue.length > 0) {
        // holds and releases go in separate batches: a batch decides on one state
        // a job that writes a stream another job of the batch writes too (a cancel and an expiry of the same
        // reservation) waits for the next batch: one append names a stream once
        const kind = this.queue[0]!.kind;
        const streams = new Set(fixedCompanionStreams(this.queue[0]!));
        let end = 1;
        while (end < this.queue.length && end < this.maxBatch && this.queue[end]!.kind === kind) {
          const next = fixedCompanionStreams(this.queue[end]!);
          if (next.some((stream) => streams.has(stream))) break;
          next.forEach((stream) => streams.add(stream));
          end++;
        }
        const batch = this.queue.splice(0, end);
        await this.process(batch);
      }
    } finally {
      this.draining = false;
    }
  }

  private async process(batch: Job[]): Promise<void> {
    let pending = batch;
    try {
      if (!this.loaded) await this.catchUp();
      let refusalsChecked = false;
      for (let attempt = 1; pending.length > 0; attempt++) {
        const { appends, inventoryEvents, outcomes, counts, refused } = this.decide(pending);
        if (refused.size > 0) {
          // a refusal rests on the stream as it is, not on a state another process has moved past (a hold it made for a
          // buyer whose confirmation reached this process): read what this process missed once, and decide again
          if (!refusalsChecked) {
            refusalsChecked = true;
            const before = this.revision;
            await this.catchUp();
            if (this.revision !== before) continue;
          }
          // a settlement whose hold is gone fails alone; the others are decided again without it
          refused.forEach((error, job) => job.reject(error));
          pending = pending.filter((job) => !refused.has(job));
          continue;
        }
        if (appends.every((a) => a.events.length === 0)) {
          // nothing to write (every hold refused, or no change decided, as a return with no seat set aside): the
          // answer must rest on the stream as it is now, not on a state another process has moved past; a read
          // of what it missed says so, where an empty append would cost a transaction
          const before = this.revision;
          const generation = this.soldOut.generation();
          await this.catchUp();
          if (this.revision !== before) continue;
          this.soldOut.remember(this.eventShortName, pending, outcomes, generation);
          pending.forEach((job, i) => job.resolve({ outcome: outcomes[i]!, position: null, projectedInline: false }));
          return;
        }
        try {
          const result = await this.store.appendToStreams(appends, { inline: this.inline });
          // before anyone hears of it (the notification comes later): seats this process gave back sell at once
          this.soldOut.appended();
          for (const event of inventoryEvents) evolveInventory(this.state, event);
          this.revision = result.streams[0]!.nextExpectedRevision;
          const projectedInline = result.projectedInline === true;
          pending.forEach((job, i) => job.resolve({ outcome: outcomes[i]!, position: counts[i]! > 0 ? result.position : null, projectedInline }));
          return;
        } catch (error) {
          if (!(error instanceof WrongExpectedRevisionError) || attempt >= this.maxAttempts) throw error;
          if (error.streamId === this.streamId) {
            await this.catchUp(); // another process sold seats: learn what it did, decide again
          } else {
            // a companion stream moved (the reservation changed meanwhile): that job alone fails
            const failed = pending.filter((job) => companionStreams(job, outcomes[pending.indexOf(job)]!).includes(error.streamId));
            failed.forEach((job) => job.reject(error));
            pending = pending.filter((job) => !failed.includes(job));
          }
        }
      }
    } catch (error) {
      // the append may or may not have been written (a lost connection): forget the state, read it again next time
      this.soldOut.appended();
      this.state = initialInventoryState();
      this.revision = -1;
      this.loaded = false;
      if (pending.length > 1 && isDataException(error)) {
        // one job's data the database refused (text it cannot hold): each job alone, so only that one fails
        for (const job of pending) await this.process([job]);
        return;
      }
      pending.forEach((job) => job.reject(error));
    }
  }

  private decide(jobs: readonly Job[]) {
    const inventoryEvents: InventoryEvent[] = [];
    const appends: StreamAppend[] = [];
    const outcomes: HoldOutcome[] = [];
    const counts: number[] = [];
    const refused = new Map<Job, DomainError>();
    const inventoryAppends: StreamAppend['events'][number][] = [];
    if (jobs[0]?.kind === 'hold') {
      const holds = jobs as HoldJob[];
      const decision = decideHolds(this.state, holds.map((job) => job.request));
      holds.forEach((job, i) => {
        const outcome = decision.outcomes[i]!;
        const events = decision.eventsByRequest[i]!;
        for (const event of events) {
          inventoryEvents.push(event);
          inventoryAppends.push(toAppend(event, job.provenance));
        }
        const companions = job.companions(outcome);
        appends.push(...companions);
        outcomes.push(outcome);
        counts.push(events.length + companions.reduce((sum, c) => sum + c.events.length, 0));
      });
    } else {
      // jobs of one reservation never share a batch (see fixedCompanionStreams): each decides on the state as it is
      for (const job of jobs as ChangeJob[]) {
        let events: InventoryEvent[];
        try {
          events = job.decide(this.state);
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          refused.set(job, error);
          continue;
        }
        for (const event of events) {
          inventoryEvents.push(event);
          inventoryAppends.push(toAppend(event, job.provenance));
        }
        const ends = events.some((event) => event.type === 'HoldReleased' && event.data.reservationId === job.reservationId);
        const companions = ends ? [...job.companions, ...job.ending] : job.companions;
        appends.push(...companions);
        outcomes.push({ held: true });
        counts.push(events.length + companions.reduce((sum, c) => sum + c.events.length, 0));
      }
    }
    const expectedRevision = this.revision === -1 ? 'no_stream' : this.revision;
    return {
      appends: [{ streamId: this.streamId, events: inventoryAppends, expectedRevision } as StreamAppend, ...appends],
      inventoryEvents,
      outcomes,
      counts,
      refused,
    };
  }

  /** Folds the events this process has not seen (appended by another one, or everything after a restart). */
  private async catchUp(): Promise<void> {
    for (;;) {
      const events = await this.store.readStream(this.streamId, { fromRevision: this.revision + 1, maxCount: 5_000 });
      for (const event of events) {
        evolveInventory(this.state, { type: event.type, data: event.data } as InventoryEvent);
        this.revision = event.revision;
      }
      if (events.length < 5_000) break;
    }
    this.loaded = true;
  }
}

/**
 * What a change job must not share a batch with: the streams it writes besides the inventory, its hold (a
 * release and a settlement of one reservation decided together would both see the hold as it was) and its
 * exclusive keys (two releases that set seats aside for the waiting list). A hold job's companions are its own
 * new reservation's, never shared.
 */
function fixedCompanionStreams(job: Job): string[] {
  return job.kind === 'change' ? [`hold:${job.reservationId}`, ...job.exclusive.map((key) => `exclusive:${key}`), ...[...job.companions, ...job.ending].map((c) => c.streamId)] : [];
}

function companionStreams(job: Job, outcome: HoldOutcome): string[] {
  return job.kind === 'hold' ? job.companions(outcome).map((a) => a.streamId) : [...job.companions, ...job.ending].map((c) => c.streamId);
}

/** What the remembered refusals of one category asked for. */
interface Refused {
  /** Refused as sold out (no seat left): any quantity is. */
  readonly soldOut: boolean;
  /** The fewest seats a refusal for too few asked for (Infinity: none). */
  readonly fewestShort: number;
  /** The most seats a refusal asked for: a request for more may be one the checks before the inventory refuse. */
  readonly most: number;
}

/**
 * The sold-out refusals of this process that later requests may be answered from (InventoryDesk.knownSoldOut):
 * per event, per category, what confirmed refusals of it alone asked for. Safe across processes because it only
 * ever refuses what a read of the stream refused, while nothing has been appended since: the store's append
 * notifications (every process's, every stream's) forget everything, and nothing is remembered before the
 * notifications are listened to, across a read that a notification interrupted, or for longer than `maxAgeMs`
 * (which also bounds what a dropped notification connection could leave behind).
 */
class SoldOutMemory {
  /** Per event: when a refusal was last remembered, and per category what the remembered refusals asked. */
  private readonly byEvent = new Map<string, { at: number; categories: Map<number, Refused> }>();
  private appends = 0;
  private listening = false;
  private watching = false;

  constructor(
    private readonly store: EventStore,
    private readonly maxAgeMs: number,
    private readonly now: () => number,
  ) {}

  /** Moves with every append notification: a refusal is remembered only if it did not move across its read. */
  generation(): number {
    this.watch();
    return this.appends;
  }

  remember(eventShortName: string, jobs: readonly Job[], outcomes: readonly HoldOutcome[], generation: number): void {
    if (!this.listening || generation !== this.appends || this.maxAgeMs <= 0) return;
    const now = this.now();
    let memory = this.byEvent.get(eventShortName);
    if (memory && now - memory.at > this.maxAgeMs) memory.categories.clear();
    jobs.forEach((job, i) => {
      const outcome = outcomes[i]!;
      if (job.kind !== 'hold' || outcome.held || (outcome.code !== NOT_ENOUGH_TICKETS && outcome.code !== CATEGORY_NOT_SALEABLE)) return;
      const { tickets, services, codeUse, fromWaitingList, limits } = job.request;
      // one category alone, counted against a capacity it has (not refused as a category the offer does not sell)
      if (tickets.length !== 1 || services.length > 0 || codeUse || fromWaitingList || !limits.categoryCapacity.has(tickets[0]!.categoryId)) return;
      const { categoryId, quantity } = tickets[0]!;
      if (!memory) this.byEvent.set(eventShortName, (memory = { at: now, categories: new Map() }));
      memory.at = now;
      const refused = memory.categories.get(categoryId) ?? { soldOut: false, fewestShort: Infinity, most: 0 };
      memory.categories.set(categoryId, {
        soldOut: refused.soldOut || outcome.code === CATEGORY_NOT_SALEABLE,
        fewestShort: outcome.code === NOT_ENOUGH_TICKETS ? Math.min(refused.fewestShort, quantity) : refused.fewestShort,
        most: Math.max(refused.most, quantity),
      });
    });
  }

  /** Past half its age: time to confirm it again (EventDesk.reconfirm). */
  ageing(eventShortName: string): boolean {
    const memory = this.byEvent.get(eventShortName);
    return memory !== undefined && this.now() - memory.at > this.maxAgeMs / 2;
  }

  /** The stream had not moved across a read that began at `generation`: what is remembered of the event holds from now. */
  renew(eventShortName: string, generation: number): void {
    const memory = this.byEvent.get(eventShortName);
    if (memory && this.listening && generation === this.appends) memory.at = this.now();
  }

  covers(eventShortName: string, lines: readonly RequestedSeats[]): SeatsRefusal | null {
    const memory = this.byEvent.get(eventShortName);
    if (!memory) return null;
    if (this.now() - memory.at > this.maxAgeMs) {
      this.byEvent.delete(eventShortName);
      return null;
    }
    const [line, ...others] = lines;
    if (!line || others.length > 0 || line.quantity <= 0) return null;
    const refused = memory.categories.get(line.categoryId);
    if (!refused || line.quantity > refused.most) return null;
    if (refused.soldOut) return CATEGORY_NOT_SALEABLE;
    return line.quantity >= refused.fewestShort ? NOT_ENOUGH_TICKETS : null;
  }

  /** An append, notified or made by this process: nothing remembered holds any more. */
  appended(): void {
    this.appends++;
    this.byEvent.clear();
  }

  private watch(): void {
    if (this.watching || !this.store.watchAppends) return;
    this.watching = true;
    const subscription = this.store.watchAppends(() => this.appended());
    void subscription.caughtUp.then(
      () => (this.listening = true),
      () => undefined,
    );
  }
}

/** PostgreSQL's class 22, data exception: the values written, not the moment, are wrong, so writing them again fails again. */
function isDataException(error: unknown): boolean {
  for (let at: unknown = error; at instanceof Error; at = at.cause) {
    const code = (at as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('22')) return true;
  }
  return false;
}
