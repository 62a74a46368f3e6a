/**
 * Where the journal's entries lie and what its filters read, by id: typed arrays in a ring, so
 * nothing for the GC however many entries it holds.
 */

/**
 * Where an entry lies in its segment: the request body's text from `start`, the response body's
 * text from `request`, the JSON from `response` to `end`.
 */
export interface Place {
  /** Where the request body's text starts (the entry's first byte). */
  start: number;
  /** Where the request body's text ends and the response body's starts. */
  request: number;
  /** Where the response body's text ends and the JSON starts. */
  response: number;
  /** Where the JSON ends. */
  end: number;
}

/** Entry `id` is at `id % length`; the journal grows the ring as it fills, up to its capacity. */
export class Ring {
  readonly #segments: Int32Array;
  /** Each entry's Place (start, request, response, end): four numbers an entry. */
  readonly #places: Int32Array;
  readonly #statuses: Uint16Array;
  readonly #areas: Uint16Array;

  /** A ring of `length` entries. */
  constructor(readonly length: number) {
    this.#segments = new Int32Array(length);
    this.#places = new Int32Array(length * 4);
    this.#statuses = new Uint16Array(length);
    this.#areas = new Uint16Array(length);
  }

  /** Records entry `id`: its segment's number, its place there, its status and area's index. */
  set(id: number, segment: number, place: Place, status: number, area: number): void {
    const at = id % this.length;
    this.#segments[at] = segment;
    const places = this.#places;
    places[at * 4] = place.start;
    places[at * 4 + 1] = place.request;
    places[at * 4 + 2] = place.response;
    places[at * 4 + 3] = place.end;
    this.#statuses[at] = status;
    this.#areas[at] = area;
  }

  /** The number of the segment entry `id` lies in. */
  segment(id: number): number {
    return this.#segments[id % this.length];
  }
  /** Where entry `id` starts in its segment. */
  start(id: number): number {
    return this.#places[(id % this.length) * 4];
  }
  /** Where entry `id` ends in its segment. */
  end(id: number): number {
    return this.#places[(id % this.length) * 4 + 3];
  }
  /** Where entry `id`'s parts lie. */
  place(id: number): Place {
    const places = this.#places, at = (id % this.length) * 4;
    return {
      start: places[at],
      request: places[at + 1],
      response: places[at + 2],
      end: places[at + 3],
    };
  }
  /** Entry `id`'s status. */
  status(id: number): number {
    return this.#statuses[id % this.length];
  }
  /** The index of entry `id`'s area. */
  area(id: number): number {
    return this.#areas[id % this.length];
  }

  /** A ring twice as long (up to `capacity`) holding the same entries, ids `from` to `to` - 1. */
  grown(from: number, to: number, capacity: number): Ring {
    const ring = new Ring(Math.min(capacity, Math.max(64, this.length * 2)));
    for (let id = from; id < to; id++) {
      ring.set(id, this.segment(id), this.place(id), this.status(id), this.area(id));
    }
    return ring;
  }
}
