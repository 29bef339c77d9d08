import { describe, expect, it } from 'vitest';
import { openIdPlan } from './openid-provider.mjs';

describe('what npm start does about login', () => {
  it('logs in against OPENID_ISSUER_URL when it is given, in any mode', () => {
    expect(openIdPlan({ OPENID_ISSUER_URL: 'https://id.example.org' })).toEqual({ kind: 'external' });
    expect(openIdPlan({ OPENID_ISSUER_URL: 'https://id.example.org', APP_MODE: 'prod' })).toEqual({ kind: 'external' });
  });

  it('starts the local provider on a free port without one, in dev and demo mode', () => {
    expect(openIdPlan({})).toEqual({ kind: 'local', port: 0 });
    expect(openIdPlan({ APP_MODE: 'demo', OPENID_ISSUER_URL: ' ' })).toEqual({ kind: 'local', port: 0 });
  });

  it('keeps login off in production without a provider, and when OPENID_ENABLED=false', () => {
    expect(openIdPlan({ APP_MODE: 'prod' })).toMatchObject({ kind: 'off' });
    expect(openIdPlan({ OPENID_ENABLED: 'false' })).toMatchObject({ kind: 'off' });
  });

  it('takes the port from OPENID_LOCAL_PORT, refusing what is not a port', () => {
    expect(openIdPlan({ OPENID_LOCAL_PORT: '4010' })).toEqual({ kind: 'local', port: 4010 });
    expect(() => openIdPlan({ OPENID_LOCAL_PORT: 'x' })).toThrow('OPENID_LOCAL_PORT must be a port number');
  });
});
