/** The conversation view's own styles (beside the shared ones in styles.ts). */
import { css } from "lit";

export const conversationStyles = css`
  :host {
    display: grid;
    grid-template-columns: 250px minmax(0, 1fr) 290px;
    gap: 12px;
    height: 100%;
    min-height: 0;
  }
  /* At 1280 wide the side panes give the chat and its docked log some room. */
  @media (max-width: 1440px) {
    :host {
      grid-template-columns: 220px minmax(0, 1fr) 260px;
    }
  }
  aside {
    padding: 10px;
    display: flex;
    flex-direction: column;
    gap: 10px;
    overflow: auto;
    min-width: 0;
  }
  .stack {
    display: flex;
    flex-direction: column;
    align-items: stretch;
    gap: 6px;
  }
  select {
    width: 100%;
    min-width: 0;
    text-overflow: ellipsis;
  }
  .robot-detail {
    font-size: 12px;
    overflow-wrap: anywhere;
  }
  .chat {
    display: flex;
    flex-direction: column;
    min-height: 0;
    min-width: 0;
  }
  .tabbar {
    display: flex;
    align-items: flex-end;
    gap: 8px;
    border-bottom: 1px solid var(--line);
  }
  .tabs {
    display: flex;
    gap: 2px;
    padding: 4px 6px 0;
    overflow-x: auto;
    flex: 1;
    min-width: 0;
  }
  .tab {
    display: inline-flex;
    border: 1px solid var(--line);
    border-bottom: 0;
    border-radius: 6px 6px 0 0;
  }
  .tab[aria-current="true"] {
    background: #e3ebff;
  }
  .tab button {
    border: 0;
    background: transparent;
    border-radius: 0;
    padding: 2px 6px;
  }
  .tab .close {
    color: var(--muted);
  }
  .chat-head {
    display: flex;
    gap: 10px;
    align-items: center;
    flex-wrap: wrap;
    padding: 6px 10px;
    border-bottom: 1px solid var(--line);
    font-size: 12px;
  }
  .chat-head .who {
    margin-right: auto;
  }
  /* An action's name is never broken over two lines ("Replay as scenario…"). */
  .chat-head a,
  .chat-head button {
    white-space: nowrap;
  }
  /* The chat and, beside it, the session's log (ui/session-log.ts). */
  .chat-body {
    flex: 1;
    display: flex;
    min-height: 0;
  }
  /* A folded log has nothing to resize. */
  .chat-body:has(> ccemu-session-log[folded]) ccemu-splitter {
    display: none;
  }
  .talk {
    flex: 1;
    display: flex;
    flex-direction: column;
    min-width: 0;
  }
  .log {
    flex: 1;
    overflow: auto;
    padding: 12px;
    display: flex;
    flex-direction: column;
    gap: 8px;
  }
  /* A reply of one unbroken word (a long URL, a token) wraps inside its bubble. */
  .bubble {
    overflow-wrap: anywhere;
    min-width: 0;
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
  .pending {
    opacity: 0.75;
  }
  .typing {
    font-style: italic;
  }
  /* Three dots that pulse while a stream arrives (still for those who ask for less motion). */
  .dots i {
    font-style: normal;
    animation: pulse 1.2s infinite both;
  }
  .dots i:nth-child(2) {
    animation-delay: 0.2s;
  }
  .dots i:nth-child(3) {
    animation-delay: 0.4s;
  }
  @keyframes pulse {
    0%,
    80%,
    100% {
      opacity: 0.2;
    }
    40% {
      opacity: 1;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .dots i {
      animation: none;
    }
  }
  /* A bubble shows its push in the docked log on a click. */
  [data-push] {
    cursor: pointer;
  }
  .restart {
    display: inline-flex;
    flex: none;
    gap: 4px;
    padding: 3px 6px;
    font-size: 12px;
  }
  .restart button {
    padding: 1px 8px;
  }
  img.sent {
    max-width: 200px;
    min-width: 48px;
    min-height: 48px;
    object-fit: contain;
    display: block;
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
  h3 {
    margin: 0;
    font-size: 13px;
  }
  details pre {
    max-height: 240px;
    overflow: auto;
  }
`;
