export { mollieAdapter, type MollieAccount } from './mollie.adapter.js';
export { mollieMethodIds, type MollieMethod } from './mollie-methods.js';
