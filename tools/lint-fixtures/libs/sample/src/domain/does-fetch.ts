// Violates: domain code does network I/O.
export const get = (u: string) => fetch(u);
