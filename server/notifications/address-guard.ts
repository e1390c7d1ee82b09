import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * A carrier's webhook URL is a way into the server's own network: the server must never be
 * made to call its database, its metadata service or a box of the office network. Only public
 * addresses are called, checked on the addresses the name resolves to (the very ones the
 * connection then uses, so a name cannot resolve to a public address for the check and a
 * private one for the call), and again for every redirect. Loopback is allowed only by an
 * explicit setting (the demo and the tests, WEBHOOK_ALLOW_LOOPBACK).
 */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['64:ff9b::', 96], // NAT64: may reach an IPv4 private address
  ['64:ff9b:1::', 48], // local-use NAT64, the same
  ['100::', 64],
  ['2001::', 23], // protocol assignments, Teredo
  ['2001:db8::', 32],
  ['2002::', 16], // 6to4: may embed an IPv4 private address
  ['3fff::', 20], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

/**
 * The Internet's IPv6 addresses are all in 2000::/3 (global unicast): anything outside it
 * (::/96 with an IPv4 address inside, ::ffff:0:0/96, SRv6's 5f00::/16 …) is no public address.
 */
const GLOBAL_UNICAST = new BlockList();
GLOBAL_UNICAST.addSubnet('2000::', 3, 'ipv6');

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it is. */
function unmapped(address: string): string {
  const mapped = /^::ffff:(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address);
  if (!mapped) return address;
  if (mapped[1]) return mapped[1];
  const high = Number.parseInt(mapped[2]!, 16);
  const low = Number.parseInt(mapped[3]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

export const isLoopback = (address: string) => {
  const plain = unmapped(address);
  return LOOPBACK.check(plain, isIP(plain) === 6 ? 'ipv6' : 'ipv4');
};

/** Whether an address may be called: public, or loopback when the setting allows it. */
export function mayCall(address: string, allowLoopback: boolean): boolean {
  const plain = unmapped(address);
  const family = isIP(plain);
  if (family === 0) return false;
  if (isLoopback(plain)) return allowLoopback;
  if (family === 6 && !GLOBAL_UNICAST.check(plain, 'ipv6')) return false;
  return !NOT_PUBLIC.check(plain, family === 6 ? 'ipv6' : 'ipv4');
}

export class RefusedAddress extends Error {
  readonly code = 'ENOTPUBLIC';
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http.request: resolves the name, refuses it when any address it gives may not
 * be called, and hands the checked addresses to the connection. `loopbackOnly`: plain http,
 * allowed to loopback alone.
 */
export function guardedLookup(allowLoopback: boolean, loopbackOnly: boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = addresses.find((entry) => !mayCall(entry.address, allowLoopback) || (loopbackOnly && !isLoopback(entry.address)));
      if (refused || addresses.length === 0)
        return callback(new RefusedAddress(`${hostname} mène à une adresse non publique (${refused?.address ?? 'aucune'})`), []);
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/**
 * What is wrong with a webhook URL before any DNS (French, for the back office), or null:
 * https (http only to loopback, when allowed), no credentials, and an IP written in it checked
 * at once (a connection to a literal address asks no DNS).
 */
export function urlProblem(url: URL, allowLoopback: boolean): string | null {
  if (url.username || url.password) return 'L’adresse ne doit pas contenir d’identifiant ni de mot de passe.';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (url.protocol === 'http:') {
    const loopbackName = host === 'localhost' || (isIP(host) !== 0 && isLoopback(host));
    if (!(allowLoopback && loopbackName)) return 'L’adresse doit commencer par https://.';
  } else if (url.protocol !== 'https:') return 'L’adresse doit commencer par https://.';
  if (isIP(host) !== 0 && !mayCall(host, allowLoopback)) return 'Cette adresse n’est pas une adresse publique d’Internet.';
  return null;
}
