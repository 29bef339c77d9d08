// What other contexts may know of sales: the figures the catalog shows, and the orders behind tickets.
export { SalesFigures, type EventSalesFigures } from './sales-figures.js';
export { TicketOrders, type TicketOrder, type TicketOwnerInput, type CompanionAppend, type ItemAnswersChange } from './ticket-orders.js';
