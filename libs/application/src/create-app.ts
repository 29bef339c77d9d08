import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import type { IncomingMessage } from 'node:http';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve, sep } from 'node:path';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { createPool, migrate, type Db } from '@ticketing/postgres';
import { eventStoreMigrations } from '@ticketing/event-store';
import { projectionMigrations } from '@ticketing/projections';
import { AppModule } from './app.module.js';
import type { AppConfig } from './config/app-config.js';
import type { RunningStandIns } from './payments/payment-stand-ins.js';
import type { StandInUrls } from '@ticketing/payments/server';
import { hasStripeKey, installHttpPolicies } from './http/http-policies.js';
import { PAYMENT_STAND_IN_URLS } from './payments/payment-stand-ins.module.js';
import { installCompression } from './http/compression.js';
import { replyWithFrameworkError } from './http/framework-errors.js';
import { withoutApiTrailingSlash } from './http/api-trailing-slash.js';
import { installWellFormedText } from './http/well-formed-text.js';
import { installEmptyJsonBody } from './http/empty-json-body.js';
import { installMethodNotAllowed } from './http/method-not-allowed.js';
import { serveWebFonts } from './fonts/web-fonts.js';
import { installAbuseProtection } from './abuse/abuse-protection.js';
import { JsonNestLogger } from './logging/json-logger.js';
import { buildOpenApiDocument } from './openapi/openapi-document.js';
import { appSecretMigrations, loadSessionSecret } from './platform/session-secret.js';
import { AppInfoService } from './info/app-info.service.js';
import { serveStorefront } from './storefront/storefront.js';
import { CatalogQueries, ticketCategoriesBody } from '@ticketing/catalog/server';
import { InventoryDesk, installSoldOutAnswers, ReservationQueries } from '@ticketing/sales/server';
import { shortNameParam } from '@ticketing/wire';
import { useBindWithoutDeprecatedProperty } from './http/async-resource-bind.js';
import { accountsMigrations } from '@ticketing/accounts/server';
import { AdmissionTokens, installQueueGate, queueMigrations, WaitingRoomSettings } from '@ticketing/queue/server';

export const allMigrations = [...appSecretMigrations, ...eventStoreMigrations, ...projectionMigrations, ...accountsMigrations, ...queueMigrations];

export interface CreateAppOptions {
  readonly logger: Logger;
  /** Only build the OpenAPI description: no database is touched. */
  readonly documentOnly?: boolean;
  /** Payment stand-ins the caller started and closes, used in place of the app's own (a test restarting the app). */
  readonly paymentStandIns?: RunningStandIns;
}

function defaultStorefrontDir(): string {
  // Bundled: dist/api/assets/*.js -> dist/storefront. From source (tests): libs/application/src -> dist/storefront.
  const here = dirname(fileURLToPath(import.meta.url));
  const marker = `${sep}dist${sep}`;
  const at = here.lastIndexOf(marker);
  return at >= 0 ? join(here.slice(0, at), 'dist', 'storefront') : resolve(here, '../../../dist/storefront');
}

/** A reservation's or a pass's id as they are made (UUIDs): anything else names none, and is not looked up. */
const UUID_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Node reads at most 16 KiB of request head: a parameter longer than this cannot come with a usable request anyway. */
const MAX_PATH_PARAMETER_LENGTH = 8_192;

