/**
 * The error of `Menagerie.enableNavigation`, in a module of its own so that only the navigation
 * chunk carries it (a module shared with the first download would put it there); it joins the
 * family's {@link MenagerieErrorClasses} by declaration merging.
 */
import { MenagerieError } from "./errors.js";

declare module "./errors.js" {
  interface MenagerieErrorClasses {
    /** Navigation that could not be enabled. */
    navigation: NavigationError;
  }
}

/**
 * Why navigation could not be enabled: its packages are not installed, it was given nothing
 * to walk on, recast could not build a navmesh of what it was given, or it was called on a
 * disposed Menagerie.
 * @category Motion
 */
export type NavigationFailure = "missing-packages" | "no-geometry" | "build" | "disposed";

/**
 * `enableNavigation` failed. Message: `Cannot enable navigation: <detail>`.
 * @category Motion
 */
export class NavigationError extends MenagerieError {
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
