/** The conversation view's own styles (beside the shared ones in styles.ts). */
import { css } from "lit";

export const conversationStyles = css`
  :host {
    display: grid;
    grid-template-columns: 300px 1fr;
    gap: 12px;
    height: 100%;
    min-height: 0;
  }
  aside {
    padding: 10px;
    display: flex;
    flex-direction: column;
    gap: 10px;
    overflow: auto;
  }
  textarea {
    width: 100%;
    min-height: 150px;
    font: 12px ui-monospace, Menlo, monospace;
  }
  .chat {
    display: flex;
    flex-direction: column;
    min-height: 0;
  }
  .log {
    flex: 1;
    overflow: auto;
    padding: 12px;
    display: flex;
    flex-direction: column;
    gap: 8px;
  }
  .bubble {
    max-width: 72%;
    padding: 8px 10px;
    border-radius: 10px;
    background: #fff;
    border: 1px solid var(--line);
  }
  .visitor {
    align-self: flex-end;
    background: #dfe9ff;
    border-color: #c3d4fb;
  }
  .agent {
    align-self: flex-start;
  }
  .banner {
    align-self: stretch;
    padding: 8px 10px;
    border-radius: 8px;
    background: #fff4e0;
    border: 1px solid #f2c27a;
  }
  .error {
    align-self: stretch;
    padding: 8px 10px;
    border-radius: 8px;
    background: #fde8e7;
    border: 1px solid #f4b4ae;
  }
  .meta {
    font-size: 12px;
    margin-top: 4px;
  }
  .meta button {
    font-size: 12px;
    padding: 0 6px;
  }
  form.composer {
    display: flex;
    gap: 8px;
    padding: 10px;
    border-top: 1px solid var(--line);
  }
  form.composer input[type=text] {
    flex: 1;
  }
  h3 {
    margin: 0;
    font-size: 13px;
  }
`;
