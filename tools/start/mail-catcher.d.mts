export type MailPlan = { readonly kind: 'smtp-url' } | { readonly kind: 'off' } | { readonly kind: 'catcher'; readonly smtpPort: number; readonly webPort: number };

/** What `npm start` does about mail: SMTP_URL given, it is used; APP_MODE=prod without it, mail is off; else a local catcher. */
export function mailPlan(env: Record<string, string | undefined>): MailPlan;

export interface RunningMailCatcher {
  /** Where the app sends: `smtp://127.0.0.1:<port>`. */
  readonly smtpUrl: string;
  /** The page listing what was sent, and maildev's REST API (`GET /email`). */
  readonly webUrl: string;
  stop(): Promise<void>;
}

/** A local maildev on 127.0.0.1 (0: a free port); one per process. */
export function startMailCatcher(options: { smtpPort?: number; webPort?: number; mailDir: string }): Promise<RunningMailCatcher>;
