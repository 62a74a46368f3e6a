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
  td.path {
    font-family: ui-monospace, Menlo, monospace;
    font-size: 12px;
    word-break: break-all;
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
`;
