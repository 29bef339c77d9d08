// The event page feature (spec 2, Event page): route loaders, the page, the per-event CSS.
export { EventPage } from './components/event-page';
export { CODE_NOT_FOUND, checkCode, loadEvent } from './event-loaders';
export { loadEventItems } from './event-items-loader';
export type { CodeState } from './event-loaders';
export { EventScope } from './components/event-scope';
export { EVENT_CSS_ELEMENT_ID, useEventCustomCss } from './hooks/use-event-custom-css';
