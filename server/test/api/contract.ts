// The API's published contract as a test reads it: every answer a suite receives is checked
// against the OpenAPI document the server serves (status, content type, body), so a field
// lost, leaked or mistyped fails the test that saw it. Ajv compiles the document's schemas.
import Ajv2020 from 'ajv/dist/2020.js';
import assert from 'node:assert/strict';

export const OPENAPI_PATH = '/api/v1/openapi.json';

/** The document's component references, made into references Ajv resolves in one schema of its own. */
const COMPONENTS_ID = 'urn:tqw:components';

/** What the checks read of an operation of the document: its answers by status. */
interface Operation {
  responses: Record<string, { content?: Record<string, { schema: object }> } | undefined>;
}
const localRefs = (value) => JSON.parse(JSON.stringify(value).replaceAll('"#/components/schemas/', `"${COMPONENTS_ID}#/$defs/`));

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One document, compiled once however many servers publish it. */
const compiled = new Map();

/** The contract of a published document (its JSON text). */
export function contractOf(text) {
  if (compiled.has(text)) return compiled.get(text);
  const document = JSON.parse(text);
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  ajv.addSchema({ $id: COMPONENTS_ID, $defs: localRefs(document.components?.schemas ?? {}) });
  const validators = new Map();
  const operations = Object.entries(document.paths as Record<string, Record<string, Operation | undefined>>).map(([template, item]) => ({
    template,
    // A path parameter stands for one segment; literal segments first when two templates match.
    pattern: new RegExp(
      `^${template
        .split(/\{[^}]+\}/)
        .map(escapeRegExp)
        .join('[^/]+')}$`,
    ),
    parameters: (template.match(/\{/g) ?? []).length,
    item,
  }));
  // The longer literal text wins among as many parameters: /devis/{id}.pdf before /devis/{id}, which matches its paths too.
  const literal = (template: string) => template.replace(/\{[^}]+\}/g, '').length;
  operations.sort((a, b) => a.parameters - b.parameters || literal(b.template) - literal(a.template));
  const contract = {
    document,
    /** The operation a request reaches, or null: { template, operation }. */
    find(method, pathname) {
      const found = operations.find(({ pattern }) => pattern.test(pathname));
      const operation = found?.item[method.toLowerCase()];
      return operation ? { template: found.template, operation } : null;
    },
    validator(key, schema) {
      if (!validators.has(key)) validators.set(key, ajv.compile(localRefs(schema)));
      return validators.get(key);
    },
  };
  compiled.set(text, contract);
  return contract;
}

/** The answer to an unknown API path: the API's 404, in its error shape. */
const UNKNOWN_PATH_ANSWER = {
  description: 'Introuvable',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorAnswer' } } },
};

/**
 * Throws an AssertionError when an answer is not one the contract documents for this request:
 * its status, its content type, and its body against that answer's schema. Unknown API paths
 * must answer the API's 404; pages and files outside the API are not part of the contract.
 */
export function checkAnswer(contract, { method, url, status, contentType, text }) {
  const { pathname } = new URL(url, 'http://contrat.invalid');
  if (pathname === OPENAPI_PATH) return;
  const found = contract.find(method, pathname);
  if (!found && !pathname.startsWith('/api/')) return;
  const where = found ? `${method} ${found.template}` : `${method} ${pathname} (absent du contrat)`;
  const documented = found
    ? (found.operation.responses[String(status)] ??
      found.operation.responses[`${String(status)[0]}XX`] ??
      found.operation.responses.default)
    : status === 404
      ? UNKNOWN_PATH_ANSWER
      : undefined;
  assert.ok(documented, `${where} : le statut ${status} n’est pas dans le contrat`);
  const media = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (!documented.content) {
    assert.equal(text, '', `${where} ${status} : le contrat ne prévoit pas de corps`);
    return;
  }
  assert.ok(
    documented.content[media],
    `${where} ${status} : type ${media || '(aucun)'} hors contrat (${Object.keys(documented.content).join(', ')})`,
  );
  if (media !== 'application/json') return;
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    assert.fail(`${where} ${status} : corps JSON illisible : ${text.slice(0, 200)}`);
  }
  const validate = contract.validator(`${where} ${status}`, documented.content[media].schema);
  if (!validate(body)) {
    const problems = validate.errors
      .slice(0, 5)
      .map(
        (error) =>
          `${error.instancePath || '(racine)'} ${error.message}${error.params?.additionalProperty ? ` : ${error.params.additionalProperty}` : ''}`,
      );
    assert.fail(`${where} ${status} : la réponse ne suit pas le contrat\n  ${problems.join('\n  ')}\n  ${text.slice(0, 300)}`);
  }
}

/** The contract each server publishes, read once per server. */
const published = new Map();

/** Reads (once) the document a server publishes. */
export function publishedContract(base) {
  if (!published.has(base)) {
    const reading = fetch(base + OPENAPI_PATH).then(async (response) => {
      assert.equal(response.status, 200, `${OPENAPI_PATH} : ${response.status}`);
      return contractOf(await response.text());
    });
    reading.catch(() => published.delete(base));
    published.set(base, reading);
  }
  return published.get(base);
}
