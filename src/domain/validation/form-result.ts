/** Field name → French message; a field that is fine is absent. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

export function isFormValid<Field extends string>(errors: FieldErrors<Field>): boolean {
  return Object.keys(errors).length === 0;
}

/** Builds the errors object from [field, message-or-null] pairs. */
export function collectErrors<Field extends string>(checks: readonly (readonly [Field, string | null])[]): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const [field, message] of checks) if (message !== null) errors[field] = message;
  return errors;
}
