import { isIPv6 } from 'node:net';
import { createHmac } from 'node:crypto';

/**
 * The address a request came from, as the quotas count it (see countedAddress). Kept as a
 * keyed hash, so the database never holds visitors' addresses.
 */
export function clientKey(address: string, secret: Buffer): string {
  return createHmac('sha256', secret).update(countedAddress(address)).digest('hex').slice(0, 32);
}

/**
 * One client as the budgets and quotas count it: an IPv6 address by its /64 (one subscriber's
 * whole network, which anyone gets for free), an IPv4 address whole, however it is written
 * (::ffff:198.51.100.9 and ::ffff:c633:6409 are 198.51.100.9).
 */
export function countedAddress(address: string): string {
  if (!isIPv6(address)) return address;
  const groups = ipv6Groups(address);
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  return groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':');
}

/** The eight groups of an IPv6 address, with `::` expanded and a trailing dotted IPv4 read as two groups. */
function ipv6Groups(address: string): number[] {
  const plain = address
    .split('%')[0]!
    .replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a: string, b: string, c: string, d: string) =>
      [(Number(a) << 8) | Number(b), (Number(c) << 8) | Number(d)].map((group) => group.toString(16)).join(':'),
    );
  const [head = '', tail = ''] = plain.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === '' ? [] : tail.split(':');
  const all = plain.includes('::')
    ? [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups]
    : headGroups;
  return all.map((group) => Number.parseInt(group || '0', 16));
}
