// The poll feature's public surface: the page, in a chunk of its own (a ticket's page links to it, handing the PIN
// over in the history state: see poll-pin.ts).
export { PollPage } from './components/poll-page';
