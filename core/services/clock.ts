/** The clock as a service, so tests and the sweeper can run at a chosen time. */
import * as Context from "effect/Context";
import * as Layer from "effect/Layer";

export interface ClockShape {
  readonly now: () => Date;
}

export class Clock extends Context.Tag("quire/Clock")<Clock, ClockShape>() {
  static make = (): ClockShape => ({ now: () => new Date() });
  static layer = Layer.sync(Clock, Clock.make);
  /** A clock that stands at `at` and moves only when told to. */
  static fixed = (at: Date) => {
    let current = at.getTime();
    const clock = { now: () => new Date(current), advance: (ms: number) => void (current += ms) };
    return { clock, layer: Layer.succeed(Clock, clock) };
  };
}
