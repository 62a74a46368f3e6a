/**
 * Fixture documents carry their text instead of uploaded bytes; whenever the state is loaded, the
 * bytes of each such document are put in the media store, so media links and downloads work.
 */
import { contentTypeOf } from "./storage.ts";
import type { KbStore } from "./store.ts";

const encoder = new TextEncoder();

export function seedDocumentBytes(store: KbStore): void {
  const { media } = store.emulator;
  for (const file of store.state.files) {
    if (!media.has(file.fileKey) && file.text) {
      media.set(file.fileKey, {
        bytes: encoder.encode(file.text),
        contentType: contentTypeOf(file.name),
        fileName: file.name,
        area: "kb",
      });
    }
  }
}
