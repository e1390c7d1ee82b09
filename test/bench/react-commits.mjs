// What React does for one interaction, read through the hook React DevTools uses (React calls it
// on every commit, production builds included): how many commits, and which components ran.
// The page must run `commitRecorderScript` before the element's script.

/** A classic script for the bench page: installs the hook and exposes window.__tqwCommits. */
export const commitRecorderScript = `<script>
(function () {
  var PERFORMED_WORK = 1;
  var COMPONENT_TAGS = { 0: true, 1: true, 11: true, 14: true, 15: true };
  var lastTrees = new Map();
  var roots = new Set();
  var recording = null;
  function nameOf(fiber) {
    var type = fiber.type;
    if (type && type.type) type = type.type;
    if (type && type.render) type = type.render;
    return (type && (type.displayName || type.name)) || 'Anonyme';
  }
  /* A fiber React did not touch in this commit is the very object of the previous tree. */
  function renderedIn(root) {
    var previous = lastTrees.get(root) || new WeakSet();
    var current = new WeakSet();
    var names = [];
    var pending = [root.current];
    while (pending.length > 0) {
      var fiber = pending.pop();
      current.add(fiber);
      if (COMPONENT_TAGS[fiber.tag] && !previous.has(fiber) && (fiber.flags & PERFORMED_WORK)) names.push(nameOf(fiber));
      if (fiber.sibling) pending.push(fiber.sibling);
      if (fiber.child) pending.push(fiber.child);
    }
    lastTrees.set(root, current);
    return names;
  }
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject: function () { return 1; },
    onCommitFiberRoot: function (id, root) {
      roots.add(root);
      if (recording) recording.push(renderedIn(root));
    },
    onCommitFiberUnmount: function () {},
    onPostCommitFiberRoot: function () {},
    checkDCE: function () {},
  };
  window.__tqwCommits = {
    start: function () {
      /* Walk every tree once so the first recorded commit compares with the tree on screen. */
      roots.forEach(renderedIn);
      recording = [];
    },
    stop: function () { var commits = recording; recording = null; return commits; },
  };
})();
</script>`;

/** Commits and component counts, e.g. { commits: 1, components: { ItemRow: 1, LoadBar: 1 } }. */
export function summariseCommits(commits) {
  const components = {};
  for (const names of commits) for (const name of names) components[name] = (components[name] ?? 0) + 1;
  return { commits: commits.length, rendered: commits.reduce((sum, names) => sum + names.length, 0), components };
}
