import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { ScheduleModule } from '@nestjs/schedule';
import type { Db } from '@ticketing/postgres';
import { analyticsConfigurationOf, APP_CONFIG, type AppConfig } from './config/app-config.js';
import { ApiExceptionFilter } from './http/api-exception.filter.js';
import { WireValidationPipe } from './http/wire-validation.pipe.js';
import { newSessionId } from './http/anti-forgery.js';
import { sessionCookie } from './http/http-policies.js';
import { InfoController } from './info/info.controller.js';
import { AppInfoService } from './info/app-info.service.js';
import { I18nController } from './i18n/i18n.controller.js';
import { UserController } from './user/user.controller.js';
import { HealthController } from './health/health.controller.js';
import { HealthService } from './health/health.service.js';
import { CspReportController } from './csp/csp-report.controller.js';
import { PlatformModule } from './platform/platform.module.js';
import { DB, EVENT_STORE, PROJECTION_RUNNER } from './platform/tokens.js';
import { CATALOG_ANALYTICS, CATALOG_DB, CATALOG_RECAPTCHA_SITE_KEY, CatalogReadModule, OrganizerApiModule } from '@ticketing/catalog/server';
import { SalesFigures } from '@ticketing/sales/contracts';
import { Mailer, SmtpMailer } from '@ticketing/mail';
import { HoldsSalesFigures, SalesModule } from '@ticketing/sales/server';
import { randomIds } from '@ticketing/kernel';
import { CAPTCHA_VERIFIER, type CaptchaVerifier } from './abuse/verification/captcha-verifier.js';
import { CaptchaModule } from './abuse/verification/captcha.module.js';
import type { EventStore } from '@ticketing/event-store';
import type { ProjectionFollower } from '@ticketing/projections';
import { PaymentsModule, type StandInUrls } from '@ticketing/payments/server';
import { PAYMENT_STAND_IN_URLS, PaymentStandInsModule } from './payments/payment-stand-ins.module.js';
import type { RunningStandIns } from './payments/payment-stand-ins.js';
import { BenchRoutesModule } from './bench-routes/bench-routes.module.js';
import { TicketingModule } from '@ticketing/ticketing/server';
import { SubscriptionsModule } from '@ticketing/subscriptions/server';
import { AccountsModule } from '@ticketing/accounts/server';
import { loadSecret, once } from './platform/session-secret.js';
import { profileRules } from './accounts/profile-rules.js';
import { AuditApiModule } from '@ticketing/audit';
import { orderStatusFold } from './audit/order-status-fold.js';
import { AuditCheckpointScheduler } from './audit/audit-checkpoint-scheduler.js';
import { QueueModule } from '@ticketing/queue/server';
import { readYourWrites } from './platform/read-your-writes.js';

/** What every context module is handed: the log, the database, the clock, ids, and read-your-writes. */
function contextBasics(store: EventStore, runner: ProjectionFollower, db: Db) {
  return { store, db, clock: { now: () => new Date() }, ids: randomIds, waitForProjections: readYourWrites(runner) };
}

