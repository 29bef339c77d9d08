import { describe, expect, it } from 'vitest';
import type { EventCatalogEvent, Poll } from '@ticketing/catalog/contracts';
import { catalogErrors as e } from '../shared/catalog-violation.js';
import { deciderSpec } from '@ticketing/testing';
import { publishCatalog } from '@ticketing/testing/catalog-commands';
import { eventCatalogDecider } from './publish-event-catalog.js';

const spec = deciderSpec(eventCatalogDecider);
const eventShortName = 'devday-2030';
const talk: Poll = {
  id: 1,
  status: 'OPEN',
  title: { en: 'Next talk?', it: 'Prossimo talk?' },
  description: {},
  allowedTags: [],
  order: 0,
  options: [
    { id: 1, title: { en: 'Rust', it: 'Rust' }, description: {} },
    { id: 2, title: { en: 'Go', it: 'Go' }, description: { en: 'The gopher.' } },
  ],
};
const lunch: Poll = { ...talk, id: 2, status: 'DRAFT', order: 1, title: { en: 'Lunch?', it: 'Pranzo?' } };
const withPolls = (...polls: Poll[]) => publishCatalog({ polls });
const published: EventCatalogEvent[] = spec.given([]).when(withPolls(talk, lunch)).events().slice();

describe('PublishEventCatalog with polls', () => {
  it('adds each poll last, on an empty stream', () => {
    expect(published.slice(-2)).toEqual([
      { type: 'PollAdded', data: { eventShortName, poll: talk } },
      { type: 'PollAdded', data: { eventShortName, poll: lunch } },
    ]);
  });

  it('changes nothing when the same polls are published again', () => {
    spec.given(published).when(withPolls(talk, lunch)).then([]);
  });

  it('opens and closes a poll: a new status is a PollChanged with the whole poll', () => {
    spec.given(published).when(withPolls({ ...talk, status: 'CLOSED' }, { ...lunch, status: 'OPEN' })).then([
      { type: 'PollChanged', data: { eventShortName, poll: { ...talk, status: 'CLOSED' } } },
      { type: 'PollChanged', data: { eventShortName, poll: { ...lunch, status: 'OPEN' } } },
    ]);
  });

  it('removes a poll no longer listed', () => {
    spec.given(published).when(withPolls(talk)).then([{ type: 'PollRemoved', data: { eventShortName, pollId: 2 } }]);
  });

  it('reads a stream from before polls as one without any', () => {
    const before = spec.given([]).when(publishCatalog()).events().slice();
    expect(before.some((x) => x.type.startsWith('Poll'))).toBe(false);
    spec.given(before).when(withPolls(talk)).then([{ type: 'PollAdded', data: { eventShortName, poll: talk } }]);
  });

  it.each([
    ['two polls with one id', withPolls(talk, { ...lunch, id: 1 }), e.duplicateKey, 'polls[1].id'],
    ['an id below 1', withPolls({ ...talk, id: 0 }), e.belowOne, 'polls[0].id'],
    ['a status that is not one of the three', withPolls({ ...talk, status: 'PAUSED' as Poll['status'] }), e.invalidValue, 'polls[0].status'],
    ['a title missing in a content language', withPolls({ ...talk, title: { en: 'Next talk?' } }), e.missingTranslation, 'polls[0].title.it'],
    ['a description in a language the event does not offer', withPolls({ ...talk, description: { fr: 'Choisissez' } }), e.languageNotOffered, 'polls[0].description.fr'],
    ['an OPEN poll without options', withPolls({ ...talk, options: [] }), e.required, 'polls[0].options'],
    ['two options with one id', withPolls({ ...talk, options: [talk.options[0]!, { ...talk.options[1]!, id: 1 }] }), e.duplicateKey, 'polls[0].options[1].id'],
    ['an option title missing in a content language', withPolls({ ...talk, options: [{ ...talk.options[0]!, title: { it: 'Rust' } }] }), e.missingTranslation, 'polls[0].options[0].title.en'],
    ['an empty tag', withPolls({ ...talk, allowedTags: [' '] }), e.required, 'polls[0].allowedTags[0]'],
  ])('refuses %s', (_name, command, code, path) => {
    spec.given([]).when(command).thenThrows(code, path);
  });

  it('takes a DRAFT poll without options yet', () => {
    const events = spec.given([]).when(withPolls({ ...lunch, options: [] })).events();
    expect(events.at(-1)).toEqual({ type: 'PollAdded', data: { eventShortName, poll: { ...lunch, options: [] } } });
  });
});
