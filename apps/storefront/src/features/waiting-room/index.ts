// The waiting room in front of a queued event's sale: the admission (jotai, carried by the reserve call) and the
// refusal test are light; the room itself (polling, texts) is a lazy part of the event page (event-page-parts).
export { admissionsAtom, isAdmitted, isQueueRefusal, QUEUE_TOKEN_HEADER, type Admission } from './atoms';
