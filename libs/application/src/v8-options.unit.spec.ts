import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { V8_OPTIONS } from './v8-options.js';

/**
 * A function's `map` result, made once by the interpreter and once by the same function optimized by TurboFan, in a
 * node of its own with the given V8 options set the way the API and the tools set them: do both arrays have one hidden class?
 */
function mapResultKinds(options: readonly string[]): { sameMap: boolean; turbofanned: boolean } {
  const script = `
    for (const option of JSON.parse(process.argv[1])) require('node:v8').setFlagsFromString(option);
    function plan(services) { return services.map((service) => ({ serviceId: service.id })); }
    const offered = [{ id: 1 }, { id: 2 }];
    const interpreted = plan(offered);
    %PrepareFunctionForOptimization(plan);
    plan(offered);
    %OptimizeFunctionOnNextCall(plan);
    const optimized = plan(offered);
    process.stdout.write(JSON.stringify({ sameMap: %HaveSameMap(interpreted, optimized), turbofanned: (%GetOptimizationStatus(plan) & 64) !== 0 }));
  `;
  const child = spawnSync(process.execPath, ['--allow-natives-syntax', '-e', script, JSON.stringify(options)], { encoding: 'utf8' });
  if (child.status !== 0) throw new Error(`node exited with ${child.status}: ${child.stderr}`);
  return JSON.parse(child.stdout) as { sameMap: boolean; turbofanned: boolean };
}

describe("the product's V8 options", () => {
  it('without them, optimized code and the interpreter make arrays of two kinds from one map call', () => {
    expect(mapResultKinds([])).toEqual({ sameMap: false, turbofanned: true });
  });

  it('with them, both make the same kind, so code optimized on one tier does not deoptimize on the other', () => {
    expect(mapResultKinds(V8_OPTIONS)).toEqual({ sameMap: true, turbofanned: true });
  });
});
