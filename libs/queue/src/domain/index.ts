// The waiting room's rules: the draw, the pace of admissions, what a buyer in line is told. Pure: time, seeds and
// places come in as arguments.
export { drawOrder, seededRandom } from './draw/draw-order.js';
export { paceAdmissions, type AdmissionPace, type PaceDecision, type PaceInput } from './admission/admission-pace.js';
export { queueStatus, type PlaceInLine, type QueueStatus, type RoomProgress } from './status/queue-status.js';
