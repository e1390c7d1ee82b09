// A PDF as an archivist and a screen reader take it (issue 54): qpdf checks its syntax and
// streams and lists its objects (Debian's qpdf, which .ci/run installs: required, never
// skipped), pdfjs reads its XMP metadata, its structure tree and what it marks as artifacts.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Runs qpdf on the PDF's bytes, written to a file of their own. */
function qpdf(bytes: Uint8Array, args: string[]): { status: number | null; stdout: string; stderr: string } {
  const folder = mkdtempSync(path.join(tmpdir(), 'tqw-pdf-'));
  try {
    const file = path.join(folder, 'devis.pdf');
    writeFileSync(file, bytes);
    const run = spawnSync('qpdf', [...args, file], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    if (run.error)
      throw new Error(`qpdf est introuvable (${run.error.message}) : installez-le (apt-get install qpdf), .ci/run le fait pour la CI`);
    return { status: run.status, stdout: run.stdout, stderr: run.stderr };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** `qpdf --check`: null when it finds nothing (exit 0, no warning), else what it said. */
export function qpdfProblems(bytes: Uint8Array): string | null {
  const { status, stdout, stderr } = qpdf(bytes, ['--check']);
  return status === 0 && stderr.trim() === '' ? null : `qpdf --check (code ${status}) :\n${stdout}\n${stderr}`;
}

/** The qpdf version, to say which one checked. */
export const qpdfVersion = () => execFileSync('qpdf', ['--version'], { encoding: 'utf8' }).split('\n')[0];

type PdfValue = string | number | boolean | null | PdfValue[] | { [key: string]: PdfValue };

/** The PDF's objects as qpdf lists them (JSON v2), and a reader that follows references. */
export function pdfObjects(bytes: Uint8Array) {
  const { stdout } = qpdf(bytes, ['--json=2', '--json-key=qpdf']);
  const objects = (JSON.parse(stdout) as { qpdf: [unknown, Record<string, { value?: PdfValue; stream?: { dict: PdfValue } }>] }).qpdf[1];
  /** The object a reference names ('12 0 R'), a stream's dictionary; any other value as it is. */
  const resolve = (value: PdfValue | undefined): PdfValue | undefined => {
    if (typeof value === 'string' && / R$/.test(value)) {
      const object = objects[`obj:${value}`];
      return object?.value ?? object?.stream?.dict;
    }
    return value;
  };
  const trailer = objects.trailer!.value as Record<string, PdfValue>;
  return {
    catalog: resolve(trailer['/Root']) as Record<string, PdfValue>,
    resolve,
    /** Every dictionary of the file, streams' included. */
    dictionaries: Object.values(objects).flatMap((object) => {
      const value = object.value ?? object.stream?.dict;
      return value && typeof value === 'object' && !Array.isArray(value) ? [value] : [];
    }),
  };
}

interface StructNode {
  role?: string;
  alt?: string;
  children?: StructNode[];
}

/** What a screen reader finds: the XMP's properties, the structure tree's roles (and the figures' texts), and the texts marked as artifacts. */
export async function pdfAccessibility(bytes: Uint8Array) {
  const document = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  const { metadata } = await document.getMetadata();
  const roles = new Set<string>();
  const figures: string[] = [];
  const artifacts: string[] = [];
  const walk = (node: StructNode | null) => {
    if (!node) return;
    if (node.role) roles.add(node.role);
    if (node.role === 'Figure') figures.push(node.alt ?? '');
    node.children?.forEach(walk);
  };
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    walk((await page.getStructTree()) as StructNode | null);
    // Marked content nests: the texts met while an Artifact is open are artifacts.
    const open: string[] = [];
    for (const item of (await page.getTextContent({ includeMarkedContent: true })).items) {
      if ('type' in item && item.type.startsWith('beginMarkedContent')) open.push((item as { tag?: string }).tag ?? '');
      else if ('type' in item && item.type === 'endMarkedContent') open.pop();
      else if ('str' in item && item.str.trim() !== '' && open.includes('Artifact')) artifacts.push(item.str);
    }
  }
  await document.destroy();
  return { xmp: metadata?.getAll() ?? {}, roles, figures, artifacts };
}
