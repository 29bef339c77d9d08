// What generate.mjs needs to run the app in its own process, bundled by vite.generator.config.ts into
// dist/bench-replay/app.js (Vite's transform keeps the decorator metadata Nest's injection reads; tsx does not).
export { createApp, createRootLogger, readConfig } from '@ticketing/application';
