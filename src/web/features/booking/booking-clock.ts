/*
 * The server's clock, as the booking screens need it. A hold lasts until the server's `expiresAt`
 * and a booking expires at its appointment by the server's time: a shopper whose device clock is
 * minutes off would see a hold run out too early (or stay too long) and a booking still changeable
 * after its time. Every booking answer carries the server's `Date` (whole seconds); when the device
 * differs from it by more than the header's precision and the trip's length can explain, the clock
 * the machines are given (`booking.clockTick`, their `now` input) is the device's plus that offset.
 */

/** Differences up to this much are the header's rounding and the network's time, not a skew. */
export const SKEW_TOLERANCE_MS = 2_000;

export interface ServerClock {
  /** The time by the server's clock (epoch ms): the device's, corrected by the last skew seen. */
  now(): number;
  /** The device's clock minus the server's, as last measured (0 within the tolerance). */
  offset(): number;
  /** An answer's `Date` header, with when its request was sent and its answer received (the device's epoch ms). */
  note(date: string | null, sentAt: number, receivedAt: number): void;
}

export function createServerClock(device: () => number = Date.now): ServerClock {
  let offset = 0;
  return {
    now: () => device() + offset,
    offset: () => offset,
    note(date, sentAt, receivedAt) {
      const server = date === null ? Number.NaN : Date.parse(date);
      // No header (the server render's in-process answers), or one that does not parse: nothing learnt.
      if (!Number.isFinite(server)) return;
      // The header is truncated to the second, and the answer was made somewhere during the trip.
      const measured = server + 500 - (sentAt + receivedAt) / 2;
      offset = Math.abs(measured) > SKEW_TOLERANCE_MS + (receivedAt - sentAt) / 2 ? Math.round(measured) : 0;
    },
  };
}
