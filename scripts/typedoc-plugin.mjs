/**
 * The project's TypeDoc plugin (loaded by typedoc.json), two rules:
 *
 * 1. Where a property, a return or a parameter has a written type annotation, document that
 *    annotation rather than the type the checker resolved. A zod-inferred alias such as
 *    `ModelRecord = z.output<typeof ModelRecordSchema>` loses its name once TypeScript evaluates
 *    it, so TypeDoc would paste the record's 55 fields at every `record: ModelRecord` (a known
 *    TypeDoc design limitation) instead of linking the alias. Only pasted types are touched.
 * 2. Members of an object type written inline inside another declaration (a property's
 *    `{ x, z }`, a member of a union, a zod schema's shape, an `as const` defaults object) need
 *    no comment of their own: the declaration that holds them is documented, as TypeDoc
 *    already rules for objects inside parameters. An object type that a type alias is as a
 *    whole is a named type, and its members still need comments.
 */
import { Converter, ReflectionKind, ReflectionType, Type } from "typedoc";

/** The object types TypeDoc pasted in place of a name, anywhere inside `type`. */
function pastedObjects(type, found = []) {
  if (type instanceof ReflectionType) {
    found.push(type.declaration);
    return found;
  }
  // Type arguments, union members, array elements, ...: every nested Type, arrays included
  // (a template literal's tail holds [Type, string] pairs).
  for (const value of Object.values(type).flat(2)) {
    if (value instanceof Type) pastedObjects(value, found);
  }
  return found;
}

/**
 * Converts `node` in place of `owner.type` when the resolved type pasted an object. `context`
 * is the one whose scope is `owner`'s parent.
 */
function useDeclaredType(context, owner, node) {
  if (!node || !(owner.type instanceof Type)) return;
  const pasted = pastedObjects(owner.type);
  if (pasted.length === 0) return;
  owner.type = context.converter.convertType(context.withScope(owner), node);
  for (const declaration of pasted) context.project.removeReflection(declaration);
}

/**
 * Rule 2. TypeDoc's "not documented" check skips reflections that map to no symbol, as it does
 * for parameter members; so the inline members' symbols are forgotten (nothing links to them).
 */
function exemptInlineMembers(project) {
  for (const literal of project.getReflectionsByKind(ReflectionKind.TypeLiteral)) {
    // `type Options = { ... }` is a named type: its members keep needing comments.
    const owner = literal.parent;
    if (owner?.kindOf(ReflectionKind.TypeAlias) && owner.type instanceof ReflectionType) {
      if (owner.type.declaration === literal) continue;
    }
    literal.traverse(function forget(child) {
      if (!child.hasComment()) project.reflectionIdToSymbolIdMap.delete(child.id);
      child.traverse(forget);
      return true;
    });
  }
}

/** @param {import("typedoc").Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_END, (context) => exemptInlineMembers(context.project));
  app.converter.on(Converter.EVENT_CREATE_DECLARATION, (context, reflection) => {
    const declaration = context.getSymbolFromReflection(reflection)?.declarations?.[0];
    useDeclaredType(context, reflection, declaration?.type);
  });
  app.converter.on(Converter.EVENT_CREATE_SIGNATURE, (context, signature, declaration) => {
    useDeclaredType(context, signature, declaration?.type);
    const inSignature = context.withScope(signature);
    for (const [i, parameter] of (signature.parameters ?? []).entries()) {
      useDeclaredType(inSignature, parameter, declaration?.parameters?.[i]?.type);
    }
  });
}
