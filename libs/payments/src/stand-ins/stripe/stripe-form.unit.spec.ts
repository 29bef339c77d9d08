import { describe, expect, it } from 'vitest';
import { parseStripeForm } from './stripe-form.js';

describe('Stripe form bodies', () => {
  it('nests bracketed keys and reads indexed keys as lists, as stripe-node encodes a PaymentIntent', () => {
    const body =
      'amount=2500&currency=eur&allowed_payment_method_types[0]=card&metadata[attemptId]=a-1&metadata[reservationId]=r%201' +
      '&payment_method_data[type]=card&payment_method_data[card][token]=tok_visa&confirm=true';
    expect(parseStripeForm(body)).toEqual({
      amount: '2500',
      currency: 'eur',
      allowed_payment_method_types: ['card'],
      metadata: { attemptId: 'a-1', reservationId: 'r 1' },
      payment_method_data: { type: 'card', card: { token: 'tok_visa' } },
      confirm: 'true',
    });
  });

  it('reads percent-encoded brackets, `[]` appends and a form-encoded space', () => {
    expect(parseStripeForm('expand%5B%5D=a&expand%5B%5D=b&description=Two+passes')).toEqual({ expand: ['a', 'b'], description: 'Two passes' });
  });

  it('keeps an object whose keys are numbers but not 0..n-1 an object', () => {
    expect(parseStripeForm('a[1]=x&a[2]=y')).toEqual({ a: { 1: 'x', 2: 'y' } });
  });
});
