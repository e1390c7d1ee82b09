/** Helpers to use the elements like a user: find controls by role and French name, type, wait. */
import { waitUntil } from '@open-wc/testing';
import { computeAccessibleName, getRole, isInaccessible } from 'dom-accessibility-api';
import { DateTime } from 'luxon';
import { fixedClock } from '../../src/services/clock.ts';
import { testMonday } from '../support/test-instant.ts';
import type { QuoteStore } from '../../src/state/store.ts';
import type { Session } from '../../src/state/session.ts';

/**
 * The instant the element tests live at: 10:00 in Paris on the first Monday at least three days
 * after the machine's date (test/support/test-instant.ts). Elements get it through their `clock`
 * property, and every date a test types or expects is derived from it; the reference server the
 * suites book on runs on the machine's clock, so the days they book, quote and edit are always
 * ahead of it, whatever day the machine runs them.
 */
export const TEST_NOW = DateTime.fromISO(`${testMonday()}T10:00`, { zone: 'Europe/Paris' });
export const testClock = fixedClock(TEST_NOW.toJSDate());

/** The day `days` after the test clock's day, 'yyyy-MM-dd'. */
export function dayAfterToday(days: number): string {
  return TEST_NOW.plus({ days }).toISODate()!;
}

/**
 * A Monday about fifteen weeks after the test clock's and the Tuesday after it, for the suites
 * that need a day well ahead; a week later when either would be the 1st (read '1er').
 */
export const LATER_MONDAY = ((monday) => (monday.day === 1 || monday.plus({ days: 1 }).day === 1 ? monday.plus({ weeks: 1 }) : monday))(
  TEST_NOW.plus({ weeks: 15 }),
).toISODate()!;
export const LATER_TUESDAY = DateTime.fromISO(LATER_MONDAY).plus({ days: 1 }).toISODate()!;

