import * as v from 'valibot';

/**
 * `sandbox/users`: the developer sandbox resource of spec §7 with all six operations. It is the
 * resource the API client's tests use to show that a retried create never makes a duplicate.
 */
export const SandboxUserSchema = v.object({
  id: v.number(),
  name: v.string(),
  email: v.string(),
  createdAt: v.string(),
});
export type SandboxUser = v.InferOutput<typeof SandboxUserSchema>;

export const SandboxUserBodySchema = v.object({
  name: v.pipe(v.string(), v.trim(), v.minLength(1, 'is required'), v.maxLength(100, 'is too long')),
  email: v.pipe(v.string(), v.trim(), v.maxLength(254, 'is too long'), v.email('is not a valid email')),
});
export type SandboxUserBody = v.InferInput<typeof SandboxUserBodySchema>;
export const SandboxUserPatchSchema = v.partial(SandboxUserBodySchema);

export const SandboxUserResponseSchema = v.object({ data: SandboxUserSchema });
export const SandboxUserListSchema = v.object({ data: v.array(SandboxUserSchema) });

/**
 * `PATCH sandbox/variants/{id}`: sets a variant's stock, as a warehouse feed would. It exists so the
 * end-to-end tests can make a line in a bag go out of stock (issue 12); like `sandbox/emails` it
 * answers 404 unless the server runs with the sandbox on.
 */
export const SandboxVariantPatchSchema = v.object({
  stock: v.pipe(v.number('must be a number'), v.integer('must be a whole number'), v.minValue(0, 'must be at least 0'), v.maxValue(1_000_000, 'must be at most 1000000')),
});
export type SandboxVariantPatch = v.InferInput<typeof SandboxVariantPatchSchema>;
export const SandboxVariantResponseSchema = v.object({ data: v.object({ id: v.number(), stock: v.number() }) });
