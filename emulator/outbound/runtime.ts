/**
 * The outbound area at run time: the slice's store, and the dialer and callback sender that
 * `mod.ts` builds from it. Each of those two takes the store; the store knows neither, so no import
 * circles. Domain functions that dial or send take this; the others take the store alone.
 */
import type { CallbackSender } from "./callbacks.ts";
import type { Dialer } from "./dialer.ts";
import type { OutboundStore } from "./store.ts";

export interface OutboundRuntime {
  readonly store: OutboundStore;
  readonly dialer: Dialer;
  readonly callbacks: CallbackSender;
}
