// The catalog feature: home and list pages, and their loaders (used by the routes).
export { HomePage } from './components/home-page';
export { AllEventsPage } from './components/all-events-page';
export { AllSubscriptionsPage } from './components/all-subscriptions-page';
export { loadAllEvents, loadAllSubscriptions, loadHome } from './catalog-loaders';
export { HOME_LIST_SIZE, homeView, onlyEvent, onlySubscription } from './catalog-view';
