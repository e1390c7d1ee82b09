// Which source file a position of a built script comes from, read from its source map (the
// build writes one beside each chunk): enough for a profile of the minified build, as visitors
// run it, to say whether a sample ran React, r2wc, the styles or our code. A small VLQ reader,
// so the bench needs no source-map package.
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const digit = new Map([...BASE64].map((char, index) => [char, index]));

/** The segments of one line of a `mappings` string: [column, source delta, …] numbers per segment. */
function decodeSegment(text) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of text) {
    const bits = digit.get(char);
    value += (bits & 31) << shift;
    if (bits & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}

/** lookup(line0, column0) → the source path (as the map names it) or null. */
export function sourceLookup(map) {
  const lines = [];
  let source = 0;
  for (const lineText of map.mappings.split(';')) {
    let column = 0;
    const segments = [];
    for (const segmentText of lineText ? lineText.split(',') : []) {
      const [columnDelta, sourceDelta] = decodeSegment(segmentText);
      column += columnDelta;
      // Segments of one field have no source; the running values continue through them.
      if (sourceDelta !== undefined) {
        source += sourceDelta;
        segments.push([column, source]);
      }
      // The other fields (original line, column, name) are not needed: only the file is.
    }
    lines.push(segments);
  }
  return (line, column) => {
    const segments = lines[line];
    if (!segments || segments.length === 0) return null;
    let found = null;
    for (const [start, index] of segments) {
      if (start > column) break;
      found = index;
    }
    return found === null ? map.sources[segments[0][1]] : map.sources[found];
  };
}
