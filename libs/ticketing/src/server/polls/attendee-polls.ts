import { Inject, Injectable } from '@nestjs/common';
import { CatalogPolls, type EventPolls } from '@ticketing/catalog/contracts';
import type { EventStore } from '@ticketing/event-store';
import { DomainError, provenance } from '@ticketing/kernel';
import { decideAnswerPoll, isPollOpenTo, pollErrors, pollStreamId } from '@ticketing/ticketing/domain';
import { TICKETING_EVENT_STORE, TICKETING_OPTIONS, type TicketingOptions } from '../tokens.js';
import { PollAttendees, type PollAttendee } from './poll-attendee.js';
import { pollView, pollWithOptionsView, type PollView, type PollWithOptionsView } from './poll.views.js';

/**
 * The poll calls of a checked-in attendee (reference 49-51), in alf.io's order of checks: the event exists
 * (`not_found`), the PIN names one checked-in ticket of it (`pin.invalid`, `pin.duplicate`), the poll is open to
 * that ticket (`not_found`). Every refusal is on the field `pin`, but an option not of the poll (`optionId`).
 */
@Injectable()
export class AttendeePolls {
  constructor(
    @Inject(TICKETING_OPTIONS) private readonly options: TicketingOptions,
    @Inject(TICKETING_EVENT_STORE) private readonly store: EventStore,
    private readonly catalog: CatalogPolls,
    private readonly attendees: PollAttendees,
  ) {}

  /** The polls open to the attendee now, in the organizer's order. */
  async list(eventShortName: string, pin: string): Promise<PollView[]> {
    const { polls, attendee } = await this.attendeeOf(eventShortName, pin);
    return polls.polls.filter((p) => isPollOpenTo(p, attendee.tags)).map((p) => pollView(p, polls));
  }

  async poll(eventShortName: string, pollId: number, pin: string): Promise<PollWithOptionsView> {
    const { polls, attendee } = await this.attendeeOf(eventShortName, pin);
    const poll = polls.polls.find((p) => p.id === pollId);
    if (!poll || !isPollOpenTo(poll, attendee.tags)) throw new DomainError(pollErrors.notFound, 'pin');
    return pollWithOptionsView(poll, polls);
  }

  /** Records the attendee's choice (replacing an earlier one) and returns once the results show it. */
  async answer(eventShortName: string, pollId: number, pin: string, optionId: number, actor: string): Promise<true> {
    const { polls, attendee } = await this.attendeeOf(eventShortName, pin);
    const poll = polls.polls.find((p) => p.id === pollId) ?? null;
    const events = decideAnswerPoll({ type: 'AnswerPoll', data: { eventShortName, poll, pollId, optionId, ticketId: attendee.ticketId, ticketTags: attendee.tags } });
    const metadata = provenance(this.options.ids.uuid(), actor, this.options.clock.now());
    // Answers of different tickets never conflict, and one ticket's later answer wins: no expected revision.
    const { position } = await this.store.append(pollStreamId(eventShortName, pollId), events.map((e) => ({ type: e.type, data: { ...e.data }, metadata })), 'any');
    await this.options.waitForProjections(position);
    return true;
  }

  private async attendeeOf(eventShortName: string, pin: string): Promise<{ polls: EventPolls; attendee: PollAttendee }> {
    const polls = await this.catalog.pollsOf(eventShortName);
    if (!polls) throw new DomainError(pollErrors.notFound, 'pin');
    return { polls, attendee: await this.attendees.byPin(eventShortName, pin) };
  }
}
