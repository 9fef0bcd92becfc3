/**
 * A parser of CQL, the Contextual Query Language of SRU (CQL 1.2, www.loc.gov/standards/sru/cql):
 * what Koha's Z39.50/SRU search (YAZ's ZOOM) sends to an SRU target. npm has no maintained CQL
 * parser (decision 034), so this is a small recursive-descent one over the grammar:
 *
 *   cqlQuery      ::= prefixAssignment cqlQuery | scopedClause ['sortby' sortSpec]
 *   scopedClause  ::= scopedClause booleanGroup searchClause | searchClause   (left-associative)
 *   booleanGroup  ::= ('and' | 'or' | 'not' | 'prox') modifierList?
 *   searchClause  ::= '(' cqlQuery ')' | index relation modifierList? searchTerm | searchTerm
 *   relation      ::= '=' | '==' | '<>' | '<' | '>' | '<=' | '>=' | a word (any, all, exact, adj …)
 *   modifierList  ::= ('/' name [comparitor value])+
 *
 * Words and indexes are case-insensitive; a search term is a word or a quoted string (`\"` and
 * `\\` escaped inside). A bare term is `cql.serverChoice = term`.
 */

/** A search clause: `index relation term`. */
export interface CqlTerm {
  kind: 'term';
  /** Lower case, e.g. `dc.title`, `cql.serverchoice`. */
  index: string;
  /** Lower case: `=`, `==`, `any`, `all`, `exact`, `adj`, `<>` … */
  relation: string;
  /** Relation modifiers (lower case names), e.g. `['masked']`. */
  modifiers: string[];
  /** The term as written, quotes and escapes removed. */
  term: string;
}

/** A boolean of two sub-queries. */
export interface CqlBoolean {
  kind: 'boolean';
  /** Lower case: and, or, not, prox. */
  operator: string;
  modifiers: string[];
  left: CqlNode;
  right: CqlNode;
}

export type CqlNode = CqlTerm | CqlBoolean;

/** A parsed query: its tree and whether it asked for a sort (`sortby`), which SRU 1.1/1.2 targets may refuse. */
export interface CqlQuery {
  root: CqlNode;
  sortBy: boolean;
}

/** The query is not CQL: SRU diagnostic `code` (10, query syntax error; 13, parentheses), `message` says where. */
export class CqlSyntaxError extends Error {
  constructor(
    message: string,
    readonly code: 10 | 13 = 10,
  ) {
    super(message);
  }
}

interface Token {
  /** `word` (unquoted), `string` (quoted), or the symbol itself. */
  type: 'word' | 'string' | '(' | ')' | '/' | 'comparitor';
  value: string;
}

const COMPARITORS = ['==', '<>', '<=', '>=', '=', '<', '>'];
const BOOLEANS = new Set(['and', 'or', 'not', 'prox']);

/** Splits `text` into CQL tokens. @throws CqlSyntaxError on an unterminated quoted string */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (c === '(' || c === ')' || c === '/') {
      tokens.push({ type: c, value: c });
      i++;
    } else if (c === '"') {
      let value = '';
      i++;
      for (;;) {
        if (i >= text.length) throw new CqlSyntaxError('a quoted term is not closed');
        const d = text[i]!;
        if (d === '\\' && i + 1 < text.length) {
          // \" and \\ stand for themselves; other escapes (\*, \?, \^ — masking) are kept as written
          const next = text[i + 1]!;
          value += next === '"' || next === '\\' ? next : `\\${next}`;
          i += 2;
        } else if (d === '"') {
          i++;
          break;
        } else {
          value += d;
          i++;
        }
      }
      tokens.push({ type: 'string', value });
    } else {
      const comparitor = COMPARITORS.find((symbol) => text.startsWith(symbol, i));
      if (comparitor) {
        tokens.push({ type: 'comparitor', value: comparitor });
        i += comparitor.length;
      } else {
        let value = '';
        while (i < text.length && !/[\s()=<>"/]/.test(text[i]!)) value += text[i++];
        tokens.push({ type: 'word', value });
      }
    }
  }
  return tokens;
}

