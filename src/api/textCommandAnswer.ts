/**
 * Reading the service's answer to `POST /parse-text-command`: `{ actions: [...] }`, each action
 * validated on its own. An action of a kind this version does not know, or one that does not
 * validate, is kept as sent and reported, never fatal to the others. The reference service also
 * names the models it could not find (`unknown_models`); an answer without that field (the real
 * service's) reads as before, and an entry of it that does not validate is left out. Loaded
 * with `import()` by the client, like the record schemas.
 */
import { z } from "zod/mini";
import { type RequestInfo, ResponseValidationError, toValidationIssues, type ValidationIssue } from "../core/errors.js";
import { PARSE_OPTIONS } from "../records/schemas.js";
import { checkStatus, parseJson, redactIssues, type Secrets } from "./lookupAnswer.js";
import type { TextResponse } from "./request.js";

/** The action kinds the real service answers with. */
export const TEXT_COMMAND_ACTIONS = ["add_model", "remove_model", "move_model", "change_habitat"] as const;
/** The places a model can be put or sent, relative to another (or to the viewer, `here`). */
export const TEXT_COMMAND_RELATIVES = [
  "here",
  "near",
  "far",
  "front",
  "behind",
  "above",
  "below",
  "left",
  "right",
] as const;

const LocationSchema = z.object({
  relative: z.enum(TEXT_COMMAND_RELATIVES),
  model_name: z.optional(z.nullable(z.string())),
});

const ModelSchema = z.object({
  name: z.string().check(z.minLength(1)),
  number: z.optional(z.nullable(z.number().check(z.int(), z.gte(0)))),
  location: z.optional(z.nullable(LocationSchema)),
});

const ActionSchema = z.object({
  action: z.enum(TEXT_COMMAND_ACTIONS),
  habitat: z.optional(z.nullable(z.string())),
  models: z.optional(z.nullable(z.array(ModelSchema))),
});

const UnknownModelSchema = z.object({
  action: z.enum(TEXT_COMMAND_ACTIONS),
  name: z.string().check(z.minLength(1)),
  number: z.optional(z.nullable(z.number().check(z.int(), z.gte(0)))),
});

/**
 * One action of a text command, as the client read it (`model_name` becomes `modelName`; a
 * model without `number` counts 1). `number` 0 means all of them ("remove the bears").
 * @category Lookup client
 */
export interface TextCommandAction {
  /** What to do: add, remove or move models, or change the habitat. */
  action: (typeof TEXT_COMMAND_ACTIONS)[number];
  /** The habitat of `change_habitat` (the catalog's flag where one fits, else as said). */
  habitat?: string;
  /** The models the action is about, each with its count and place. */
  models: {
    name: string;
    number: number;
    location?: { relative: (typeof TEXT_COMMAND_RELATIVES)[number]; modelName?: string };
  }[];
}

/**
 * An action of a text command left out (an unknown kind, a bad field): its place in the answer,
 * its kind as sent, why, and the value itself.
 * @category Lookup client
 */
export interface SkippedTextCommandAction {
  /** Its place in the answer's `actions`. */
  index: number;
  /** Its `action` as sent, when it was a string. */
  action: string | undefined;
  /** Why it was left out. */
  issues: ValidationIssue[];
  /** The action as sent. */
  value: unknown;
}

/**
 * What `client.parseTextCommand` resolves to: the actions read, in order, and those left out.
 * @category Lookup client
 */
export interface TextCommand {
  /** The actions read, in the order the sentence gave them. */
  actions: TextCommandAction[];
  /** The actions left out (unknown kinds, bad fields). */
  skipped: SkippedTextCommandAction[];
  /**
   * Models the sentence asked for that the service's catalog has under no name ("add two
   * unicorns": no action carries them), each with what was to be done, the name as said
   * (singular) and the count asked (0: all of them). Only when the answer names any (the
   * reference service's does; the real service's answer has no such field), so an answer
   * without it reads exactly as before.
   */
  unknownModels?: { action: TextCommandAction["action"]; name: string; number: number }[];
}

/** The actions of an answer, and the ones left out. */
export function readTextCommand(response: TextResponse, info: RequestInfo, secrets: Secrets): TextCommand {
  if (checkStatus(response, info, secrets) === "not-found") {
    throw new ResponseValidationError("No text command route at this URL", info, []);
  }
  const body = parseJson(response, info, secrets) as { actions?: unknown; unknown_models?: unknown } | undefined;
  if (body === null || typeof body !== "object" || !Array.isArray(body.actions)) {
    throw new ResponseValidationError("Invalid text command answer", info, [
      { path: ["actions"], code: "invalid_type", message: "expected an array of actions" },
    ]);
  }
  const actions: TextCommandAction[] = [];
  const skipped: SkippedTextCommandAction[] = [];
  body.actions.forEach((value: unknown, index: number) => {
    const parsed = ActionSchema.safeParse(value, PARSE_OPTIONS);
    if (!parsed.success) {
      const kind = (value as { action?: unknown } | null)?.action;
      skipped.push({
        index,
        action: typeof kind === "string" ? kind : undefined,
        issues: redactIssues(toValidationIssues(parsed.error.issues), secrets),
        value,
      });
      return;
    }
    const a = parsed.data;
    actions.push({
      action: a.action,
      ...(a.habitat ? { habitat: a.habitat } : {}),
      models: (a.models ?? []).map((m) => ({
        name: m.name,
        number: m.number ?? 1,
        ...(m.location
          ? {
              location: {
                relative: m.location.relative,
                ...(m.location.model_name ? { modelName: m.location.model_name } : {}),
              },
            }
          : {}),
      })),
    });
  });
  const unknownModels = readUnknownModels(body.unknown_models);
  return unknownModels.length > 0 ? { actions, skipped, unknownModels } : { actions, skipped };
}

/** The answer's `unknown_models`, each entry that validates (anything else there reads as none). */
function readUnknownModels(value: unknown): NonNullable<TextCommand["unknownModels"]> {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) => {
    const parsed = UnknownModelSchema.safeParse(entry, PARSE_OPTIONS);
    if (!parsed.success) return [];
    const { action, name, number } = parsed.data;
    return [{ action, name, number: number ?? 1 }];
  });
}
