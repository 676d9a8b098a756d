/** docs/product.md "Navigation": the profile's full name, else the part of the e-mail before @, else "User". */
export function displayName(
  me: { email: string; profile: { fullName: string | null } | null } | null | undefined,
): string {
  const fullName = me?.profile?.fullName?.trim();
  if (fullName) return fullName;
  const local = me?.email?.split('@')[0];
  return local || 'User';
}