/**
 * Parses a CQL query.
 * @param options.maxNesting the most levels parentheses may nest (default: any)
 * @throws CqlSyntaxError when `text` is empty or not CQL (10), or nests deeper than `maxNesting` (13)
 */
export function parseCql(text: string, options: { maxNesting?: number } = {}): CqlQuery {
  const maxNesting = options.maxNesting ?? Infinity;
  const tokens = tokenize(text);
  let position = 0;
  let nesting = 0;
  const peek = () => tokens[position];
  const isWord = (token: Token | undefined, ...values: string[]) => token?.type === 'word' && values.includes(token.value.toLowerCase());
  const take = () => {
    const token = tokens[position++];
    if (!token) throw new CqlSyntaxError('the query ends too early');
    return token;
  };

  const modifiers = (): string[] => {
    const names: string[] = [];
    while (peek()?.type === '/') {
      take();
      const name = take();
      if (name.type !== 'word') throw new CqlSyntaxError(`a modifier name is expected after '/', not '${name.value}'`);
      names.push(name.value.toLowerCase());
      if (peek()?.type === 'comparitor') {
        take();
        const value = take();
        if (value.type !== 'word' && value.type !== 'string')
          throw new CqlSyntaxError(`a modifier value is expected, not '${value.value}'`);
      }
    }
    return names;
  };

  const searchClause = (): CqlNode => {
    const first = take();
    if (first.type === '(') {
      if (++nesting > maxNesting) throw new CqlSyntaxError(`parentheses may nest at most ${maxNesting} levels`, 13);
      const inner = scopedClause();
      if (take().type !== ')') throw new CqlSyntaxError("')' is expected");
      nesting--;
      return inner;
    }
    if (first.type !== 'word' && first.type !== 'string') throw new CqlSyntaxError(`a search term is expected, not '${first.value}'`);
    const next = peek();
    // `index relation term`: the next token is a comparitor, or a named relation followed by a term
    const namedRelation =
      next?.type === 'word' && !BOOLEANS.has(next.value.toLowerCase()) && next.value.toLowerCase() !== 'sortby' && first.type === 'word';
    if (next?.type === 'comparitor' || namedRelation) {
      if (first.type !== 'word') throw new CqlSyntaxError('an index name cannot be quoted');
      const relation = take().value.toLowerCase();
      const relationModifiers = modifiers();
      const term = take();
      if (term.type !== 'word' && term.type !== 'string')
        throw new CqlSyntaxError(`a search term is expected after '${relation}', not '${term.value}'`);
      return { kind: 'term', index: first.value.toLowerCase(), relation, modifiers: relationModifiers, term: term.value };
    }
    return { kind: 'term', index: 'cql.serverchoice', relation: '=', modifiers: [], term: first.value };
  };

  const scopedClause = (): CqlNode => {
    let left = searchClause();
    while (isWord(peek(), 'and', 'or', 'not', 'prox')) {
      const operator = take().value.toLowerCase();
      const booleanModifiers = modifiers();
      left = { kind: 'boolean', operator, modifiers: booleanModifiers, left, right: searchClause() };
    }
    return left;
  };

  if (tokens.length === 0) throw new CqlSyntaxError('the query is empty');
  // prefix assignments (`> dc = "info:…"`) name context sets; the indexes here are known by name
  while (peek()?.type === 'comparitor' && peek()!.value === '>') {
    take();
    const first = take();
    if (peek()?.type === 'comparitor' && peek()!.value === '=') {
      take();
      take();
    } else if (first.type !== 'string') {
      throw new CqlSyntaxError('a prefix assignment names a context set');
    }
  }
  const root = scopedClause();
  let sortBy = false;
  if (isWord(peek(), 'sortby')) {
    take();
    sortBy = true;
    while (peek()) take();
  }
  if (position < tokens.length) throw new CqlSyntaxError(`unexpected '${tokens[position]!.value}'`);
  return { root, sortBy };
}
