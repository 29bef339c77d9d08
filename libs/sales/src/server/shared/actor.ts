// the visitor session and the actor of events are the same for every context's controllers
export { actorOf, type SessionRequest } from '@ticketing/wire';