/** Builds the whole application (migrated database, policies, API, OpenAPI, storefront), ready to listen. */
export async function createApp(config: AppConfig, options: CreateAppOptions): Promise<{ app: NestFastifyApplication; db: Db }> {
  useBindWithoutDeprecatedProperty();
  const db = createPool(config.databaseUrl, 20, (error) => options.logger.warn({ err: error }, 'an idle database connection was closed by the server'));
  let secret: Buffer = Buffer.alloc(32);
  if (!options.documentOnly) {
    await migrate(db, allMigrations);
    secret = await loadSessionSecret(db, config.sessionSecret);
  }
  const adapter = new FastifyAdapter({
    bodyLimit: 1_048_576,
    trustProxy: config.trustProxy,
    logger: false,
    // A path parameter of any length a URL carries reaches its route, which answers it as it answers a shorter one
    // (an unknown event 404, an ill-formed id 422), as alf.io's router sets no limit; Fastify's default, 100, answered
    // 400 from the 101st character.
    routerOptions: { maxParamLength: MAX_PATH_PARAMETER_LENGTH },
    // A path the router cannot decode (a broken percent sequence) or with a segment over its length limit: Fastify
    // would answer its own JSON (400, or 414 for the length) that echoes the path back; the wire format's 400 instead.
    frameworkErrors: (_error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => replyWithFrameworkError(reply, 400),
    rewriteUrl: (request: IncomingMessage) => withoutApiTrailingSlash(request.url ?? '/'),
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.register(config, db, options.paymentStandIns ?? null), adapter, {
    logger: new JsonNestLogger(options.logger.child({})),
    abortOnError: false,
    // payment webhooks are signed over the bytes sent: the raw body is kept beside the parsed one
    rawBody: true,
  });
  const fastify = app.getHttpAdapter().getInstance();
  // the page may talk to the card provider: Stripe with a real key in the environment, its stand-in in test mode
  const standIns = app.get<StandInUrls | null>(PAYMENT_STAND_IN_URLS, { strict: false });
  // first: the body's type is settled before any hook reads it
  installEmptyJsonBody(fastify);
  installHttpPolicies(fastify, config, secret, { stripe: hasStripeKey(process.env), stripeStandIn: standIns?.stripe ?? null });
  installAbuseProtection(fastify, config, options.logger);
  // after the rate limits and the human verification: reserve-tickets on a queued event needs the queue's token
  installQueueGate(fastify, app.get(WaitingRoomSettings), app.get(AdmissionTokens), () => new Date());
  installWellFormedText(fastify);
  // after the anti-forgery check (a forged write is refused 403 whatever its method), before any route is added
  installMethodNotAllowed(fastify);
  // Before any route is added: the compression plugin hooks each route as it is added.
  await installCompression(fastify);
  // Before any route is added too: reserve-tickets answers refusals the inventory just confirmed on the route itself.
  installSoldOutAnswers(fastify, app.get(InventoryDesk));
  // Browsers post CSP reports with their own JSON media types.
  fastify.addContentTypeParser(
    ['application/csp-report', 'application/reports+json'],
    { parseAs: 'string' },
    fastify.getDefaultJsonParser('error', 'error'),
  );

  const document = buildOpenApiDocument(app);
  fastify.get('/api/openapi.json', async (_request, reply) => reply.send(document));
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs/openapi.json', customSiteTitle: 'Ticketing API reference' });

  if (!options.documentOnly) {
    serveWebFonts(fastify);
    const dir = config.storefrontDir ?? defaultStorefrontDir();
    const served = await serveStorefront(fastify, {
      dir,
      secret,
      secureCookies: config.mode === 'prod',
      openIdEnabled: config.openIdEnabled,
      recaptchaScriptUrl: config.recaptcha.siteKey ? config.recaptcha.scriptUrl : null,
      analyticsScriptUrl: config.analytics.key ? config.analytics.scriptUrl : null,
      info: () => app.get(AppInfoService).current(),
      // Same input rule as the event endpoint; a preload that fails only costs the page one request.
      event: async (shortName) => {
        if (!shortNameParam.safeParse(shortName).success) return null;
        try {
          return (await app.get(CatalogQueries).getEvent(shortName))?.view ?? null;
        } catch (error) {
          options.logger.warn({ err: error, shortName }, 'could not preload the event into the page');
          return null;
        }
      },
      reservationElsewhere: async (type, publicIdentifier, reservationId) => {
        if (!UUID_ID.test(reservationId)) return false;
        const reservations = app.get(ReservationQueries);
        const [here, anywhere] = await Promise.all([reservations.statusIn(type, publicIdentifier, reservationId), reservations.status(reservationId).catch(() => null)]);
        return anywhere !== null && here === null;
      },
      subscription: async (id) => {
        if (!UUID_ID.test(id)) return null;
        try {
          return await app.get(CatalogQueries).getSubscription(id.toLowerCase());
        } catch (error) {
          options.logger.warn({ err: error, id }, 'could not read the pass for its pages\' embedding');
          return null;
        }
      },
      ticketCategories: async (shortName) => {
        if (!shortNameParam.safeParse(shortName).success) return null;
        try {
          const items = await app.get(CatalogQueries).getTicketCategories(shortName, null);
          return items ? (JSON.parse(ticketCategoriesBody(items).toString('utf8')) as unknown) : null;
        } catch (error) {
          options.logger.warn({ err: error, shortName }, 'could not preload the ticket categories into the page');
          return null;
        }
      },
    });
    if (!served) options.logger.warn({ dir }, 'storefront is not built: only the API is served (npm run build)');
  }
  app.enableShutdownHooks();
  return { app, db };
}
