/**
 * Fixture documents carry their text instead of uploaded bytes; whenever the state is loaded, the
 * bytes of each such document are put in the media store, so media links and downloads work.
 */
import type { Emulator } from "../emulator.ts";
import { contentTypeOf } from "./storage.ts";

export function seedDocumentBytes(emulator: Emulator): void {
  const encoder = new TextEncoder();
  const put = () => {
    for (const file of emulator.state.kb.files) {
      if (!emulator.media.has(file.fileKey) && file.text) {
        emulator.media.set(file.fileKey, {
          bytes: encoder.encode(file.text),
          contentType: contentTypeOf(file.name),
          fileName: file.name,
        });
      }
    }
  };
  put();
  emulator.onStateLoaded(put);
}
