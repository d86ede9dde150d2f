/**
 * The error of `Menagerie.enableNavigation`, in a module of its own so that only the navigation
 * chunk carries it (a module shared with the first download would put it there);
 * `MenagerieErrorClasses.navigation` describes it for `isMenagerieError`.
 */
import { MenagerieError, type NavigationFailure } from "./errors.js";

/**
 * `enableNavigation` failed. Message: `Cannot enable navigation: <detail>`.
 * @category Motion
 */
export class NavigationError extends MenagerieError {
  /** What went wrong, for a game to branch on (see {@link NavigationFailure}). */
  readonly reason: NavigationFailure;
  /** The npm packages to install, when missing packages are the problem; empty otherwise. */
  readonly missingPackages: readonly string[];
  constructor(
    reason: NavigationFailure,
    detail: string,
    init: { missingPackages?: readonly string[]; cause?: unknown } = {},
  ) {
    super("navigation", `Cannot enable navigation: ${detail}`, { cause: init.cause });
    this.name = "NavigationError";
    this.reason = reason;
    this.missingPackages = init.missingPackages ?? [];
  }
}
