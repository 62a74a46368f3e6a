/**
 * Files a user picks in an `<input type="file">`: read as text, and the input cleared so that the
 * same file can be picked again. JSON files (transcripts, scenarios, snapshots) go to the app as
 * one event, or a `problem` naming the file when they are not JSON.
 */
import { emit } from "./events.ts";

export async function pickedText(event: Event): Promise<{ name: string; text: string } | null> {
  const input = event.target as HTMLInputElement;
  const file = input.files?.[0];
  input.value = "";
  return file ? { name: file.name, text: await file.text() } : null;
}

export async function emitPickedJson(from: HTMLElement, event: Event, name: string): Promise<void> {
  const file = await pickedText(event);
  if (!file) return;
  try {
    emit(from, name, JSON.parse(file.text));
  } catch (error) {
    emit(from, "problem", `${file.name} is not JSON: ${(error as Error).message}`);
  }
}
