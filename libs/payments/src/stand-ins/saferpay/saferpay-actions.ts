import { saferpayId, type SaferpayLedger, type SaferpayStandInAmount, type SaferpayStandInPayment } from './saferpay-ledger.js';

/** An HTTP answer of the stand-in's API, before the ResponseHeader is added. */
export type Answer = { readonly status: number; readonly body: Record<string, unknown> };

export type Action = (body: Record<string, unknown>, requestId: string) => Answer;

/** Saferpay's error message: ResponseHeader, Behavior, ErrorName (stable), ErrorMessage (for people). */
export function saferpayError(status: number, requestId: string, name: string, message: string, extra: Record<string, unknown> = {}): Answer {
  return {
    status,
    body: { ResponseHeader: { SpecVersion: '1.40', RequestId: requestId }, Behavior: 'DO_NOT_RETRY', ErrorName: name, ErrorMessage: message, ...extra },
  };
}

/**
 * The JSON API's actions the adapter uses, by their path: PaymentPage Initialize and Assert, Transaction Capture
 * (of a payment or of a refund) and Refund (referenced by the capture id), with Saferpay's error names.
 */
export function saferpayActions(ledger: SaferpayLedger, origin: () => string, terminalId: string | undefined): Record<string, Action> {
  const transactionJson = (payment: SaferpayStandInPayment) => ({
    Type: 'PAYMENT',
    Status: payment.state,
    Id: payment.transactionId,
    ...(payment.captureId ? { CaptureId: payment.captureId } : {}),
    Date: new Date().toISOString(),
    Amount: payment.amount,
    OrderId: payment.orderId,
    AcquirerName: 'Saferpay Test Card',
    AcquirerReference: '000000',
    SixTransactionReference: `0:0:3:${payment.transactionId}`,
    ApprovalCode: '012345',
  });
  const paymentMeans = { Brand: { PaymentMethod: 'VISA', Name: 'VISA Saferpay Test' }, DisplayText: '9123 45xx xxxx 1234' };

  function initialize(body: Record<string, unknown>, requestId: string): Answer {
    const terminal = body['TerminalId'];
    if (typeof terminal !== 'string' || !/^\d{8}$/.test(terminal)) return saferpayError(400, requestId, 'VALIDATION_FAILED', 'Request validation failed', { ErrorDetail: ['TerminalId: Numeric[8..8]'] });
    if (terminalId && terminal !== terminalId) return saferpayError(403, requestId, 'PERMISSION_DENIED', 'Terminal does not belong to the customer');
    const payment = body['Payment'] as { Amount?: Partial<SaferpayStandInAmount>; OrderId?: unknown; Description?: unknown } | undefined;
    const amount = payment?.Amount;
    const returnUrl = (body['ReturnUrl'] as { Url?: unknown } | undefined)?.Url;
    const notification = body['Notification'] as { SuccessNotifyUrl?: unknown; FailNotifyUrl?: unknown } | undefined;
    const problems = [
      ...(typeof amount?.Value === 'string' && /^\d{1,16}$/.test(amount.Value) ? [] : ['Payment.Amount.Value: minor units as text']),
      ...(typeof amount?.CurrencyCode === 'string' && /^[A-Z]{3}$/.test(amount.CurrencyCode) ? [] : ['Payment.Amount.CurrencyCode: ISO 4217']),
      ...(typeof payment?.OrderId === 'string' && payment.OrderId.length <= 80 ? [] : ['Payment.OrderId: Id[1..80]']),
      ...(typeof payment?.Description === 'string' && payment.Description.length <= 1000 ? [] : ['Payment.Description: string[1..1000]']),
      ...(typeof returnUrl === 'string' && URL.canParse(returnUrl) ? [] : ['ReturnUrl.Url: an absolute URL']),
    ];
    if (problems.length > 0) return saferpayError(400, requestId, 'VALIDATION_FAILED', 'Request validation failed', { ErrorDetail: problems });
    const token = saferpayId();
    ledger.add({
      token,
      requestId,
      terminalId: terminal,
      orderId: payment!.OrderId as string,
      description: payment!.Description as string,
      amount: { Value: amount!.Value!, CurrencyCode: amount!.CurrencyCode! },
      paymentMethods: Array.isArray(body['PaymentMethods']) ? (body['PaymentMethods'] as string[]) : [],
      returnUrl: returnUrl as string,
      successNotifyUrl: typeof notification?.SuccessNotifyUrl === 'string' ? notification.SuccessNotifyUrl : null,
      failNotifyUrl: typeof notification?.FailNotifyUrl === 'string' ? notification.FailNotifyUrl : null,
      state: 'OPEN',
      transactionId: null,
      captureId: null,
      refunds: [],
    });
    const expiration = new Date(Date.now() + 24 * 3600_000).toISOString();
    return { status: 200, body: { Token: token, Expiration: expiration, RedirectUrl: `${origin()}/vt/${token}` } };
  }

  function assert(body: Record<string, unknown>, requestId: string): Answer {
    const payment = ledger.payments.get(String(body['Token']));
    if (!payment) return saferpayError(402, requestId, 'TOKEN_INVALID', 'Invalid token');
    const about = { TransactionId: payment.transactionId ?? undefined, OrderId: payment.orderId };
    switch (payment.state) {
      case 'OPEN':
        return saferpayError(402, requestId, 'TRANSACTION_NOT_STARTED', 'Transaction not started', { ...about, Behavior: 'RETRY_LATER' });
      case 'ABORTED':
        return saferpayError(402, requestId, 'TRANSACTION_ABORTED', 'Transaction aborted by payer', about);
      case 'DECLINED':
        return saferpayError(402, requestId, 'TRANSACTION_DECLINED', 'Transaction declined by acquirer', { ...about, PayerMessage: 'Card declined' });
      case 'EXPIRED':
        return saferpayError(402, requestId, 'TOKEN_EXPIRED', 'The token is expired');
      default:
        return { status: 200, body: { Transaction: transactionJson(payment), PaymentMeans: paymentMeans, Liability: { LiabilityShift: true, LiableEntity: 'THREEDS' } } };
    }
  }

  function capture(body: Record<string, unknown>, requestId: string): Answer {
    const id = (body['TransactionReference'] as { TransactionId?: unknown } | undefined)?.TransactionId;
    const found = typeof id === 'string' ? ledger.transaction(id) : undefined;
    if (!found) return saferpayError(402, requestId, 'TRANSACTION_NOT_FOUND', 'Transaction not found');
    const target = found.refund ?? found.payment;
    const status = found.refund ? found.refund.status : found.payment.state;
    if (status === 'CAPTURED') return saferpayError(402, requestId, 'TRANSACTION_ALREADY_CAPTURED', 'Transaction already captured');
    if (status !== 'AUTHORIZED') return saferpayError(402, requestId, 'TRANSACTION_IN_WRONG_STATE', `Transaction is ${status}`);
    const captureId = saferpayId();
    if (found.refund) found.refund.status = 'CAPTURED';
    else found.payment.state = 'CAPTURED';
    target.captureId = captureId;
    return { status: 200, body: { CaptureId: captureId, Status: 'CAPTURED', Date: new Date().toISOString() } };
  }

  function refund(body: Record<string, unknown>, requestId: string): Answer {
    const captureId = (body['CaptureReference'] as { CaptureId?: unknown } | undefined)?.CaptureId;
    const payment = typeof captureId === 'string' ? ledger.byCapture(captureId) : undefined;
    if (!payment) return saferpayError(402, requestId, 'TRANSACTION_NOT_FOUND', 'Capture not found');
    const amount = (body['Refund'] as { Amount?: Partial<SaferpayStandInAmount> } | undefined)?.Amount;
    if (typeof amount?.Value !== 'string' || !/^[1-9]\d{0,15}$/.test(amount.Value) || typeof amount.CurrencyCode !== 'string') {
      return saferpayError(400, requestId, 'VALIDATION_FAILED', 'Request validation failed', { ErrorDetail: ['Refund.Amount: minor units and currency'] });
    }
    if (amount.CurrencyCode !== payment.amount.CurrencyCode) return saferpayError(402, requestId, 'CURRENCY_INVALID', 'Currency does not match referenced transaction currency');
    const made = ledger.addRefund(payment, { Value: amount.Value, CurrencyCode: amount.CurrencyCode });
    return {
      status: 200,
      body: {
        Transaction: { Type: 'REFUND', Status: made.status, Id: made.transactionId, Date: new Date().toISOString(), Amount: made.amount, OrderId: payment.orderId, AcquirerName: 'Saferpay Test Card', SixTransactionReference: `0:0:3:${made.transactionId}` },
        PaymentMeans: paymentMeans,
      },
    };
  }

  return {
    '/api/Payment/v1/PaymentPage/Initialize': initialize,
    '/api/Payment/v1/PaymentPage/Assert': assert,
    '/api/Payment/v1/Transaction/Capture': capture,
    '/api/Payment/v1/Transaction/Refund': refund,
  };
}
