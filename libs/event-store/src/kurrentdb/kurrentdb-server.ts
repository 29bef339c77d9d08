import { GenericContainer, getContainerRuntimeClient, Wait } from 'testcontainers';

/** A KurrentDB to run the contract against, for as long as the test file runs. */
export interface KurrentDbServer {
  readonly url: string;
  stop(): Promise<void>;
}

export type KurrentDbAvailability =
  | { readonly available: true; readonly via: string; start(): Promise<KurrentDbServer> }
  | { readonly available: false; readonly reason: string };

/** 25.1 is the first with atomic multi-stream appends (multiStreamAppend), which the adapter needs; the same tag as compose and CI. */
const IMAGE = 'docker.kurrent.io/kurrent-latest/kurrentdb:25.1';
const HTTP_PORT = 2113;

/**
 * EVENTSTORE_URL first (a server someone already runs: CI service, compose); otherwise a throw-away container
 * when a Docker engine answers; otherwise not available, with the reason, so the caller can say it skipped.
 */
export async function findKurrentDb(env: NodeJS.ProcessEnv = process.env): Promise<KurrentDbAvailability> {
  const url = env['EVENTSTORE_URL'];
  if (url) return { available: true, via: `EVENTSTORE_URL=${url}`, start: async () => ({ url, stop: async () => undefined }) };
  try {
    await getContainerRuntimeClient();
  } catch (error) {
    return { available: false, reason: `EVENTSTORE_URL is not set and no Docker engine is reachable (${(error as Error).message})` };
  }
  return { available: true, via: `a ${IMAGE} container`, start: startContainer };
}

async function startContainer(): Promise<KurrentDbServer> {
  const container = await new GenericContainer(IMAGE)
    .withEnvironment({ KURRENTDB_INSECURE: 'true', KURRENTDB_CLUSTER_SIZE: '1', KURRENTDB_RUN_PROJECTIONS: 'None' })
    .withExposedPorts(HTTP_PORT)
    .withWaitStrategy(Wait.forHttp('/health/live', HTTP_PORT).forStatusCodeMatching((status) => status >= 200 && status < 300))
    .withStartupTimeout(120_000)
    .start();
  return {
    url: `kurrentdb://${container.getHost()}:${container.getMappedPort(HTTP_PORT)}?tls=false`,
    stop: async () => {
      await container.stop();
    },
  };
}
