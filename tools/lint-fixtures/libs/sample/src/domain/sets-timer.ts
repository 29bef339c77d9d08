// Violates: domain code sets timers.
export const later = (f: () => void) => setTimeout(f, 10);
