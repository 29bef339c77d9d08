import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeRequest } from '../../../test/catalog-fixtures';
import { makeEvent } from '../../../test/catalog-fixtures';
import { renderApp } from '../../../test/render-app';
import { createTestContext } from '../../../test/test-context';

const EVENT = 'jazz-2027';
const API = `/api/v2/public/event/${EVENT}`;
const POLLS = `${API}/poll`;
const PAGE = `/event/${EVENT}/poll`;
const PIN = 'AB3K9Z';
const STORED = `ticketing.poll-pin.${EVENT}`;

const ok = <T,>(value: T) => ({ success: true, errorCount: 0, validationErrors: [], value, warnings: [] });
const refused = (code: string, fieldName = 'pin') => ({
  status: 422,
  body: { success: false, errorCount: 1, validationErrors: [{ fieldName, code, arguments: null }], value: null, warnings: [] },
});

function makePoll(id: number, title: string, order: number, description = '') {
  return { id, status: 'OPEN', title: { en: title, de: `${title} (de)` }, description: description ? { en: description } : {}, allowedTags: [], order, eventId: 7, organizationId: 3 };
}

const lunch = makePoll(5, 'Lunch', 2, 'What should we eat?');
const keynote = makePoll(3, 'Best keynote', 1);
const lunchWithOptions = {
  poll: lunch,
  options: [
    { id: 51, pollId: 5, title: { en: 'Pizza' }, description: { en: 'From the wood oven' } },
    { id: 52, pollId: 5, title: { en: 'Salad' }, description: {} },
    { id: 53, pollId: 5, title: { en: 'Curry' }, description: {} },
  ],
};

/** The poll endpoints of reference 49-51 for one valid PIN: others are `pin.invalid`, as the server answers them. */
function api(overrides: Record<string, unknown> = {}) {
  const byPin = (answer: unknown) => (url: URL) => (url.searchParams.get('pin') === PIN ? answer : refused('pin.invalid'));
  return {
    [API]: makeEvent(EVENT),
    [POLLS]: byPin(ok([lunch, keynote])),
    [`${POLLS}/5`]: byPin(ok(lunchWithOptions)),
    [`POST ${POLLS}/5/answer`]: (_: URL, request: FakeRequest) => ((request.body as { pin: string }).pin === PIN ? ok(true) : refused('pin.invalid')),
    ...overrides,
  };
}

const pinField = () => screen.findByRole('textbox', { name: 'Enter your PIN' });
const path = (rendered: { router: { state: { location: { pathname: string } } } }) => rendered.router.state.location.pathname;

