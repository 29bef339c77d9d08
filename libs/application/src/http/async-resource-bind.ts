import { AsyncResource } from 'node:async_hooks';

/**
 * Node 20's `AsyncResource#bind` gives every bound function a deprecated `asyncResource` property (DEP0172)
 * whose getter and setter are each wrapped by `util.deprecate`, which re-parents the wrapper's prototype. Fastify
 * binds once per request with a body (content-type parser) and Nest twice per request with interceptors, so
 * each request paid for six fresh functions, two prototype changes and the V8 bookkeeping of objects used as
 * prototypes: 8-10 % of a request's main-thread CPU and about 10 KiB of its allocations, much of it surviving
 * young-generation collections (measured with bench/rush BENCH_PROFILE). Node later stopped changing the
 * prototype (nodejs/node#59195, #59518) and then dropped the property (#58618, End-of-Life); no package here
 * reads it. This gives the runtime that later behaviour: the function bound to the resource's async scope, its
 * `length` kept, no `asyncResource`. Does nothing on a Node whose bound functions have no such property.
 */
export function useBindWithoutDeprecatedProperty(): void {
  const probe = new AsyncResource('async-resource-bind-probe').bind(() => undefined);
  if (Object.getOwnPropertyDescriptor(probe, 'asyncResource') === undefined) return;
  Object.defineProperty(AsyncResource.prototype, 'bind', {
    configurable: true,
    writable: true,
    enumerable: false,
    value: function bind(this: AsyncResource, fn: (...args: unknown[]) => unknown, thisArg?: unknown) {
      if (typeof fn !== 'function') throw Object.assign(new TypeError('The "fn" argument must be of type function'), { code: 'ERR_INVALID_ARG_TYPE' });
      const run: (fn: (...args: unknown[]) => unknown, self: unknown, ...args: unknown[]) => unknown = this.runInAsyncScope.bind(this);
      const bound =
        thisArg === undefined
          ? function (this: unknown, ...args: unknown[]) {
              return run(fn, this, ...args);
            }
          : run.bind(undefined, fn, thisArg);
      Object.defineProperty(bound, 'length', { configurable: true, enumerable: false, writable: false, value: fn.length });
      return bound;
    },
  });
}
