/** Evade (after Reynolds): flee from where a moving target will be. */
import { FleeBehavior } from "./flee.js";

/**
 * {@link FleeBehavior} from where a moving target will be, not where it is (state `evade`).
 * @category Motion
 */
export class EvadeBehavior extends FleeBehavior {
  override readonly state: string = "evade";
  override readonly predicts: boolean = true;
}
