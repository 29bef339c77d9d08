// Violates: domain code reads the environment.
export const mode = () => process.env['MODE'];
