// Violates: domain code validates with zod (DTO concern).
import { z } from 'zod';
export const x = z;
