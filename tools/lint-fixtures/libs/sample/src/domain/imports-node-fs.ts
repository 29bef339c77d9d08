// Violates: domain code reads host state through node built-ins.
import { readFileSync } from 'node:fs';
export const x = readFileSync;
