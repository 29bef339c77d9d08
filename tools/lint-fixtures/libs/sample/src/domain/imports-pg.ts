// Violates: domain code does database I/O.
import pg from 'pg';
export const x = pg;
