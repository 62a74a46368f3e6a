/**
 * `<ccemu-chart>`: a Chart.js chart (bundled from npm, nothing loaded from elsewhere) for a Lit
 * property. A new `config` updates the chart in place; animation is off, so what the data says is
 * on screen at once (and in screenshots). The caption and the data table under it say the same
 * numbers in words, for screen readers and for tests.
 */
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  type ChartOptions,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from "chart.js";
import { css, html, LitElement, type PropertyValues } from "lit";
import { customElement, property } from "lit/decorators.js";

Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Filler,
  Legend,
  Tooltip,
);

@customElement("ccemu-chart")
export class ChartView extends LitElement {
  static override styles = css`
    :host {
      display: block;
      position: relative;
      height: 180px;
    }
  `;

  @property({ attribute: false })
  accessor config: ChartConfiguration | null = null;
  @property()
  accessor label = "";
  #chart?: Chart;
  #type?: string;

  protected override updated(changed: PropertyValues<this>): void {
    if (!changed.has("config") || !this.config) return;
    const canvas = this.renderRoot.querySelector("canvas")!;
    // The host's height rules, on every update too (options replaced without these went back to
    // Chart.js's aspect ratio, and a chart made taller by more tasks kept its first height).
    const options: ChartOptions = {
      animation: false,
      maintainAspectRatio: false,
      ...this.config.options,
    };
    if (this.#chart && this.#type === this.config.type) {
      this.#chart.data = this.config.data;
      this.#chart.options = options;
      this.#chart.update("none");
    } else {
      this.#chart?.destroy();
      this.#type = this.config.type;
      this.#chart = new Chart(canvas, { ...this.config, options });
    }
  }

  /**
   * The labels Chart.js draws on an axis (`x`, `y`), after it has left out any it found no room
   * for, each with its pixel position along the axis: what a reader sees, for checks that every
   * bar is named and no two names overlap.
   */
  drawnTicks(axis: string): { label: string; at: number }[] {
    const scale = this.#chart?.scales[axis];
    return scale?.ticks.map((tick, i) => ({
      label: String(tick.label),
      at: scale.getPixelForTick(i),
    })) ?? [];
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#chart?.destroy();
    this.#chart = undefined;
  }

  override render() {
    return html`<canvas role="img" aria-label=${this.label}></canvas>`;
  }
}
