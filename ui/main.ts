/** The browser UI's entry point: the components register themselves; `<ccemu-app>` is in the page. */
import "./app.ts";
