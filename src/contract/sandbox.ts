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
