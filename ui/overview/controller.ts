/**
 * The Overview view's controller: `GET /_emulator/overview`, read when the view opens and again
 * on every live change while it is on screen. Changes come in bursts (a dialing task, a stream):
 * one read is in flight at a time, and whatever arrives meanwhile asks for one more, not many.
 */
import { ViewController } from "../common/view-controller.ts";
import type {
  CoreOverview,
  FaultsOverview,
  GatewayOverview,
  KbOverview,
  OutboundOverview,
  StubsOverview,
} from "../common/control-client.ts";
import type { Connection } from "../../emulator/control/connect.ts";
import type { SnapshotRow } from "./snapshots-card.ts";

/** The route's answer, each area's part typed by the area that writes it. */
export type Overview = Omit<CoreOverview, "areas"> & {
  areas: {
    outbound: OutboundOverview;
    kb: KbOverview;
    gateway: GatewayOverview;
    faults: FaultsOverview;
    stubs: StubsOverview;
  };
};

export class OverviewController extends ViewController {
  overview: Overview | null = null;
  connection: Connection | null = null;
  /** The named snapshots: read with the first overview, and again after each snapshot action. */
  snapshots: SnapshotRow[] | null = null;
  /** The key ids the connection was read for: it is read again only when they change. */
  #keysRead = "";
  /** Whether the view is on screen: changes are read only then. */
  active = false;
  #reading: Promise<void> | null = null;
  #again = false;

  protected override listen(): (() => void)[] {
    const changed = () => this.active && this.client.attempt(() => this.load());
    return [this.client.on("journal", changed), this.client.on("state", changed)];
  }

  /** Reads the overview; asked while a read is in flight, reads once more after it. */
  load(): Promise<void> {
    if (this.#reading) {
      this.#again = true;
      return this.#reading;
    }
    this.#reading = this.#read().finally(() => {
      this.#reading = null;
      if (this.#again) {
        this.#again = false;
        this.client.attempt(() => this.load());
      }
    });
    return this.#reading;
  }

  async #readSnapshots(): Promise<void> {
    const { snapshots } = await this.client.request<{ snapshots: SnapshotRow[] }>(
      "GET",
      "/_emulator/snapshots",
    );
    this.snapshots = snapshots;
    this.host.requestUpdate();
  }

  /** Saves, restores or deletes a named snapshot, then reads the list again. */
  snapshot(action: "save" | "restore" | "delete", name: string): Promise<void> {
    const path = `/_emulator/snapshots/${encodeURIComponent(name)}`;
    const [method, url] = action === "save"
      ? ["PUT", path]
      : action === "restore"
      ? ["POST", `${path}/restore`]
      : ["DELETE", path];
    return this.client.attempt(async () => {
      await this.client.request(method, url);
      await this.#readSnapshots();
    });
  }

  async #read(): Promise<void> {
    this.overview = await this.client.request<Overview>("GET", "/_emulator/overview");
    const keys = this.overview.keys.map((k) => k.accessKeyId).join(" ");
    if (keys !== this.#keysRead || !this.connection) {
      this.connection = await this.client.request<Connection>("GET", "/_emulator/connect");
      this.#keysRead = keys;
    }
    if (!this.snapshots) await this.#readSnapshots();
    this.host.requestUpdate();
  }
}
