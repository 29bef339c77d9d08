import { randomBytes } from 'node:crypto';

export type SaferpayOutcome = 'pay' | 'decline' | 'cancel';

export interface SaferpayStandInAmount {
  readonly Value: string;
  readonly CurrencyCode: string;
}

export interface SaferpayStandInRefund {
  readonly transactionId: string;
  status: 'AUTHORIZED' | 'CAPTURED';
  readonly amount: SaferpayStandInAmount;
  captureId: string | null;
}

export interface SaferpayStandInPayment {
  readonly token: string;
  /** The RequestId of the Initialize that made it. */
  readonly requestId: string;
  readonly terminalId: string;
  readonly orderId: string;
  readonly description: string;
  readonly amount: SaferpayStandInAmount;
  readonly paymentMethods: readonly string[];
  readonly returnUrl: string;
  readonly successNotifyUrl: string | null;
  readonly failNotifyUrl: string | null;
  /** OPEN until the payer acts; AUTHORIZED once paid, CAPTURED once the shop captured. */
  state: 'OPEN' | 'AUTHORIZED' | 'CAPTURED' | 'DECLINED' | 'ABORTED' | 'EXPIRED';
  transactionId: string | null;
  captureId: string | null;
  readonly refunds: SaferpayStandInRefund[];
}

/** Saferpay's ids: 28 letters and digits. */
export const saferpayId = (): string => randomBytes(21).toString('base64').replace(/[+/=]/g, 'A').slice(0, 28);

/** The payments the stand-in holds and the transactions (payments and refunds) they made, by their ids. */
export function saferpayLedger() {
  const payments = new Map<string, SaferpayStandInPayment>();
  const transactions = new Map<string, { payment: SaferpayStandInPayment; refund: SaferpayStandInRefund | null }>();

  return {
    payments,
    add(payment: SaferpayStandInPayment): void {
      payments.set(payment.token, payment);
    },
    /** The payer's decision on the page. False when the payment is no longer open. */
    settle(payment: SaferpayStandInPayment, outcome: SaferpayOutcome): boolean {
      if (payment.state !== 'OPEN') return false;
      if (outcome === 'pay') {
        payment.state = 'AUTHORIZED';
        payment.transactionId = saferpayId();
        transactions.set(payment.transactionId, { payment, refund: null });
      } else {
        payment.state = outcome === 'decline' ? 'DECLINED' : 'ABORTED';
      }
      return true;
    },
    transaction(transactionId: string) {
      return transactions.get(transactionId);
    },
    byCapture(captureId: string): SaferpayStandInPayment | undefined {
      return [...payments.values()].find((p) => p.captureId === captureId);
    },
    addRefund(payment: SaferpayStandInPayment, amount: SaferpayStandInAmount): SaferpayStandInRefund {
      const refund: SaferpayStandInRefund = { transactionId: saferpayId(), status: 'AUTHORIZED', amount, captureId: null };
      payment.refunds.push(refund);
      transactions.set(refund.transactionId, { payment, refund });
      return refund;
    },
  };
}

export type SaferpayLedger = ReturnType<typeof saferpayLedger>;
