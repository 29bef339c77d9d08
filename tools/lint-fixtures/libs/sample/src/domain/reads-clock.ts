// Violates: domain code reads the clock.
export const now = () => new Date();