@Module({})
export class AppModule {
  /** `paymentStandIns`: stand-ins started (and closed) by the caller, used in place of the app's own in test mode. */
  static register(config: AppConfig, db: Db, paymentStandIns: RunningStandIns | null = null): DynamicModule {
    const publicBaseUrl = config.publicBaseUrl ?? `http://localhost:${config.port}`;
    return {
      module: AppModule,
      global: true,
      imports: [
        CqrsModule.forRoot(),
        ScheduleModule.forRoot(),
        PlatformModule,
        CatalogReadModule,
        OrganizerApiModule.registerAsync({
          inject: [EVENT_STORE, PROJECTION_RUNNER],
          useFactory: (store: EventStore, runner: ProjectionFollower) => ({
            store,
            waitForProjections: readYourWrites(runner),
            apiKeys: config.organizerApiKeys ?? undefined,
          }),
        }),
        AuditApiModule.registerAsync({
          inject: [EVENT_STORE, DB],
          useFactory: (store: EventStore, db: Db) => ({
            store,
            db,
            orderStatus: orderStatusFold,
            auditorKeys: config.auditorApiKeys ?? undefined,
            organizerKeys: config.organizerApiKeys ?? undefined,
          }),
        }),
        CaptchaModule,
        PaymentsModule.registerAsync({
          imports: [PaymentStandInsModule.register(paymentStandIns)],
          inject: [EVENT_STORE, PROJECTION_RUNNER, DB, PAYMENT_STAND_IN_URLS],
          useFactory: (store: EventStore, runner: ProjectionFollower, pool: Db, standIns: StandInUrls | null) => ({
            ...contextBasics(store, runner, pool),
            publicBaseUrl,
            env: process.env,
            standIns,
          }),
        }),
        SalesModule.registerAsync({
          inject: [EVENT_STORE, PROJECTION_RUNNER, DB, CAPTCHA_VERIFIER],
          useFactory: (store: EventStore, runner: ProjectionFollower, pool: Db, verifyCaptcha: CaptchaVerifier) => ({
            ...contextBasics(store, runner, pool),
            verifyCaptcha,
            recaptchaSiteKey: config.recaptcha.siteKey,
            sweepIntervalMs: config.reservationSweepIntervalMs,
            publicBaseUrl,
            waitingListReservationMinutes: config.waitingListReservationMinutes,
            vatCheckUrl: config.vatCheckUrl,
            organizerApiKeys: config.organizerApiKeys ?? undefined,
          }),
        }),
        TicketingModule.registerAsync({
          inject: [EVENT_STORE, PROJECTION_RUNNER, DB],
          useFactory: (store: EventStore, runner: ProjectionFollower, pool: Db) => ({
            ...contextBasics(store, runner, pool),
            publicBaseUrl,
            ticketCodeSecret: once(() => loadSecret(pool, 'ticket-codes', config.ticketCodeSecret)),
            wallet: config.wallet,
            organizerApiKeys: config.organizerApiKeys ?? undefined,
          }),
        }),
        SubscriptionsModule.registerAsync({
          inject: [EVENT_STORE, PROJECTION_RUNNER, DB],
          useFactory: (store: EventStore, runner: ProjectionFollower, pool: Db) => contextBasics(store, runner, pool),
        }),
        AccountsModule.registerAsync({
          inject: [EVENT_STORE, PROJECTION_RUNNER, DB],
          useFactory: (store: EventStore, runner: ProjectionFollower, pool: Db) => ({
            ...contextBasics(store, runner, pool),
            openId: config.openId,
            profileRules,
            publicBaseUrl,
            secureCookies: config.mode === 'prod',
            sessions: { newSessionId, cookie: (sessionId: string) => sessionCookie(sessionId, config.mode === 'prod') },
          }),
        }),
        QueueModule.registerAsync({
          inject: [DB],
          useFactory: (pool: Db) => ({
            db: pool,
            clock: { now: () => new Date() },
            tokenSecret: once(() => loadSecret(pool, 'queue-tokens', config.queueTokenSecret)),
            admissionIntervalMs: config.queueAdmissionIntervalMs,
          }),
        }),
        ...(config.benchRoutes ? [BenchRoutesModule] : []),
      ],
      controllers: [InfoController, I18nController, UserController, HealthController, CspReportController],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: DB, useValue: db },
        { provide: CATALOG_DB, useExisting: DB },
        { provide: CATALOG_RECAPTCHA_SITE_KEY, useValue: config.recaptcha.siteKey },
        { provide: CATALOG_ANALYTICS, useValue: analyticsConfigurationOf(config.analytics) },
        // each context's ports, bound to the context that answers them
        { provide: SalesFigures, useExisting: HoldsSalesFigures },
        { provide: APP_PIPE, useClass: WireValidationPipe },
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
        // one mail server for every context (no SMTP_URL: no mail, and so no waiting-list offers)
        { provide: Mailer, useFactory: () => new SmtpMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }) },
        AppInfoService,
        HealthService,
        AuditCheckpointScheduler,
      ],
      // the catalog's query surface (CatalogOffers) for the other contexts, through the module that provides it
      exports: [APP_CONFIG, DB, CATALOG_DB, CATALOG_RECAPTCHA_SITE_KEY, CATALOG_ANALYTICS, SalesFigures, CatalogReadModule, Mailer, PaymentsModule, SalesModule, TicketingModule, SubscriptionsModule, AccountsModule, QueueModule],
    };
  }
}
