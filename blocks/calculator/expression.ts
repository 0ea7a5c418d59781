/**
 * The calculator's formula language: arithmetic, comparisons, `cond ? a : b` and a few
 * functions over named numbers. Parsed once into a tree and evaluated by walking it: no
 * `eval`, no `Function`, nothing a formula can reach but its own variables.
 */
export type Node =
  | { type: 'num'; value: number }
  | { type: 'var'; name: string; at: number }
  | { type: 'unary'; op: '-' | '+' | '!'; arg: Node }
  | { type: 'binary'; op: string; left: Node; right: Node }
  | { type: 'if'; test: Node; then: Node; else: Node }
  | { type: 'call'; name: FunctionName; args: Node[] };

export class ExpressionError extends Error {
  constructor(
    message: string,
    readonly offset: number,
    /** What kind of mistake, for the fix to suggest: a bracket left open, or anything else. */
    readonly reason: 'unclosed' | 'syntax' = 'syntax',
  ) {
    super(message);
  }
}

const FUNCTIONS = {
  min: (...xs: number[]) => Math.min(...xs),
  max: (...xs: number[]) => Math.max(...xs),
  round: (x: number, digits = 0) => {
    const f = 10 ** digits;
    return Math.round(x * f) / f;
  },
  floor: Math.floor,
  ceil: Math.ceil,
  abs: Math.abs,
  sqrt: Math.sqrt,
} satisfies Record<string, (...args: number[]) => number>;
export type FunctionName = keyof typeof FUNCTIONS;
/** Every function takes numbers; ARITY has already checked how many. */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- tsc cannot spread into the union of the functions' own signatures
const call = (name: FunctionName, args: number[]): number => (FUNCTIONS[name] as (...xs: number[]) => number)(...args);
export const FUNCTION_NAMES = Object.keys(FUNCTIONS) as FunctionName[];
const ARITY: Record<FunctionName, [number, number]> = {
  min: [1, 20],
  max: [1, 20],
  round: [1, 2],
  floor: [1, 1],
  ceil: [1, 1],
  abs: [1, 1],
  sqrt: [1, 1],
};

interface Token {
  kind: 'num' | 'id' | 'op' | 'end';
  text: string;
  at: number;
}

const OPERATORS = ['<=', '>=', '==', '!=', '&&', '||', '+', '-', '*', '/', '%', '^', '(', ')', ',', '?', ':', '<', '>', '!'];

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const ch = source[i] as string;
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    const num = /^(\d+(\.\d+)?|\.\d+)/.exec(source.slice(i));
    if (num) {
      tokens.push({ kind: 'num', text: num[0], at: i });
      i += num[0].length;
      continue;
    }
    const id = /^[A-Za-z_][A-Za-z0-9_]*/.exec(source.slice(i));
    if (id) {
      tokens.push({ kind: 'id', text: id[0], at: i });
      i += id[0].length;
      continue;
    }
    const op = OPERATORS.find((o) => source.startsWith(o, i));
    if (!op) throw new ExpressionError(`"${ch}" cannot be used in a formula`, i);
    tokens.push({ kind: 'op', text: op, at: i });
    i += op.length;
  }
  tokens.push({ kind: 'end', text: '', at: source.length });
  return tokens;
}

const BINARY: Record<string, number> = {
  '||': 1,
  '&&': 2,
  '==': 3,
  '!=': 3,
  '<': 4,
  '<=': 4,
  '>': 4,
  '>=': 4,
  '+': 5,
  '-': 5,
  '*': 6,
  '/': 6,
  '%': 6,
  '^': 8,
};

