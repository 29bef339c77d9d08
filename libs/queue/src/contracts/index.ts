// What other parts may know of the waiting room: the headers of its refusal (the storefront's client and the API
// description name them).
export { QUEUE_TOKEN_HEADER, QUEUE_TOKEN_MISSING_HEADER, QUEUE_TOKEN_MISSING_VALUE } from './queue-headers.js';
