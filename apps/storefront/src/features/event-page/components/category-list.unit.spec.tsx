import { describe, expect, it } from 'vitest';
import { makeCategory, makeItems } from '../../../test/catalog-fixtures';
import { salesState } from './category-list';

const soldOut = makeCategory(1, 'A', { saleableAndLimitNotReached: false, soldOutOrLimitReached: true });
const future = makeCategory(2, 'B', { saleableAndLimitNotReached: false, saleInFuture: true });
const onSale = makeCategory(3, 'C');

describe('sales state of the event', () => {
  it('follows the waiting-list flags of the server', () => {
    expect(salesState(makeItems({ ticketCategories: [onSale], waitingList: true, preSales: true }))).toEqual({ preSales: true, soldOut: false });
    expect(salesState(makeItems({ ticketCategories: [onSale], waitingList: true, preSales: false }))).toEqual({ preSales: false, soldOut: true });
  });

  it('reads the categories when there is no waiting list', () => {
    expect(salesState(makeItems({ ticketCategories: [soldOut, soldOut] }))).toEqual({ preSales: false, soldOut: true });
    expect(salesState(makeItems({ ticketCategories: [future] }))).toEqual({ preSales: true, soldOut: false });
    expect(salesState(makeItems({ ticketCategories: [soldOut, onSale] }))).toEqual({ preSales: false, soldOut: false });
    expect(salesState(makeItems({ ticketCategories: [] }))).toEqual({ preSales: false, soldOut: false });
  });
});
