import { AsyncLocalStorage, AsyncResource, executionAsyncId } from 'node:async_hooks';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBindWithoutDeprecatedProperty } from './async-resource-bind.js';

describe('AsyncResource#bind without the deprecated asyncResource property', () => {
  beforeAll(() => {
    useBindWithoutDeprecatedProperty();
    useBindWithoutDeprecatedProperty(); // a second call changes nothing
  });

  it('leaves no asyncResource property on the bound function, and keeps its length', () => {
    const bound = new AsyncResource('test').bind((a: number, b: number) => a + b);
    expect(Object.getOwnPropertyDescriptor(bound, 'asyncResource')).toBeUndefined();
    expect(bound.length).toBe(2);
    expect(bound(2, 3)).toBe(5);
  });

  it('runs the function in the resource async scope, with the caller this when none was bound', () => {
    const resource = new AsyncResource('test');
    const seen: { id: number; self: unknown; args: unknown[] }[] = [];
    const bound = resource.bind(function (this: unknown, ...args: unknown[]) {
      seen.push({ id: executionAsyncId(), self: this, args });
      return 'done';
    });
    const self = { name: 'caller' };
    expect(bound.call(self, 1, 'two')).toBe('done');
    expect(seen).toEqual([{ id: resource.asyncId(), self, args: [1, 'two'] }]);
    expect(executionAsyncId()).not.toBe(resource.asyncId());
  });

  it('binds this when asked, the static form included', () => {
    const target = { value: 7 };
    // @types/node leaves out bind's thisArg, which Node has taken since 14.8
    const bindWithThis = AsyncResource.prototype.bind as unknown as (this: AsyncResource, fn: unknown, thisArg: unknown) => (add: number) => number;
    const bound = bindWithThis.call(
      new AsyncResource('test'),
      function (this: { value: number }, add: number) {
        return this.value + add;
      },
      target,
    );
    expect(bound.call({ value: 100 }, 1)).toBe(8);
    const viaStatic = AsyncResource.bind(
      function (this: { value: number }) {
        return this.value;
      },
      'static',
      target,
    ) as () => number;
    expect(viaStatic()).toBe(7);
    expect(Object.getOwnPropertyDescriptor(viaStatic, 'asyncResource')).toBeUndefined();
  });

  it('carries the async context of where it was bound, which is why frameworks bind', async () => {
    const storage = new AsyncLocalStorage<string>();
    const bound = storage.run('request-1', () => AsyncResource.bind(() => storage.getStore()));
    const later = await storage.run('request-2', () => new Promise((resolve) => setImmediate(() => resolve(bound()))));
    expect(later).toBe('request-1');
  });

  it('refuses what is not a function', () => {
    expect(() => new AsyncResource('test').bind(42 as never)).toThrow(TypeError);
  });
});
