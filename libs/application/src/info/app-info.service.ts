import { Inject, Injectable } from '@nestjs/common';
import { analyticsConfigurationOf, APP_CONFIG, type AppConfig } from '../config/app-config.js';
import type { AlfioInfo } from './info.schemas.js';

/** Builds `AlfioInfo` from configuration; also preloaded into the storefront page. */
@Injectable()
export class AppInfoService {
  private readonly info: AlfioInfo;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.info = {
      demoModeEnabled: config.mode === 'demo',
      devModeEnabled: config.mode === 'dev',
      prodModeEnabled: config.mode === 'prod',
      analyticsConfiguration: analyticsConfigurationOf(config.analytics),
      globalPrivacyPolicyUrl: config.globalPrivacyPolicyUrl,
      globalTermsUrl: config.globalTermsUrl,
      invoicingConfiguration: {
        userCanDownloadReceiptOrInvoice: false,
        euVatCheckingEnabled: false,
        invoiceAllowed: false,
        onlyInvoice: false,
        customerReferenceEnabled: false,
        enabledItalyEInvoicing: false,
        vatNumberStrictlyRequired: false,
      },
      announcementBannerContentHTML: config.announcementBannerHtml,
      walletConfiguration: { gWalletEnabled: config.wallet.google !== null, passEnabled: config.wallet.apple !== null },
      challengeConfiguration: config.turnstile.enabled
        ? { apiKey: config.turnstile.siteKey, enabled: true, providerId: 'turnstile' }
        : { apiKey: null, enabled: false, providerId: null },
    };
  }

  current(): AlfioInfo {
    return this.info;
  }
}