export function parseExpression(source: string): Node {
  const tokens = tokenize(source);
  let pos = 0;
  const peek = () => tokens[pos] as Token;
  const next = () => tokens[pos++] as Token;
  const expect = (text: string, opened?: Token) => {
    const t = next();
    if (t.text === text) return;
    if (opened && t.kind === 'end') throw new ExpressionError(`the bracket opened here is never closed`, opened.at, 'unclosed');
    throw new ExpressionError(t.kind === 'end' ? `the formula ends where "${text}" was expected` : `expected "${text}" but found "${t.text}"`, t.at);
  };

  function ternary(): Node {
    const test = binary(0);
    if (peek().text !== '?') return test;
    next();
    const then = ternary();
    expect(':');
    return { type: 'if', test, then, else: ternary() };
  }

  function binary(minPrec: number): Node {
    let left = unary();
    for (;;) {
      const t = peek();
      const prec = t.kind === 'op' ? BINARY[t.text] : undefined;
      if (prec === undefined || prec <= minPrec) return left;
      next();
      // ^ is right-associative: 2^3^2 is 2^(3^2).
      const right = binary(t.text === '^' ? prec - 1 : prec);
      left = { type: 'binary', op: t.text, left, right };
    }
  }

  function unary(): Node {
    const t = peek();
    if (t.text === '-' || t.text === '+' || t.text === '!') {
      next();
      return { type: 'unary', op: t.text, arg: unary() };
    }
    return primary();
  }

  function primary(): Node {
    const t = next();
    if (t.kind === 'num') return { type: 'num', value: Number(t.text) };
    if (t.text === '(') {
      const inner = ternary();
      expect(')', t);
      return inner;
    }
    if (t.kind === 'id') {
      if (peek().text !== '(') return { type: 'var', name: t.text, at: t.at };
      if (!(t.text in FUNCTIONS)) {
        throw new ExpressionError(`there is no function called "${t.text}" (there are ${FUNCTION_NAMES.join(', ')})`, t.at);
      }
      const name = t.text as FunctionName;
      const open = next();
      const args: Node[] = [];
      if (peek().text !== ')') {
        args.push(ternary());
        while (peek().text === ',') {
          next();
          args.push(ternary());
        }
      }
      expect(')', open);
      const [lo, hi] = ARITY[name];
      if (args.length < lo || args.length > hi) {
        throw new ExpressionError(`${name}() takes ${lo === hi ? lo : `${lo} to ${hi}`} value${hi > 1 ? 's' : ''}, not ${args.length}`, t.at);
      }
      return { type: 'call', name, args };
    }
    if (t.kind === 'end') throw new ExpressionError('the formula ends too early', t.at);
    throw new ExpressionError(`"${t.text}" is not expected here`, t.at);
  }

  if (peek().kind === 'end') throw new ExpressionError('the formula is empty', 0);
  const tree = ternary();
  const rest = peek();
  if (rest.kind !== 'end') throw new ExpressionError(`"${rest.text}" is not expected here`, rest.at);
  return tree;
}

/** Every variable a formula reads, with where it stands in the source. */
export function variablesOf(node: Node, found: { name: string; at: number }[] = []): { name: string; at: number }[] {
  switch (node.type) {
    case 'var':
      found.push({ name: node.name, at: node.at });
      break;
    case 'unary':
      variablesOf(node.arg, found);
      break;
    case 'binary':
      variablesOf(node.left, found);
      variablesOf(node.right, found);
      break;
    case 'if':
      variablesOf(node.test, found);
      variablesOf(node.then, found);
      variablesOf(node.else, found);
      break;
    case 'call':
      node.args.forEach((a) => variablesOf(a, found));
      break;
  }
  return found;
}

export function evaluate(node: Node, vars: Readonly<Record<string, number>>): number {
  switch (node.type) {
    case 'num':
      return node.value;
    case 'var':
      return Object.hasOwn(vars, node.name) ? (vars[node.name] as number) : NaN;
    case 'unary': {
      const v = evaluate(node.arg, vars);
      return node.op === '-' ? -v : node.op === '+' ? v : v ? 0 : 1;
    }
    case 'if':
      return evaluate(node.test, vars) ? evaluate(node.then, vars) : evaluate(node.else, vars);
    case 'call':
      return call(
        node.name,
        node.args.map((a) => evaluate(a, vars)),
      );
    case 'binary': {
      const a = evaluate(node.left, vars);
      if (node.op === '&&') return a ? evaluate(node.right, vars) : a;
      if (node.op === '||') return a ? a : evaluate(node.right, vars);
      const b = evaluate(node.right, vars);
      switch (node.op) {
        case '+':
          return a + b;
        case '-':
          return a - b;
        case '*':
          return a * b;
        case '/':
          return a / b;
        case '%':
          return a % b;
        case '^':
          return a ** b;
        case '<':
          return +(a < b);
        case '<=':
          return +(a <= b);
        case '>':
          return +(a > b);
        case '>=':
          return +(a >= b);
        case '==':
          return +(a === b);
        case '!=':
          return +(a !== b);
      }
      return NaN;
    }
  }
}
