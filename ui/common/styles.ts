/** What every component shares: tokens, controls, visible focus. */
import { css } from "lit";

export const shared = css`
  /* Text colours keep 4.5:1 (WCAG AA) on white and on every tint a row, tab or button takes
    (#e3ebff selected, #dfe9ff, #f0f3f9 buttons): --muted 5.0:1 at worst, --warn 4.8:1. */
  :host {
    --ink: #1d2330;
    --muted: #596274;
    --line: #d9dde5;
    --panel: #ffffff;
    --ground: #f5f6f8;
    --accent: #2458d6;
    --ok: #137a3d;
    --warn: #965500;
    --bad: #b42318;
    color: var(--ink);
    font: inherit;
  }
  * {
    box-sizing: border-box;
  }
  button,
  input,
  select,
  textarea {
    font: inherit;
    color: inherit;
    border: 1px solid var(--line);
    border-radius: 6px;
    background: #fff;
    padding: 4px 8px;
  }
  button {
    cursor: pointer;
    background: #f0f3f9;
  }
  button.primary {
    background: var(--accent);
    color: #fff;
    border-color: var(--accent);
  }
  button:disabled {
    opacity: 0.5;
    cursor: default;
  }
  :focus-visible {
    outline: 2px solid var(--accent);
    outline-offset: 2px;
  }
  .muted {
    color: var(--muted);
  }
  .bad {
    color: var(--bad);
  }
  .warn {
    color: var(--warn);
  }
  .ok {
    color: var(--ok);
  }
  pre {
    margin: 0;
    white-space: pre-wrap;
    word-break: break-word;
    font: 12px/1.4 ui-monospace, Menlo, Consolas, monospace;
  }
  table {
    border-collapse: collapse;
    width: 100%;
  }
  th,
  td {
    text-align: left;
    padding: 3px 6px;
    border-bottom: 1px solid var(--line);
    vertical-align: top;
  }
  th {
    font-weight: 600;
    color: var(--muted);
    font-size: 12px;
  }
  .panel {
    background: var(--panel);
    border: 1px solid var(--line);
    border-radius: 8px;
  }
  .row {
    display: flex;
    gap: 8px;
    align-items: center;
    flex-wrap: wrap;
  }
  label {
    display: inline-flex;
    gap: 4px;
    align-items: center;
  }
  /* A file input inside a label styled as a button: the label shows, the input stays reachable. */
  label.button {
    cursor: pointer;
    border: 1px solid var(--line);
    border-radius: 6px;
    padding: 4px 8px;
    background: #f0f3f9;
    white-space: nowrap;
  }
  label.button:focus-within {
    outline: 2px solid var(--accent);
  }
  label.button[aria-disabled="true"] {
    opacity: 0.5;
    cursor: default;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
  }
  .badge {
    font-size: 11px;
    border-radius: 8px;
    padding: 0 6px;
    border: 1px solid currentColor;
    white-space: nowrap;
  }
`;

/** A view of side-by-side panes that scroll on their own; the view sets grid-template-columns. */
export const panes = css`
  :host {
    display: grid;
    gap: 12px;
    height: 100%;
    min-height: 0;
  }
  section {
    overflow: auto;
    padding: 10px;
  }
`;
