/** The inspector view's own styles (beside the shared ones in styles.ts). */
import { css } from "lit";

export const inspectorStyles = css`
  :host {
    display: grid;
    grid-template-columns: minmax(420px, 1fr) minmax(420px, 1.2fr);
    gap: 12px;
    height: 100%;
    min-height: 0;
  }
  .list {
    display: flex;
    flex-direction: column;
    min-height: 0;
  }
  .filters {
    padding: 8px;
    border-bottom: 1px solid var(--line);
  }
  .rows {
    overflow: auto;
    flex: 1;
  }
  tr.entry {
    cursor: pointer;
  }
  tr.entry:hover {
    background: #f3f6fd;
  }
  tr.entry[aria-selected="true"] {
    background: #e3ebff;
  }
  /* Fixed columns keep the headers over their cells whatever the rows hold (or when none do). */
  table {
    table-layout: fixed;
  }
  col.c-id {
    width: 44px;
  }
  col.c-time {
    width: 76px;
  }
  table.with-day col.c-time {
    width: 112px;
  }
  col.c-area {
    width: 84px;
  }
  col.c-status {
    width: 132px;
  }
  /* A cell never runs into its neighbour: a long area is cut with an ellipsis (the whole name on
    hover), a long error code wraps. */
  td.area {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  col.c-ms {
    width: 48px;
  }
  td.line span {
    display: block;
    overflow: hidden;
    white-space: nowrap;
    text-overflow: ellipsis;
  }
  td.line .sub {
    font-size: 11px;
  }
  /* A code wraps between its words (<wbr>), and mid-word only when one word is wider than the
    column. */
  td.status {
    white-space: normal;
    overflow-wrap: break-word;
  }
  td.status .code {
    display: inline-block;
  }
  /* A request's line wraps at its path's slashes rather than cutting the operation's name. */
  td.line span.main.request {
    white-space: normal;
    overflow-wrap: break-word;
  }
  /* The findings: a narrow severity column, the path and its message side by side; a deep path
    wraps at its steps (and anywhere in a step longer than the column), never into the message. */
  table.findings col.c-severity {
    width: 76px;
  }
  table.findings col.c-path {
    width: 48%;
  }
  table.findings td {
    overflow-wrap: anywhere;
  }
  td.empty {
    text-align: center;
    padding: 16px;
  }
  .hint {
    padding: 4px 8px;
    font-size: 12px;
  }
  .detail-head {
    display: flex;
    align-items: start;
    gap: 8px;
  }
  .detail-head h3 {
    flex: 1;
    margin: 0 0 4px;
    overflow-wrap: anywhere;
  }
  .detail-head .close {
    border: 0;
    background: transparent;
  }
  .detail {
    overflow: auto;
    padding: 10px;
  }
  h4 {
    margin: 12px 0 4px;
  }
  .pager {
    padding: 6px 8px;
    border-top: 1px solid var(--line);
  }
  .curl {
    margin-top: 6px;
    background: #f6f7f9;
    padding: 6px;
    border-radius: 6px;
  }
  .badge.fault {
    color: #8a4b00;
    background: #fff4e0;
  }
  .badge.stub {
    color: #1d4ed8;
    background: #eef3ff;
  }
  #stub-note {
    background: #eef3ff;
    border-color: #c3d4fb;
  }
  #stub-note ul {
    margin: 4px 0;
    padding-left: 18px;
  }
  .fault-note {
    margin-top: 6px;
    background: #fff4e0;
    border: 1px solid #e0b060;
    padding: 6px;
    border-radius: 6px;
  }
`;
