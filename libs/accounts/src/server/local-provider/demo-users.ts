/** A person the local provider knows, with the password they sign in with (demo data, documented in the README). */
export interface DemoUser {
  /** The subject (`sub`) of their ID tokens. */
  readonly id: string;
  readonly email: string;
  readonly password: string;
  readonly givenName: string;
  readonly familyName: string;
}

/** The demo accounts of `npm start` and the tests. */
export const DEMO_USERS: readonly DemoUser[] = [
  { id: 'ada', email: 'ada@example.org', password: 'lovelace', givenName: 'Ada', familyName: 'Lovelace' },
  { id: 'grace', email: 'grace@example.org', password: 'hopper', givenName: 'Grace', familyName: 'Hopper' },
];
