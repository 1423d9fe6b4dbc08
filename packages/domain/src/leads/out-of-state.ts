/**
 * An owner is out of state when the owner's mailing state differs from the property's state (both two-letter codes,
 * as imports store them). Unknown when either is missing: a list that says nothing is not read as "in state".
 */
export function outOfStateOwner(propertyState: unknown, mailingState: unknown): boolean | null {
  const code = (v: unknown) => (typeof v === 'string' && /^[A-Za-z]{2}$/.test(v.trim()) ? v.trim().toUpperCase() : null);
  const property = code(propertyState);
  const mailing = code(mailingState);
  return property && mailing ? property !== mailing : null;
}
