// @ts-check
// The operations of the server's own OpenAPI document (GET /api/docs/json), flattened into
// what a request generator needs: method, path template, parameters by place, body schema.

/**
 * @typedef {{ type?: string | string[], enum?: unknown[], const?: unknown, properties?: Record<string, JsonSchema>,
 *   required?: string[], items?: JsonSchema, anyOf?: JsonSchema[], oneOf?: JsonSchema[], allOf?: JsonSchema[],
 *   minLength?: number, maxLength?: number, minimum?: number, maximum?: number, format?: string, pattern?: string }} JsonSchema
 * @typedef {{ name: string, in: 'path' | 'query' | 'header' | 'cookie', required?: boolean, schema?: JsonSchema }} Parameter
 * @typedef {{ method: string, path: string, guard: string, params: Parameter[], query: Parameter[],
 *   headers: Parameter[], body: JsonSchema | null, bodyType: string | null }} Operation
 */

/**
 * @param {{ paths: Record<string, Record<string, { parameters?: Parameter[], requestBody?: { content?: Record<string, { schema?: JsonSchema }> }, 'x-guard'?: string }>> }} document
 * @returns {Operation[]}
 */
export function operationsOf(document) {
  /** @type {Operation[]} */
  const operations = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      const [bodyType, media] = Object.entries(content)[0] ?? [null, null];
      operations.push({
        method: method.toUpperCase(),
        path,
        guard: operation['x-guard'] ?? 'unknown',
        params: parameters.filter((p) => p.in === 'path'),
        query: parameters.filter((p) => p.in === 'query'),
        headers: parameters.filter((p) => p.in === 'header'),
        body: media?.schema ?? null,
        bodyType,
      });
    }
  }
  return operations;
}

/**
 * A value the schema accepts, when one is easy to see (enum, const, type); good enough for
 * the fuzzer to start from a request that passes validation and then break one part of it.
 * @param {JsonSchema | undefined} schema
 * @returns {unknown}
 */
export function validValueOf(schema) {
  if (!schema) return 'x';
  if ('const' in schema) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (variant) return validValueOf(variant);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      /** @type {Record<string, unknown>} */
      const value = {};
      for (const [name, property] of Object.entries(schema.properties ?? {}))
        value[name] = validValueOf(property);
      return value;
    }
    case 'array':
      return [validValueOf(schema.items)];
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      if (schema.format === 'email') return 'fuzz@example.test';
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      if (schema.format === 'date-time') return new Date(0).toISOString();
      return 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
  }
}
