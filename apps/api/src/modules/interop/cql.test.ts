/** The CQL parser (cql.ts): the queries Koha's YAZ sends, booleans, quoting, and what is not CQL. */
import { describe, expect, it } from 'vitest';
import { CqlSyntaxError, parseCql } from './cql.js';

describe('CQL', () => {
  it('reads a bare term as cql.serverChoice =', () => {
    expect(parseCql('kalpasutra').root).toEqual({
      kind: 'term',
      index: 'cql.serverchoice',
      relation: '=',
      modifiers: [],
      term: 'kalpasutra',
    });
  });

  it('reads index, relation and a quoted term with escapes', () => {
    expect(parseCql('dc.Title = "kalpa \\"sutra\\""').root).toEqual({
      kind: 'term',
      index: 'dc.title',
      relation: '=',
      modifiers: [],
      term: 'kalpa "sutra"',
    });
    expect(parseCql('bath.standardIdentifier==12345-00001-X').root).toMatchObject({
      index: 'bath.standardidentifier',
      relation: '==',
      term: '12345-00001-X',
    });
    expect(parseCql('title ANY "kalpa sutra"').root).toMatchObject({ relation: 'any', term: 'kalpa sutra' });
    expect(parseCql('dc.title =/relevant/stem x').root).toMatchObject({ relation: '=', modifiers: ['relevant', 'stem'], term: 'x' });
  });

  it('reads booleans left to right, with parentheses first', () => {
    const { root } = parseCql('dc.title=a and dc.author=b or c not (d or e)');
    expect(root).toMatchObject({
      kind: 'boolean',
      operator: 'not',
      left: {
        operator: 'or',
        left: { operator: 'and', left: { term: 'a' }, right: { index: 'dc.author', term: 'b' } },
        right: { term: 'c' },
      },
      right: { operator: 'or', left: { term: 'd' }, right: { term: 'e' } },
    });
  });

  it('reads Gujarati and Devanagari terms', () => {
    expect(parseCql('title = કલ્પસૂત્ર').root).toMatchObject({ term: 'કલ્પસૂત્ર' });
    expect(parseCql('dc.author="मुनि जंबूविजय"').root).toMatchObject({ term: 'मुनि जंबूविजय' });
  });

  it('notes sortby and skips prefix assignments', () => {
    expect(parseCql('title=a sortby dc.date/sort.descending')).toMatchObject({ sortBy: true, root: { term: 'a' } });
    expect(parseCql('> dc = "info:srw/cql-context-set/1/dc-v1.1" dc.title = a').root).toMatchObject({ index: 'dc.title', term: 'a' });
  });

  it.each(['', '   ', 'title =', '(title = a', 'title = a)', 'title = "a', 'kalpa sutra', '= a', 'title = a and'])(
    'refuses %j as a syntax error',
    (query) => {
      expect(() => parseCql(query)).toThrow(CqlSyntaxError);
    },
  );
});