/** A day as the date fields say it, 'lundi 15 mars 2027', written by Intl, not by the element. */
export function longFrenchDay(date: string): string {
  return new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

/** A day as a stop's day list says it, 'mar. 1er déc.', written by Intl, not by the element. */
export function shortFrenchDay(date: string): string {
  const text = new Intl.DateTimeFormat('fr-FR', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
  return text.replace(/^(\S+) 1 /, '$1 1er ');
}

/** 'yyyy-MM-dd' at 'HH:mm' in Paris, as an instant. */
export function parisInstant(date: string, time: string): Date {
  return DateTime.fromISO(`${date}T${time}`, { zone: 'Europe/Paris' }).toJSDate();
}

/** 'yyyy-MM-dd' at 'HH:mm' in Paris, written with that day's offset: '2026-12-01T09:00:00+01:00'. */
export function parisTime(date: string, time: string): string {
  return DateTime.fromISO(`${date}T${time}`, { zone: 'Europe/Paris' }).toISO({ suppressMilliseconds: true })!;
}

/** An element's store, through the session it keeps (elements/quote-element.ts). */
export function storeOf(el: Element): QuoteStore {
  return (el as Element & { session(): Session }).session().store;
}

/** A new element of the tag with the test clock set before it starts. */
/** The fetch the next elements get (their `fetch` property), set by a test that watches the API. */
let elementFetch: typeof fetch | null = null;
export function giveElementsFetch(fetchImpl: typeof fetch | null): void {
  elementFetch = fetchImpl;
}

export function createQuoteElement<K extends 'transport-quote-wizard' | 'transport-quote-lite'>(tag: K): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  el.clock = testClock;
  if (elementFetch) el.fetch = elementFetch;
  return el;
}

export async function apiBase(): Promise<string> {
  const response = await fetch('/__api-base');
  return ((await response.json()) as { base: string }).base;
}

/** Names compare after folding U+00A0 and U+202F to spaces, as Playwright does (UX §7.1). */
function fold(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The role and accessible name as assistive technology computes them (WAI-ARIA and accname,
 * through dom-accessibility-api, the library Testing Library uses), not a guess from the tag.
 */
function nameOf(el: Element): string {
  return fold(computeAccessibleName(el));
}

/** Every element of the tree, shadow roots included. */
function* walk(root: Document | ShadowRoot | Element): Generator<Element> {
  const children =
    root instanceof Element && root.shadowRoot ? [...root.shadowRoot.children, ...root.children] : [...(root as ParentNode).children];
  for (const child of children) {
    yield child;
    yield* walk(child);
  }
}

export function allByRole(root: Element | ShadowRoot, role: string, name?: string | RegExp): HTMLElement[] {
  return [...walk(root)].filter((el) => {
    if (getRole(el) !== role || isInaccessible(el)) return false;
    if (name === undefined) return true;
    const accessible = nameOf(el);
    return typeof name === 'string' ? accessible === name : name.test(accessible);
  }) as HTMLElement[];
}

export function byRole<T extends HTMLElement = HTMLElement>(root: Element | ShadowRoot, role: string, name?: string | RegExp): T {
  const found = allByRole(root, role, name);
  if (found.length !== 1) throw new Error(`${found.length} élément(s) ${role} « ${String(name)} »`);
  return found[0] as T;
}

export async function findByRole<T extends HTMLElement = HTMLElement>(
  root: Element | ShadowRoot,
  role: string,
  name?: string | RegExp,
  timeout = 4000,
): Promise<T> {
  await waitUntil(() => allByRole(root, role, name).length === 1, `${role} « ${String(name)} » introuvable`, { timeout });
  return byRole<T>(root, role, name);
}

/** What a screen reader reads of an element: its text without the aria-hidden parts, spaces folded. */
function readText(el: Element): string {
  const clone = el.cloneNode(true) as Element;
  clone.querySelectorAll('[aria-hidden="true"]').forEach((child) => child.remove());
  return fold(clone.textContent ?? '');
}

type LiveRole = 'alert' | 'status';

/**
 * Alerts and status lines by what they say: WAI-ARIA gives these roles no name from their
 * content (their accessible name is empty), and a screen reader reads their text as it changes.
 */
export function allLiveRegions(root: Element | ShadowRoot, role: LiveRole, text?: string | RegExp): HTMLElement[] {
  return [...walk(root)].filter((el) => {
    if (getRole(el) !== role || isInaccessible(el)) return false;
    if (text === undefined) return true;
    const said = readText(el);
    return typeof text === 'string' ? said === text : text.test(said);
  }) as HTMLElement[];
}

export async function findLiveRegion(
  root: Element | ShadowRoot,
  role: LiveRole,
  text: string | RegExp,
  timeout = 4000,
): Promise<HTMLElement> {
  await waitUntil(() => allLiveRegions(root, role, text).length === 1, `${role} « ${String(text)} » introuvable`, { timeout });
  return allLiveRegions(root, role, text)[0]!;
}

/** Types into a React-controlled field the way a browser does. */
export function type(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const proto = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** A visitor presses a list before reading or choosing in it: long lists are built then (use-list-on-demand.ts). */
export function reach(select: HTMLSelectElement): HTMLSelectElement {
  select.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true }));
  return select;
}

export function choose(select: HTMLSelectElement, value: string): void {
  reach(select);
  Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select, value);
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

export function press(target: HTMLElement, key: string): void {
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, composed: true }));
}

export function textOf(root: Element | ShadowRoot): string {
  return (root.textContent ?? '').replace(/\s+/g, ' ');
}

/** A unique element id per test, so drafts of one test never reach another. */
export function uniqueId(prefix = 'tqw'): string {
  return `${prefix}-${Math.random().toString(36).slice(2, 10)}`;
}

/** The quantity shown in an item's stepper ('Quantité : Table basse'), or undefined without one. */
export function quantityOf(root: ShadowRoot | Element, name: string, { prefix = false } = {}): string | undefined {
  const inputs = [...root.querySelectorAll<HTMLInputElement>('.stepper input')];
  const wanted = `Quantité : ${name}`;
  return inputs.find((input) => {
    const label = fold(input.getAttribute('aria-label') ?? '');
    return prefix ? label.startsWith(wanted) : label === wanted;
  })?.value;
}

/** Unavailable as a user meets it: disabled, or aria-disabled (focusable, announced, inert). */
export function isUnavailable(control: HTMLElement): boolean {
  return (control as HTMLButtonElement).disabled === true || control.getAttribute('aria-disabled') === 'true';
}

/** The customer's name field: 'Nom et prénom' for a visitor, 'Nom du contact' in company mode (issue 32). */
export const NAME_FIELD = /^(Nom et prénom|Nom du contact)$/;
