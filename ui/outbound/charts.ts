/**
 * The outbound pictures, as Chart.js configurations built from what the control API answers: a
 * stacked bar of each task's outcomes by finish status (and the numbers not finished yet), and a
 * timeline of one task's calls over virtual time as the number under way at each moment.
 */
import type { ChartConfiguration } from "chart.js";
import type { CallRow, TaskRow } from "../common/control-client.ts";
import { localTime } from "../common/local-time.ts";

/** One colour per finish status: green answered, warm for the customer's side, grey for lines. */
const COLOURS: Record<number, string> = {
  0: "#2e9e5b",
  1: "#d64545",
  2: "#8a8fa0",
  4: "#6b5bd6",
  5: "#3a7bd5",
  6: "#e58a2b",
  7: "#7a4a2a",
  8: "#f2c14e",
  11: "#222a3a",
};
const colour = (finishStatus: number) => COLOURS[finishStatus] ?? "#b7bcc8";
const NOT_FINISHED = "#e4e7ee";

/** What the outcome bar shows, in numbers: the chart and its table are drawn from this. */
export interface OutcomeSeries {
  tasks: string[];
  series: { label: string; finishStatus: number | null; counts: number[] }[];
}

export function outcomeSeries(tasks: TaskRow[]): OutcomeSeries {
  const statuses = new Map<number, string>();
  for (const t of tasks) {
    for (const o of t.outcomes) {
      statuses.set(o.finishStatus, `${o.finishStatusDesc} · ${o.finishStatusName}`);
    }
  }
  const series = [...statuses].sort(([a], [b]) => a - b).map(([finishStatus, label]) => ({
    label,
    finishStatus: finishStatus as number | null,
    counts: tasks.map((t) => t.outcomes.find((o) => o.finishStatus === finishStatus)?.count ?? 0),
  }));
  series.push({
    label: "not finished",
    finishStatus: null,
    counts: tasks.map((t) => t.totalCount - t.doneCount),
  });
  return { tasks: tasks.map((t) => `${t.callJobId} ${t.jobName}`), series };
}

/**
 * The outcome chart's height: a band for each task's bar and its label, the axis, and the legend
 * under them (one entry per series, two to a row in a panel a third of 1280 px wide). A fixed
 * height squeezed the bars once the legend wrapped, and Chart.js then left task labels out.
 */
export function outcomeChartHeight({ tasks, series }: OutcomeSeries): number {
  return 48 + 30 * tasks.length + 22 * Math.ceil(series.length / 2);
}

export function outcomeChart({ tasks, series }: OutcomeSeries): ChartConfiguration {
  return {
    type: "bar",
    data: {
      labels: tasks,
      datasets: series.map((s) => ({
        label: s.label,
        data: s.counts,
        backgroundColor: s.finishStatus === null ? NOT_FINISHED : colour(s.finishStatus),
      })),
    },
    options: {
      indexAxis: "y",
      // A label on every bar: Chart.js would skip labels it finds too tall for their band.
      scales: {
        x: { stacked: true, ticks: { precision: 0 } },
        y: { stacked: true, ticks: { autoSkip: false } },
      },
      plugins: { legend: { position: "bottom", labels: { boxWidth: 12 } } },
    },
  };
}

/** Calls under way over time: +1 at each start, -1 at each end, as steps. */
export function concurrency(calls: CallRow[], now: number): { x: number; y: number }[] {
  const changes: [number, number][] = [];
  for (const c of calls) {
    if (c.startTime === null) continue;
    changes.push([c.startTime, 1], [c.endTime ?? now, -1]);
  }
  changes.sort(([a, da], [b, db]) => a - b || da - db);
  const points: { x: number; y: number }[] = [];
  let level = 0;
  for (const [at, delta] of changes) {
    level += delta;
    if (points.at(-1)?.x === at) points.at(-1)!.y = level;
    else points.push({ x: at, y: level });
  }
  return points;
}

export function timelineChart(
  calls: CallRow[],
  task: TaskRow,
  now: number,
): ChartConfiguration {
  const points = concurrency(calls, now);
  const first = points[0]?.x ?? now, last = Math.max(points.at(-1)?.x ?? now, first + 60_000);
  // Seconds on the axis while the calls span less than half an hour.
  const end = last - first < 1_800_000 ? 19 : 16;
  // The day too (MM-DD) when the calls span more than one local day.
  const day = (instant: number) => localTime(instant, task.timeZone).slice(0, 10);
  const start = day(first) === day(last) ? 11 : 5;
  const time = (instant: number) => localTime(instant, task.timeZone).slice(start, end);
  return {
    type: "line",
    data: {
      datasets: [
        {
          label: "calls under way",
          data: points,
          stepped: "before",
          fill: true,
          borderColor: "#2458d6",
          backgroundColor: "rgba(36, 88, 214, 0.15)",
          pointRadius: 0,
        },
        {
          label: `concurrency quota (${task.concurrencyQuota})`,
          data: [{ x: first, y: task.concurrencyQuota }, { x: last, y: task.concurrencyQuota }],
          borderColor: "#a15c00",
          borderDash: [4, 4],
          pointRadius: 0,
        },
      ],
    },
    options: {
      scales: {
        x: {
          type: "linear",
          min: first,
          max: last,
          ticks: { callback: (value) => time(Number(value)), maxTicksLimit: 8 },
          title: { display: true, text: `virtual time (${task.timeZone})` },
        },
        y: { beginAtZero: true, ticks: { precision: 0 } },
      },
      plugins: { legend: { position: "bottom", labels: { boxWidth: 12 } } },
    },
  };
}
