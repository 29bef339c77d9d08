import type { Organizer, OrganizerProviderAccounts } from '@ticketing/catalog/contracts';
import type { OnlineMethod, OnlineProxy } from '@ticketing/payments/contracts';
import type { PaymentProviderAdapter } from '../providers/payment-provider.js';
import { mollieAdapter } from '../providers/mollie/index.js';
import { paypalAdapter } from '../providers/paypal/index.js';
import { saferpayAdapter } from '../providers/saferpay/index.js';
import { stripeAdapter } from '../providers/stripe/index.js';

/**
 * Where the local stand-ins listen (base URLs), when the server runs in payment test mode: `npm start` without
 * provider keys, and the tests. Never in production (the configuration refuses it with APP_MODE=prod).
 */
export interface StandInUrls {
  readonly stripe: string;
  readonly mollie: string;
  readonly paypal: string;
  readonly saferpay: string;
}

/** The credentials the stand-ins accept, used for any organizer whose variables are not set, in test mode only. */
export const STAND_IN_CREDENTIALS = {
  stripe: { publishableKey: 'pk_test_stand_in', secretKey: 'sk_test_stand_in', webhookSecret: 'whsec_stand_in' },
  mollie: { apiKey: 'test_StandIn0123456789abcdefghijklm' },
  paypal: { clientId: 'stand-in-client', clientSecret: 'stand-in-secret', webhookId: 'WH-STAND-IN' },
  saferpay: { customerId: '123456', terminalId: '17654321', username: 'API_123456_stand_in', password: 'stand-in' },
} as const;

export interface PaymentAccountsOptions {
  /** The process environment, where the catalog's variable names point. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Test mode: accounts whose variables are unset talk to these stand-ins. */
  readonly standIns: StandInUrls | null;
}

/**
 * The provider accounts of each organizer, resolved from the catalog's variable names and the environment, one
 * adapter per organizer and provider. An account whose variables are not all set is not active (its methods are
 * not offered), unless test mode sends it to the stand-in. A real key always wins over the stand-in.
 */
export class PaymentAccounts {
  private readonly adapters = new Map<string, PaymentProviderAdapter | null>();

  constructor(private readonly options: PaymentAccountsOptions) {}

  /** The organizer's active adapters among the allowed proxies, in the proxies' order. */
  activeAdapters(organizer: Organizer | null, allowed: readonly string[]): PaymentProviderAdapter[] {
    if (!organizer) return [];
    const result: PaymentProviderAdapter[] = [];
    for (const proxy of allowed) {
      const adapter = this.adapter(organizer, proxy as OnlineProxy);
      if (adapter) result.push(adapter);
    }
    return result;
  }

  adapter(organizer: Organizer, proxy: OnlineProxy): PaymentProviderAdapter | null {
    const accounts = organizer.payment.providers;
    if (!accounts) return null;
    const key = `${organizer.slug}\u0000${proxy}\u0000${JSON.stringify(accounts)}`;
    if (!this.adapters.has(key)) this.adapters.set(key, this.create(accounts, proxy));
    return this.adapters.get(key) ?? null;
  }

  /**
   * The stand-ins' own account, for their account-wide webhooks (organizer segment `_test`): it verifies with
   * the stand-in's credentials. Null outside test mode, so the segment means nothing in production.
   */
  testAccount(proxy: OnlineProxy): PaymentProviderAdapter | null {
    if (!this.options.standIns) return null;
    const key = `\u0000test\u0000${proxy}`;
    if (!this.adapters.has(key)) {
      const everything: OrganizerProviderAccounts = {
        stripe: { enableSCA: true, publishableKeyEnv: 'UNSET_STAND_IN', secretKeyEnv: 'UNSET_STAND_IN', webhookSecretEnv: 'UNSET_STAND_IN' },
        mollie: { apiKeyEnv: 'UNSET_STAND_IN', methods: ['IDEAL'] },
        paypal: { clientIdEnv: 'UNSET_STAND_IN', clientSecretEnv: 'UNSET_STAND_IN', webhookIdEnv: 'UNSET_STAND_IN' },
        saferpay: { customerIdEnv: 'UNSET_STAND_IN', terminalIdEnv: 'UNSET_STAND_IN', usernameEnv: 'UNSET_STAND_IN', passwordEnv: 'UNSET_STAND_IN', methods: ['CREDIT_CARD'] },
      };
      this.adapters.set(key, this.create(everything, proxy));
    }
    return this.adapters.get(key) ?? null;
  }

  private create(accounts: OrganizerProviderAccounts, proxy: OnlineProxy): PaymentProviderAdapter | null {
    const standIns = this.options.standIns;
    switch (proxy) {
      case 'STRIPE': {
        const account = accounts.stripe;
        if (!account) return null;
        const real = this.values(account.publishableKeyEnv, account.secretKeyEnv, account.webhookSecretEnv);
        if (real) {
          const [publishableKey, secretKey, webhookSecret] = real;
          return stripeAdapter({ publishableKey, secretKey, webhookSecret, enableSCA: account.enableSCA, apiBase: null, testMode: false });
        }
        return standIns && stripeAdapter({ ...STAND_IN_CREDENTIALS.stripe, enableSCA: account.enableSCA, apiBase: standIns.stripe, testMode: true });
      }
      case 'MOLLIE': {
        const account = accounts.mollie;
        if (!account) return null;
        const methods = account.methods as OnlineMethod[];
        const real = this.values(account.apiKeyEnv);
        if (real) return mollieAdapter({ apiKey: real[0], methods, apiBase: null, testMode: real[0].startsWith('test_') });
        return standIns && mollieAdapter({ ...STAND_IN_CREDENTIALS.mollie, methods, apiBase: `${standIns.mollie}/v2/`, testMode: true });
      }
      case 'PAYPAL': {
        const account = accounts.paypal;
        if (!account) return null;
        const real = this.values(account.clientIdEnv, account.clientSecretEnv, account.webhookIdEnv);
        if (real) {
          const [clientId, clientSecret, webhookId] = real;
          const apiBase = this.options.env['PAYPAL_API_BASE'] ?? 'https://api-m.paypal.com';
          return paypalAdapter({ clientId, clientSecret, webhookId, apiBase, testMode: apiBase.includes('sandbox') });
        }
        return standIns && paypalAdapter({ ...STAND_IN_CREDENTIALS.paypal, apiBase: standIns.paypal, testMode: true });
      }
      case 'SAFERPAY': {
        const account = accounts.saferpay;
        if (!account) return null;
        const methods = account.methods as Parameters<typeof saferpayAdapter>[0]['methods'];
        const real = this.values(account.customerIdEnv, account.terminalIdEnv, account.usernameEnv, account.passwordEnv);
        if (real) {
          const [customerId, terminalId, username, password] = real;
          const apiBase = this.options.env['SAFERPAY_API_BASE'] ?? 'https://www.saferpay.com/api';
          return saferpayAdapter({ customerId, terminalId, username, password, methods, apiBase, testMode: apiBase.includes('test.') });
        }
        return standIns && saferpayAdapter({ ...STAND_IN_CREDENTIALS.saferpay, methods, apiBase: `${standIns.saferpay}/api`, testMode: true });
      }
    }
  }

  /** Every named variable's value, or null when one is unset or blank. */
  private values<const Names extends readonly string[]>(...names: Names): { readonly [K in keyof Names]: string } | null {
    if (names.includes('UNSET_STAND_IN')) return null;
    const values = names.map((name) => this.options.env[name]?.trim() ?? '');
    return values.every((v) => v !== '') ? (values as unknown as { readonly [K in keyof Names]: string }) : null;
  }
}
