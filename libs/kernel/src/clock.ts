/** Time enters the system through a Clock, so deciders and tests never read the wall clock themselves. */
export interface Clock {
  now(): Date;
}

/** A clock a test moves by hand. */
export class ManualClock implements Clock {
  constructor(private current: Date) {}
  now(): Date {
    return new Date(this.current.getTime());
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}
