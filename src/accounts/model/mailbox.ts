/**
 * The mailbox an address reaches, for what is counted per person: sign-in limits and one
 * spin-to-win prize per person. `Jane+cars@Example.com.` reaches the same inbox as
 * `jane@example.com`, so both count as one: lower case, no trailing dot on the domain, and no
 * `+tag` (the part of the name from the first `+`, which most mail services deliver to the same
 * inbox).
 *
 * Only the key changes: an account is kept under the address as the shopper typed it (lower
 * case, trimmed) and mail goes to that address.
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 1) return address;
  const name = address.slice(0, at);
  const domain = address.slice(at + 1).replace(/\.+$/, '');
  const plus = name.indexOf('+');
  return `${plus > 0 ? name.slice(0, plus) : name}@${domain}`;
}
