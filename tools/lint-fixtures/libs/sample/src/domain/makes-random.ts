// Violates: domain code makes random values.
export const id = () => Math.random();
