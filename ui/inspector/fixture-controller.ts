/**
 * The inspector's "fixture data" of one entry: what `GET /_emulator/journal/{id}/fixture` makes of
 * its answer (or why it makes nothing), keeping a recorded tenant's answer in ccemu's state
 * (`POST .../keep`), and the fixture file downloaded as the control API gave it.
 */
import { ViewController } from "../common/view-controller.ts";
import type { FixtureState } from "./entry-actions.ts";

/** ccemu's refusals name the field first (`id: journal entry 7 is …`): the UI says the rest. */
const reason = (error: unknown) => (error as Error).message.replace(/^id: /, "");

export class FixtureController extends ViewController {
  state: FixtureState | null = null;

  protected override listen(): (() => void)[] {
    return [
      this.client.on<{ change: string }>("state", (event) => {
        if (["journal-cleared", "reset", "snapshot-imported"].includes(event.change)) {
          this.state = null;
          this.host.requestUpdate();
        }
      }),
    ];
  }

  /** What the entry's answer holds as fixture data, or why it holds none (a 200 either way). */
  async preview(id: number): Promise<void> {
    this.state = { id };
    try {
      const made = await this.client.request<
        NonNullable<FixtureState["preview"]> | { fixture: null; why: string }
      >("GET", `/_emulator/journal/${id}/fixture`);
      this.state = "why" in made ? { id, refused: made.why } : { id, preview: made };
    } catch (error) {
      this.state = { id, refused: reason(error) };
    }
    this.host.requestUpdate();
  }

  keep(id: number) {
    return this.client.attempt(async () => {
      const kept = await this.client.request<NonNullable<FixtureState["kept"]>>(
        "POST",
        `/_emulator/journal/${id}/keep`,
      );
      if (this.state?.id === id) this.state = { ...this.state, kept };
      this.host.requestUpdate();
    });
  }

  /** The fixture file, as ccemu built it, named after the entry. */
  download(id: number): void {
    const fixture = this.state?.id === id ? this.state.preview?.fixture : undefined;
    if (fixture === undefined) return;
    const link = document.createElement("a");
    link.href = URL.createObjectURL(
      new Blob([JSON.stringify(fixture, null, 2) + "\n"], { type: "application/json" }),
    );
    link.download = `journal-${id}.fixture.json`;
    link.click();
    URL.revokeObjectURL(link.href);
  }
}
