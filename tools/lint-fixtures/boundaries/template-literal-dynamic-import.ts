// lint as: libs/sales/src/server/fixture.ts
// Violates: a context reaches another only through its contracts, also by a dynamic import written as a template.
export const load = () => import(`@ticketing/catalog/server`);
