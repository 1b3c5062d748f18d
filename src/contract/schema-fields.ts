import type * as v from 'valibot';

/** The type of one field as the API documentation shows it. */
export type FieldType =
  | { kind: 'string' | 'number' | 'boolean' | 'object' | 'array' | 'unknown' }
  | { kind: 'enum'; options: readonly string[] }
  /** A recursive schema (the category tree): same shape as the field at `path`. */
  | { kind: 'recursive'; path: string };

export interface SchemaField {
  /** Dotted path; `[]` marks array items: `data[].brand.slug`. */
  path: string;
  type: FieldType;
  optional: boolean;
  nullable: boolean;
}

/**
 * The few valibot schema properties the walk reads. valibot types each schema kind separately
 * and has no public union of them, so the walk reads the runtime objects structurally.
 */
interface SchemaNode {
  type: string;
  entries?: Readonly<Record<string, SchemaNode>>;
  wrapped?: SchemaNode;
  item?: SchemaNode;
  options?: readonly unknown[];
  getter?: (input: unknown) => SchemaNode;
}

const SCALARS = new Set(['string', 'number', 'boolean']);

/**
 * Every field a schema accepts or returns, derived from the schema object itself so the
 * documentation can never drift from the contract. Pipes keep the type of their first schema,
 * so `v.pipe(v.string(), v.transform(Number))` documents the `string` the client sends.
 */
export function schemaFields(schema: v.GenericSchema): SchemaField[] {
  const fields: SchemaField[] = [];
  const ancestors = new Map<SchemaNode, string>();

  function walk(node: SchemaNode, path: string, optional: boolean, nullable: boolean): void {
    if (node.type === 'optional' && node.wrapped) return walk(node.wrapped, path, true, nullable);
    if ((node.type === 'nullable' || node.type === 'nullish') && node.wrapped) {
      return walk(node.wrapped, path, optional || node.type === 'nullish', true);
    }
    if (node.type === 'lazy' && node.getter) return walk(node.getter(undefined), path, optional, nullable);

    const seenAt = ancestors.get(node);
    if (seenAt !== undefined) {
      fields.push({ path, type: { kind: 'recursive', path: seenAt }, optional, nullable });
      return;
    }

    if (node.type === 'object' && node.entries) {
      if (path) fields.push({ path, type: { kind: 'object' }, optional, nullable });
      ancestors.set(node, path);
      for (const [name, entry] of Object.entries(node.entries)) walk(entry, path ? `${path}.${name}` : name, false, false);
      ancestors.delete(node);
      return;
    }
    if (node.type === 'array' && node.item) {
      fields.push({ path, type: { kind: 'array' }, optional, nullable });
      ancestors.set(node, path);
      walk(node.item, `${path}[]`, false, false);
      ancestors.delete(node);
      return;
    }
    // An array item that is a scalar adds nothing beyond the array's own line.
    if (path.endsWith('[]') && SCALARS.has(node.type)) return;
    const type: FieldType =
      node.type === 'picklist' && node.options
        ? { kind: 'enum', options: node.options.map(String) }
        : SCALARS.has(node.type)
          ? { kind: node.type as 'string' | 'number' | 'boolean' }
          : { kind: 'unknown' };
    fields.push({ path, type, optional, nullable });
  }

  walk(schema as unknown as SchemaNode, '', false, false);
  return fields;
}
