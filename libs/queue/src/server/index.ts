// The waiting room's server: its module, its tables, the gate the composition installs in front of reserve-tickets.
export { QueueModule, type QueueOptions } from './queue.module.js';
export { queueMigrations } from './room/queue-migrations.js';
export { installQueueGate } from './http/queue-gate.js';
export { AdmissionJob } from './admission/admission-job.js';
export { AdmissionTokens } from './room/admission-tokens.js';
export { WaitingRoomSettings } from './room/waiting-room-settings.js';
