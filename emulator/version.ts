/** ccemu's version: what `--version`, `/_emulator/health` and the packages say. */
export const VERSION = "0.1.0";
