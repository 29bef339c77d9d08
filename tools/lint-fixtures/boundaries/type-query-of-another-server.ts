// lint as: libs/sales/src/domain/fixture.ts
// Violates: domain code depends only on the kernel and contracts, also in a type query.
export type Module = typeof import('@ticketing/catalog/server');
