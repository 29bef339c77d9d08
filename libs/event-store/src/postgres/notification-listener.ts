import pg from 'pg';

const RECONNECT_MS = 1_000;

/**
 * One LISTEN connection shared by every live subscription of a store, on a client of its own (not from the
 * pool: it stays checked out for as long as anyone listens). Opened with the first listener, closed with the
 * last. When the connection drops it wakes everyone (they re-read, so nothing is missed) and reconnects;
 * meanwhile the subscriptions' slow poll keeps them moving.
 */
export class NotificationListener {
  private readonly listeners = new Set<() => void>();
  private client: pg.Client | undefined;
  private connecting: Promise<void> | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly channel: string,
  ) {}

  /** Calls `listener` on each notification; resolves once LISTEN is in place (or has failed: poll only). */
  async add(listener: () => void): Promise<void> {
    this.listeners.add(listener);
    if (!this.client && !this.connecting) this.connecting = this.connect();
    await this.connecting;
  }

  async remove(listener: () => void): Promise<void> {
    this.listeners.delete(listener);
    if (this.listeners.size > 0) return;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    await this.connecting;
    if (this.listeners.size > 0) return; // someone came back while the connection was being made
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ ...this.config, application_name: 'ticketing-event-store-listener' });
    client.on('notification', () => this.wakeAll());
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`listen ${this.channel}`);
      this.client = client;
    } catch {
      await client.end().catch(() => undefined);
      this.scheduleReconnect();
    } finally {
      this.connecting = undefined;
    }
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return; // closed on purpose, or never took over
    this.client = undefined;
    client.end().catch(() => undefined);
    this.wakeAll();
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.listeners.size === 0 || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      if (this.listeners.size > 0 && !this.client && !this.connecting) this.connecting = this.connect();
    }, RECONNECT_MS);
  }

  private wakeAll(): void {
    for (const listener of this.listeners) listener();
  }
}
