/**
 * How every view tells the app what the user did: a custom event that bubbles out of its shadow
 * tree (`composed`), carrying what the app's controllers need.
 */
export function emit(from: HTMLElement, name: string, detail?: unknown): void {
  from.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
}
