/**
 * ESLint rule `local/max-function-lines`: a function is at most `max` lines long, its nested functions
 * counted apart (docs/architecture.md §Conventions).
 *
 * Why our own rule: ESLint's `max-lines-per-function` counts every line from a function's first to its last,
 * so a factory is charged for the bodies of the functions it returns — a 60-line factory of six 20-line
 * methods counts as 180 — and it has no option to count them apart. Here a line inside a nested function
 * (after its first line and before its last) is that function's, not its parent's; the first and last lines
 * (`const save = async () => {` and `};`) are the parent's as well, for the parent's reader reads them.
 * Otherwise lines count as the built-in rule counts them by default: blank lines and comments included (as
 * `max-lines` does for a module). An immediately invoked function is a function like any other.
 */

const FUNCTION = ['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression'];

/** A readable name for the report: the declared name, or the variable, property or method it is assigned to. */
function nameOf(node) {
  if (node.id?.name) return `function '${node.id.name}'`;
  const parent = node.parent;
  if (parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier') return `function '${parent.id.name}'`;
  if ((parent?.type === 'Property' || parent?.type === 'MethodDefinition') && parent.key.type === 'Identifier') return `method '${parent.key.name}'`;
  return 'function';
}

export default {
  meta: {
    type: 'suggestion',
    docs: { description: 'limit the lines of a function, its nested functions counted apart' },
    schema: [{ type: 'object', properties: { max: { type: 'integer', minimum: 1 } }, additionalProperties: false }],
    messages: { tooLong: '{{name}} has {{lines}} lines of its own (nested functions counted apart); at most {{max}}.' },
  },
  create(context) {
    const max = context.options[0]?.max ?? 150;
    /** The functions being walked, innermost last, each with the lines its nested functions took. */
    const stack = [];
    const enter = (node) => stack.push({ node, nested: new Set() });
    const exit = () => {
      const { node, nested } = stack.pop();
      const { start, end } = node.loc;
      const lines = end.line - start.line + 1 - nested.size;
      if (lines > max) context.report({ node, loc: { start, end: { line: start.line, column: start.column + 1 } }, messageId: 'tooLong', data: { name: nameOf(node), lines, max } });
      const parent = stack.at(-1);
      if (parent) for (let line = start.line + 1; line < end.line; line += 1) parent.nested.add(line);
    };
    return Object.fromEntries(FUNCTION.flatMap((type) => [[type, enter], [`${type}:exit`, exit]]));
  },
};
