/**
 * The Load view's picture, as a Chart.js configuration built from the report's timeline: the p50
 * and p95 of the replies that ended in each second (lines, milliseconds), and how many ended in
 * it (bars, on their own axis), so a latency that climbs as visitors arrive is seen at once.
 */
import type { ChartConfiguration } from "chart.js";
import type { TimelinePoint } from "../common/control-client.ts";

export function latencyChart(timeline: TimelinePoint[]): ChartConfiguration {
  return {
    type: "line",
    data: {
      labels: timeline.map((p) => `${p.second} s`),
      datasets: [
        {
          label: "p50 ms",
          data: timeline.map((p) => p.p50),
          borderColor: "#2458d6",
          backgroundColor: "#2458d6",
          yAxisID: "y",
        },
        {
          label: "p95 ms",
          data: timeline.map((p) => p.p95),
          borderColor: "#d64545",
          backgroundColor: "#d64545",
          yAxisID: "y",
        },
        {
          type: "bar",
          label: "replies",
          data: timeline.map((p) => p.pushes),
          backgroundColor: "#dfe4ee",
          yAxisID: "pushes",
        },
      ],
    } as ChartConfiguration["data"],
    options: {
      scales: {
        y: { beginAtZero: true, title: { display: true, text: "ms" } },
        pushes: {
          beginAtZero: true,
          position: "right",
          grid: { display: false },
          ticks: { precision: 0 },
          title: { display: true, text: "replies a second" },
        },
      },
      plugins: { legend: { position: "bottom", labels: { boxWidth: 12 } } },
    },
  };
}
