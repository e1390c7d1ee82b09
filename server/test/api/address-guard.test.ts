// Which addresses a webhook may reach (server/notifications/address-guard.ts), address by
// address: every public one, none of the networks a server must keep to itself, whatever the
// spelling (IPv4 written as IPv6, NAT64, 6to4), and loopback only when the setting allows it.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { importServerSource } from './source-module.ts';

let guard;

describe('the webhook address guard', () => {
  before(async () => {
    guard = await importServerSource({
      mayCall: 'server/notifications/address-guard.ts',
      urlProblem: 'server/notifications/address-guard.ts',
      guardedLookup: 'server/notifications/address-guard.ts',
    });
  });

  it('calls public addresses, IPv4 and IPv6', () => {
    for (const address of ['8.8.8.8', '90.84.12.1', '151.101.1.69', '2a00:1450:4007:80e::200e', '2606:4700:4700::1111'])
      assert.equal(guard.mayCall(address, false), true, address);
  });

  it('never calls private, shared, link-local, reserved or multicast networks, however written', () => {
    for (const address of [
      '10.0.0.1',
      '172.16.5.4',
      '172.31.255.255',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '198.18.0.1',
      'fd12:3456::1',
      'fe80::1',
      'ff02::1',
      '::',
      '::ffff:10.0.0.1',
      '::ffff:a00:1',
      '64:ff9b::a00:1',
      '2002:a00:1::1',
      // IPv4-compatible (::/96, deprecated) and IPv4-translated (::ffff:0:0/96) spellings of private addresses.
      '::7f00:1',
      '::10.0.0.1',
      '::ffff:0:a00:1',
      // Local-use NAT64 (RFC 8215): a gateway may translate it to a private IPv4 address.
      '64:ff9b:1::a00:1',
      // Documentation (RFC 9637) and SRv6 segment identifiers: nothing on the Internet.
      '3fff::1',
      '5f00::1',
      'pas-une-adresse',
    ])
      for (const allowLoopback of [false, true])
        assert.equal(guard.mayCall(address, allowLoopback), false, `${address} (${allowLoopback})`);
  });

  it('calls loopback only when the setting allows it', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) {
      assert.equal(guard.mayCall(address, false), false, address);
      assert.equal(guard.mayCall(address, true), true, address);
    }
  });

  it('checks names after DNS: localhost resolves to this machine and is refused', async () => {
    const lookup = guard.guardedLookup(false, false);
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      lookup('localhost', { all: true }, (failure) => resolve(failure)),
    );
    assert.equal(error?.code, 'ENOTPUBLIC');
    const allowed = guard.guardedLookup(true, true);
    const addresses = await new Promise<unknown[]>((resolve, reject) =>
      allowed('localhost', { all: true }, (failure, found) => (failure ? reject(failure) : resolve(found))),
    );
    assert.ok(addresses.length > 0);
  });

  it('asks https, without credentials; plain http only to loopback, when allowed', () => {
    const problem = (url, allow = false) => guard.urlProblem(new URL(url), allow);
    assert.equal(problem('https://planning.exemple.fr/webhooks'), null);
    assert.match(problem('http://planning.exemple.fr/webhooks'), /https/);
    assert.match(problem('http://planning.exemple.fr/webhooks', true), /https/);
    assert.equal(problem('http://127.0.0.1:8080/webhooks', true), null);
    assert.equal(problem('http://localhost:8080/webhooks', true), null);
    assert.match(problem('https://a:b@planning.exemple.fr/'), /identifiant/);
    assert.match(problem('https://[::ffff:192.168.0.1]/'), /adresse publique/);
    for (const url of [
      'https://2130706433/',
      'https://0x7f.1/',
      'https://017700000001/',
      'https://0/',
      'https://[::1]/',
      'https://[::127.0.0.1]/',
    ])
      assert.match(problem(url), /adresse publique/, url);
  });
});
