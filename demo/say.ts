/** The "Say what you want to see" box: carries out a sentence with `menagerie.command` and shows what was done. */
import type { CommandAccount, Creature, CreatureGroup, Habitat, Menagerie } from "../src/index.js";

const VERBS = { add_model: "added", remove_model: "removed", move_model: "sent", change_habitat: "now" } as const;

/** One line per action ("added 2 zebra, 1 lion (no pond in the scene: ...)"), then what was not understood. */
export function accountText(text: string, account: CommandAccount): string {
  const lines: string[] = [];
  for (const { action, creatures, notes } of account.outcomes) {
    const counts = new Map<string, number>();
    for (const c of creatures) counts.set(c.record.name, (counts.get(c.record.name) ?? 0) + 1);
    const what =
      action.action === "change_habitat"
        ? (action.habitat ?? "")
        : [...counts].map(([name, n]) => `${n} ${name}`).join(", ") || "nothing";
    lines.push(`${VERBS[action.action]} ${what}${notes.length ? ` (${notes.join("; ")})` : ""}`);
  }
  for (const s of account.skipped) lines.push(`not understood: ${s.action ?? "an action"}`);
  lines.push(...account.notes);
  return lines.length ? `${lines.join(". ")}.` : `Nothing in "${text}" I could do.`;
}

/** What the box needs of the page. */
export interface SayDeps {
  menagerie: Menagerie;
  out: HTMLElement;
  /** `change_habitat` the page's way; resolves to the group it made. */
  repopulate: (habitat: Habitat) => Promise<CreatureGroup | undefined>;
  /** Each creature an `add_model` spawned. */
  added: (creature: Creature) => void;
  /** After a command was carried out. */
  done: () => void;
}

/** The box's action: says what it is reading, carries it out, shows the account or the error. */
export function sayer(deps: SayDeps): (text: string) => Promise<void> {
  return async (text) => {
    deps.out.textContent = `Reading "${text}"...`;
    try {
      const account = await deps.menagerie.command(text, { onChangeHabitat: deps.repopulate });
      for (const { action, creatures } of account.outcomes)
        if (action.action === "add_model") for (const c of creatures) deps.added(c);
      deps.done();
      deps.out.textContent = accountText(text, account);
    } catch (error) {
      deps.out.textContent = `Could not do it: ${(error as Error).message}`;
    }
  };
}
