/**
 * A splitter between two panes (issue 43, the Bot Framework Emulator row: resizable chat, log and
 * detail panes): a thin vertical separator that sets the width of the pane after it. Dragged with
 * the pointer, or focused and moved with the arrow keys (Home and End: the narrowest and widest);
 * `role="separator"` with `aria-valuenow` in px, so a screen reader says where it is. It only
 * proposes a width (`split-change`, clamped to min..max); the owner applies and remembers it.
 */
import { css, html, LitElement } from "lit";
import { customElement, property } from "lit/decorators.js";
import { emit } from "./events.ts";

/** How far an arrow key moves the separator (px). */
const STEP = 16;

@customElement("ccemu-splitter")
export class PaneSplitter extends LitElement {
  static override styles = css`
    :host {
      flex: none;
      width: 7px;
      margin: 0 -3px;
      z-index: 1;
      cursor: col-resize;
      touch-action: none;
      display: flex;
      justify-content: center;
      outline: none;
    }
    /* A hairline that thickens under the pointer or the keyboard's focus. */
    :host::before {
      content: "";
      width: 1px;
      background: transparent;
    }
    :host(:hover)::before,
    :host(:focus-visible)::before,
    :host([dragging])::before {
      width: 3px;
      background: var(--accent, #2563eb);
    }
  `;

  /** The width of the pane after the separator (px). */
  @property({ type: Number })
  accessor value = 280;
  @property({ type: Number })
  accessor min = 200;
  @property({ type: Number })
  accessor max = 800;
  @property()
  accessor label = "Resize";
  @property({ type: Boolean, reflect: true })
  accessor dragging = false;

  #start = { x: 0, value: 0 };

  override connectedCallback() {
    super.connectedCallback();
    this.setAttribute("role", "separator");
    this.setAttribute("aria-orientation", "vertical");
    this.tabIndex = 0;
    this.addEventListener("keydown", this.#key);
    this.addEventListener("pointerdown", this.#down);
    this.addEventListener("pointermove", this.#move);
    this.addEventListener("pointerup", this.#up);
    this.addEventListener("pointercancel", this.#up);
  }

  override updated() {
    this.setAttribute("aria-label", this.label);
    this.setAttribute("aria-valuenow", String(Math.round(this.value)));
    this.setAttribute("aria-valuemin", String(this.min));
    this.setAttribute("aria-valuemax", String(Math.max(this.min, this.max)));
  }

  #propose(value: number) {
    const clamped = Math.round(Math.min(Math.max(value, this.min), Math.max(this.min, this.max)));
    if (clamped !== this.value) emit(this, "split-change", clamped);
  }

  /** Left widens the pane after the separator (the separator moves left), Right narrows it. */
  #key = (e: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowLeft: this.value + STEP,
      ArrowRight: this.value - STEP,
      Home: this.max,
      End: this.min,
    };
    if (!(e.key in moves)) return;
    e.preventDefault();
    this.#propose(moves[e.key]);
  };

  #down = (e: PointerEvent) => {
    if (e.button !== 0) return;
    this.setPointerCapture(e.pointerId);
    this.dragging = true;
    this.#start = { x: e.clientX, value: this.value };
    e.preventDefault();
  };

  #move = (e: PointerEvent) => {
    if (!this.dragging) return;
    this.#propose(this.#start.value - (e.clientX - this.#start.x));
  };

  #up = (e: PointerEvent) => {
    if (!this.dragging) return;
    this.dragging = false;
    if (this.hasPointerCapture(e.pointerId)) this.releasePointerCapture(e.pointerId);
    emit(this, "split-done", this.value);
  };

  override render() {
    return html``;
  }
}