async function givePin(pin: string) {
  fireEvent.change(await pinField(), { target: { value: pin } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('the poll area (reference 49-51)', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  describe('the PIN form', () => {
    it('tells where the PIN comes from, and takes it in lowercase with spaces and dashes', async () => {
      const rendered = renderApp(PAGE, api());
      const field = await pinField();
      expect(field.getAttribute('aria-describedby')).toBe(screen.getByText("Your ticket's page shows the PIN once your ticket has been checked in.").id);
      await givePin(' ab3-k9 z ');
      await screen.findByRole('heading', { level: 2, name: 'Select a poll' });
      expect(rendered.calls.filter((c) => c.startsWith(POLLS))).toEqual([`${POLLS}?pin=${PIN}`]);
      expect(sessionStorage.getItem(STORED)).toBe(PIN);
    });

    it.each([
      ['pin.invalid', 'Invalid PIN'],
      ['pin.duplicate', 'This PIN matches more than one ticket. Please ask the organizers for help.'],
      ['not_found', 'This poll is not open, or it does not exist.'],
    ])('shows %s on the field in words, announced, with the focus back on the field', async (code, words) => {
      renderApp(PAGE, api({ [POLLS]: refused(code) }));
      await givePin('zzzzzz');
      const error = await screen.findByText(words);
      const field = await pinField();
      expect(error.getAttribute('role')).toBe('alert');
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);
      expect(document.activeElement).toBe(field);
      expect(screen.queryByText(code)).toBeNull();
      expect(sessionStorage.getItem(STORED)).toBeNull();
      // typing again clears the error
      fireEvent.change(field, { target: { value: 'a' } });
      expect(field.getAttribute('aria-invalid')).toBeNull();
      expect(screen.queryByText(words)).toBeNull();
    });

    it('moves the focus to the open polls once the PIN is accepted (the form the focus was in is gone)', async () => {
      renderApp(PAGE, api());
      await givePin(PIN);
      const heading = await screen.findByRole('heading', { level: 2, name: 'Select a poll' });
      await vi.waitFor(() => expect(document.activeElement).toBe(heading));
    });

    it('says the same refusal again, with the focus back on the field, when the same PIN is sent again', async () => {
      renderApp(PAGE, api());
      await givePin('zzzzzz');
      await screen.findByText('Invalid PIN');
      const button = screen.getByRole('button', { name: 'Continue' });
      button.focus();
      fireEvent.click(button);
      await vi.waitFor(() => expect(screen.queryByText('Invalid PIN')).toBeNull());
      expect(await screen.findByText('Invalid PIN')).toBeTruthy();
      await vi.waitFor(async () => expect(document.activeElement).toBe(await pinField()));
    });

    it('asks for a PIN before asking the server', async () => {
      const rendered = renderApp(PAGE, api());
      await givePin('  ');
      expect(await screen.findByText('Please enter your PIN.')).toBeTruthy();
      expect(rendered.calls.filter((c) => c.startsWith(POLLS))).toEqual([]);
    });

    it('says so when the server cannot be reached, without a code', async () => {
      renderApp(PAGE, api({ [POLLS]: { status: 503 } }));
      await givePin(PIN);
      expect(await screen.findByText('The polls could not be reached. Please try again.')).toBeTruthy();
    });
  });

  describe('the open polls', () => {
    it('lists them in their order, each a link to answer it, in the visitor\'s language', async () => {
      sessionStorage.setItem(STORED, PIN);
      renderApp(PAGE, api());
      const list = within(await screen.findByRole('region', { name: 'Select a poll' }));
      const links = list.getAllByRole('link');
      expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
        ['Best keynote', `${PAGE}/3`],
        ['Lunch', `${PAGE}/5`],
      ]);
      expect(list.getByText('What should we eat?')).toBeTruthy();
      expect(document.title).toBe(`${EVENT} (en): poll`);
    });

    it('says when none is open', async () => {
      sessionStorage.setItem(STORED, PIN);
      renderApp(PAGE, api({ [POLLS]: ok([]) }));
      expect(await screen.findByText('There are no open polls right now.')).toBeTruthy();
      expect(screen.queryAllByRole('link', { name: /Lunch/ })).toEqual([]);
    });

    it('asks for the PIN again when the one kept is refused, and on request', async () => {
      sessionStorage.setItem(STORED, 'OLDPIN');
      renderApp(PAGE, api());
      expect(await screen.findByText('Invalid PIN')).toBeTruthy();
      expect(sessionStorage.getItem(STORED)).toBeNull();
      await givePin(PIN);
      fireEvent.click(await screen.findByRole('button', { name: 'Use another PIN' }));
      const field = await pinField();
      expect(sessionStorage.getItem(STORED)).toBeNull();
      // the button pressed is gone: the focus goes to the field that replaced it
      expect(document.activeElement).toBe(field);
    });
  });

  describe('a poll', () => {
    it('keeps the PIN from the list to the poll, and asks for it first on a poll opened without one', async () => {
      const rendered = renderApp(PAGE, api());
      await givePin(PIN);
      fireEvent.click(await screen.findByRole('link', { name: 'Lunch' }));
      await screen.findByRole('group', { name: 'Choose your answer' });
      expect(path(rendered)).toBe(`${PAGE}/5`);
      expect(screen.queryByRole('textbox', { name: 'Enter your PIN' })).toBeNull();
      expect(rendered.calls).toContain(`${POLLS}/5?pin=${PIN}`);
      cleanup();
      vi.unstubAllGlobals();

      sessionStorage.clear();
      const direct = renderApp(`${PAGE}/5`, api());
      await givePin(PIN);
      await screen.findByRole('group', { name: 'Choose your answer' });
      expect(path(direct)).toBe(`${PAGE}/5`);
    });

    it('takes the answer from a radio group and thanks with the choice; the attendee may vote again', async () => {
      sessionStorage.setItem(STORED, PIN);
      const rendered = renderApp(`${PAGE}/5`, api());
      const group = within(await screen.findByRole('group', { name: 'Choose your answer' }));
      expect(screen.getByRole('heading', { level: 2, name: 'Lunch' })).toBeTruthy();
      expect(screen.getByText('What should we eat?')).toBeTruthy();
      const radios = group.getAllByRole('radio');
      expect(radios.map((r) => (r as HTMLInputElement).name)).toEqual(['optionId', 'optionId', 'optionId']);
      expect(group.getByRole('radio', { name: 'Pizza' }).getAttribute('aria-describedby')).toBe(group.getByText('From the wood oven').id);

      fireEvent.click(group.getByRole('radio', { name: 'Salad' }));
      fireEvent.click(screen.getByRole('button', { name: 'Vote' }));
      const thanks = await screen.findByRole('heading', { name: 'Thank you, your vote has been recorded' });
      expect(screen.getByText('Your answer: Salad')).toBeTruthy();
      expect(document.activeElement).toBe(thanks);
      const posted = rendered.requests.filter((r) => r.method === 'POST');
      expect(posted.map((r) => [r.url, r.body])).toEqual([[`${POLLS}/5/answer`, { pin: PIN, optionId: 52 }]]);

      fireEvent.click(screen.getByRole('button', { name: 'Change your vote' }));
      // the thanks and its button are gone: the focus goes to the answer given
      await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Salad' })));
      fireEvent.click(within(await screen.findByRole('group', { name: 'Choose your answer' })).getByRole('radio', { name: 'Curry' }));
      fireEvent.click(screen.getByRole('button', { name: 'Vote' }));
      expect(await screen.findByText('Your answer: Curry')).toBeTruthy();
      expect(rendered.requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
        { pin: PIN, optionId: 52 },
        { pin: PIN, optionId: 53 },
      ]);

      fireEvent.click(screen.getByRole('link', { name: 'Back to the polls' }));
      await screen.findByRole('region', { name: 'Select a poll' });
      expect(path(rendered)).toBe(PAGE);
    });

    it('works from the keyboard: a native radio group in a form, the button submits it, a missing choice is announced', async () => {
      sessionStorage.setItem(STORED, PIN);
      const rendered = renderApp(`${PAGE}/5`, api());
      const fieldset = await screen.findByRole('group', { name: 'Choose your answer' });
      const form = fieldset.closest('form')!;
      const submit = within(form).getByRole('button', { name: 'Vote' }) as HTMLButtonElement;
      expect(submit.type).toBe('submit');
      // nothing chosen: Enter in the form (a submit) says so and puts the focus in the group
      fireEvent.submit(form);
      const error = await screen.findByText('Please choose an answer.');
      expect(error.getAttribute('role')).toBe('alert');
      expect(fieldset.getAttribute('aria-describedby')).toBe(error.id);
      expect(document.activeElement).toBe(within(fieldset).getByRole('radio', { name: 'Pizza' }));
      // Space on a focused radio checks it (a click, for the DOM); Enter submits
      fireEvent.click(document.activeElement!);
      expect(screen.queryByText('Please choose an answer.')).toBeNull();
      fireEvent.submit(form);
      expect(await screen.findByText('Your answer: Pizza')).toBeTruthy();
      expect(rendered.requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([{ pin: PIN, optionId: 51 }]);
    });

    it.each([
      [refused('not_found', 'optionId'), 'This answer is no longer available. Please choose another one.'],
      [refused('not_found'), 'This poll is not open, or it does not exist.'],
      [{ status: 500 }, 'The polls could not be reached. Please try again.'],
    ])('shows a refused answer in words (%j)', async (answer, words) => {
      sessionStorage.setItem(STORED, PIN);
      renderApp(`${PAGE}/5`, api({ [`POST ${POLLS}/5/answer`]: answer }));
      fireEvent.click(within(await screen.findByRole('group', { name: 'Choose your answer' })).getByRole('radio', { name: 'Pizza' }));
      fireEvent.click(screen.getByRole('button', { name: 'Vote' }));
      expect((await screen.findByText(words)).getAttribute('role')).toBe('alert');
      expect(screen.queryByText(/not_found/)).toBeNull();
      expect(screen.queryByRole('heading', { name: 'Thank you, your vote has been recorded' })).toBeNull();
    });

    it('reads the poll again when an answer was taken away meanwhile, and offers what is left', async () => {
      sessionStorage.setItem(STORED, PIN);
      let reads = 0;
      const withoutPizza = { ...lunchWithOptions, options: lunchWithOptions.options.slice(1) };
      renderApp(
        `${PAGE}/5`,
        api({
          [`${POLLS}/5`]: () => ok(reads++ === 0 ? lunchWithOptions : withoutPizza),
          [`POST ${POLLS}/5/answer`]: refused('not_found', 'optionId'),
        }),
      );
      fireEvent.click(within(await screen.findByRole('group', { name: 'Choose your answer' })).getByRole('radio', { name: 'Pizza' }));
      fireEvent.click(screen.getByRole('button', { name: 'Vote' }));
      expect(await screen.findByText('This answer is no longer available. Please choose another one.')).toBeTruthy();
      await vi.waitFor(() => expect(screen.queryByRole('radio', { name: 'Pizza' })).toBeNull());
      expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['52', '53']);
    });

    it('asks for the PIN again when the answer is refused for it', async () => {
      sessionStorage.setItem(STORED, PIN);
      renderApp(`${PAGE}/5`, api({ [`POST ${POLLS}/5/answer`]: refused('pin.duplicate') }));
      fireEvent.click(within(await screen.findByRole('group', { name: 'Choose your answer' })).getByRole('radio', { name: 'Pizza' }));
      fireEvent.click(screen.getByRole('button', { name: 'Vote' }));
      expect(await screen.findByText('This PIN matches more than one ticket. Please ask the organizers for help.')).toBeTruthy();
      expect(document.activeElement).toBe(await pinField());
    });

    it('says a poll that is not open (or not a poll number) is not there, with the way back', async () => {
      sessionStorage.setItem(STORED, PIN);
      const rendered = renderApp(`${PAGE}/9`, api({ [`${POLLS}/9`]: refused('not_found') }));
      expect(await screen.findByText('This poll is not open, or it does not exist.')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Back to the polls' }).getAttribute('href')).toBe(PAGE);
      cleanup();
      vi.unstubAllGlobals();
      const other = renderApp(`${PAGE}/lunch`, api());
      expect(await screen.findByText('This poll is not open, or it does not exist.')).toBeTruthy();
      expect(other.calls.filter((c) => c.startsWith(POLLS))).toEqual([]);
      expect(rendered.calls).toContain(`${POLLS}/9?pin=${PIN}`);
    });

    it('shows the poll in the language chosen, with the fallback the storefront uses', async () => {
      sessionStorage.setItem(STORED, PIN);
      renderApp(`${PAGE}/5`, api({ [API]: makeEvent(EVENT, { langs: ['en', 'de'] }) }), createTestContext({ lang: 'de' }));
      expect(await screen.findByRole('heading', { level: 2, name: 'Lunch (de)' })).toBeTruthy();
      expect(screen.getByRole('heading', { level: 1, name: `${EVENT} (de): Umfrage` })).toBeTruthy();
      // no German option titles: the event's first language
      expect(screen.getByRole('radio', { name: 'Pizza' })).toBeTruthy();
      expect(screen.getByRole('group', { name: 'Wählen Sie Ihre Antwort' })).toBeTruthy();
    });
  });
});
