// Prints the server's module map as a newcomer would measure it (docs/architecture.md): context
// folders, pairs of contexts importing each other, imports past a context's public face, and
// functions that only forward a call. `--json` prints the figures for a script.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const root = resolve(import.meta.dirname, '..');
const source = join(root, 'apps/server/src');
const modulesDir = join(source, 'modules');

function serverFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return serverFiles(path);
    const kept =
      name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.includes('test-support');
    return kept ? [path] : [];
  });
}

/** The context a file belongs to: its folder under modules/, or 'platform' and the like. */
function contextOf(file) {
  const path = relative(source, file).split('/');
  return path[0] === 'modules' ? path[1] : path[0];
}

function resolveImport(from, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier).replace(/\.(js|mjs)$/, '');
  for (const candidate of [`${base}.ts`, join(base, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return undefined;
}

function importsOf(file, tree) {
  const found = [];
  const visit = (node) => {
    const specifier =
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier
        ? node.moduleSpecifier
        : ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)
          ? node.argument.literal
          : ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword
            ? node.arguments[0]
            : undefined;
    if (specifier && ts.isStringLiteral(specifier)) {
      const target = resolveImport(file, specifier.text);
      if (target) found.push(target);
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

/** A body that is one call whose arguments are the function's own parameters, untouched. */
function onlyForwards(node) {
  const body = node.body;
  if (!body) return false;
  let call = body;
  if (ts.isBlock(body)) {
    if (body.statements.length !== 1) return false;
    const [statement] = body.statements;
    call = ts.isReturnStatement(statement)
      ? statement.expression
      : ts.isExpressionStatement(statement)
        ? statement.expression
        : undefined;
  }
  if (call && ts.isAwaitExpression(call)) call = call.expression;
  if (!call || !ts.isCallExpression(call)) return false;
  const parameters = node.parameters.map((parameter) => parameter.name.getText());
  const argumentsText = call.arguments.map((argument) => argument.getText());
  return (
    argumentsText.length > 0 &&
    argumentsText.every((text) => parameters.includes(text)) &&
    parameters.every((name) => argumentsText.includes(name))
  );
}

function forwardersOf(tree) {
  const found = [];
  const visit = (node) => {
    // Named functions only: a callback such as `(row) => toApi(row)` is an expression, not a layer.
    const namedArrow =
      (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) &&
      (ts.isVariableDeclaration(node.parent) || ts.isPropertyAssignment(node.parent));
    const isFunction = ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || namedArrow;
    if (isFunction && onlyForwards(node)) {
      const line = tree.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      found.push(line);
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

function measure() {
  const files = serverFiles(source);
  const contexts = readdirSync(modulesDir).filter((name) =>
    statSync(join(modulesDir, name)).isDirectory(),
  );
  const edges = new Set();
  const pastFace = [];
  let crossImports = 0;
  const forwarders = [];
  for (const file of files) {
    const tree = ts.createSourceFile(
      file,
      readFileSync(file, 'utf8'),
      ts.ScriptTarget.Latest,
      true,
    );
    const from = contextOf(file);
    for (const target of importsOf(file, tree)) {
      const to = contextOf(target);
      if (from === to || !contexts.includes(to) || !contexts.includes(from)) continue;
      crossImports += 1;
      edges.add(`${from}>${to}`);
      if (!target.endsWith(`${to}.public.ts`))
        pastFace.push(`${relative(source, file)} -> ${relative(source, target)}`);
    }
    for (const line of forwardersOf(tree)) forwarders.push(`${relative(source, file)}:${line}`);
  }
  const mutualPairs = [...edges]
    .map((edge) => edge.split('>'))
    .filter(([from, to]) => from < to && edges.has(`${to}>${from}`))
    .map(([from, to]) => `${from} <-> ${to}`);
  return { contexts, crossImports, mutualPairs, pastFace, forwarders };
}

const report = measure();
if (process.argv.includes('--json')) {
  console.log(JSON.stringify(report, null, 2));
} else {
  console.log(`context folders        ${report.contexts.length} (${report.contexts.join(', ')})`);
  console.log(`cross-context imports  ${report.crossImports}`);
  console.log(`mutual pairs           ${report.mutualPairs.length}`);
  for (const pair of report.mutualPairs) console.log(`  ${pair}`);
  console.log(`past a public face     ${report.pastFace.length}`);
  console.log(`forwarding functions   ${report.forwarders.length}`);
  for (const place of report.forwarders) console.log(`  ${place}`);
}
