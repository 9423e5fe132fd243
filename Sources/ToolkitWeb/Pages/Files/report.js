// What the status line says when something fails.

import { NoSession, NotRunning } from "./api.js";
import { say } from "./dom.js";
import { t } from "./strings.js";

/** Says what went wrong, in the page's language: the diary not running, no session, or the core's message. */
export function report(error) {
  if (error instanceof NotRunning) say(t("notRunning"), "down");
  else if (error instanceof NoSession) say(t(error.message === "refused" ? "refused" : "noSession"), "error");
  else say(t("failed", { message: error.message }), "error");
}
