/**
 * Writes a file so that a kill at any moment leaves either the previous file or the new one,
 * whole: the text goes to a temporary file beside it, is flushed to disk, then renamed over it.
 * Everything ccemu writes (snapshots, JUnit reports, the OpenAPI document) goes through here.
 */
export async function writeFileAtomically(path: string, text: string): Promise<number> {
  const bytes = new TextEncoder().encode(text);
  const temporary = `${path}.${Deno.pid}.tmp`;
  try {
    using file = await Deno.open(temporary, { write: true, create: true, truncate: true });
    for (let written = 0; written < bytes.length;) {
      written += await file.write(bytes.subarray(written));
    }
    await file.syncData();
  } catch (error) {
    await Deno.remove(temporary).catch(() => {});
    throw error;
  }
  await Deno.rename(temporary, path);
  return bytes.length;
}
