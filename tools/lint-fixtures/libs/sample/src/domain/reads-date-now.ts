// Violates: domain code reads the clock through Date.now.
export const now = () => Date.now();
