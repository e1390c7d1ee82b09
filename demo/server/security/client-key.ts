import { isIPv6 } from 'node:net';
import { createHmac } from 'node:crypto';

/**
 * The address a request came from, as the quotas count it: an IPv6 address by its /64 (one
 * subscriber's whole network, which anyone gets for free) and an IPv4 address whole. Kept as a
 * keyed hash, so the database never holds visitors' addresses.
 */
export function clientKey(address: string, secret: Buffer): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const counted = mapped ?? (isIPv6(address) ? ipv6Prefix64(address) : address);
  return createHmac('sha256', secret).update(counted).digest('hex').slice(0, 32);
}

/** The first four groups of an IPv6 address, with `::` expanded. */
function ipv6Prefix64(address: string): string {
  const [head = '', tail = ''] = address.split('%')[0]!.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === '' ? [] : tail.split(':');
  const groups = address.includes('::')
    ? [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups]
    : headGroups;
  return groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group || '0', 16).toString(16))
    .join(':');
}
