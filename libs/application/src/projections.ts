// The read models alone, for the projection thread and the tools CLI: no Nest application comes with them.
export { allProjections } from './platform/all-projections.js';
export type { ProjectionWorkerData } from './platform/projection-worker-file.js';
