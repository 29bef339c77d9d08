// What other contexts may know of sales: the figures the catalog shows.
export { SalesFigures, type EventSalesFigures } from './sales-figures.js';
