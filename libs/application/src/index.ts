// The API application, assembled: what the process entry points of apps/api, the tools and the test harness
// start. apps/api holds only those entry points, so that everything they run is importable without importing
// an application.
export { createApp, allMigrations, type CreateAppOptions } from './create-app.js';
export { AppModule } from './app.module.js';
export { readConfig, InvalidConfigurationError, type AppConfig } from './config/app-config.js';
export { createRootLogger } from './logging/json-logger.js';
export { buildOpenApiDocument } from './openapi/openapi-document.js';
export { DB, EVENT_STORE, PROJECTION_RUNNER } from './platform/tokens.js';
export { PAYMENT_STAND_INS } from './payments/payment-stand-ins.module.js';
export { startPaymentStandIns, type RunningStandIns } from './payments/payment-stand-ins.js';
export { orderStatusFold } from './audit/order-status-fold.js';
export { loadSecret } from './platform/session-secret.js';
