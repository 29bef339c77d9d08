// Violates: domain code imports the server layer of its context.
import { handler } from '../server/commands/x.js';
export const x = handler;
