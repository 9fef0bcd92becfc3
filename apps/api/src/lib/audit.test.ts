/**
 * The record's table lists its subjects and roles itself (drizzle-kit loads `db/schema.ts` without
 * the workspace's packages), so this test holds those lists to the history's contract in
 * `@jsbn/shared`: a subject added to one and not the other fails here, not in an operator's filter.
 */
import { describe, expect, it } from 'vitest';
import { AUDIT_ROLES, AUDIT_SUBJECTS } from '@jsbn/shared';
import { audit_log } from '../db/schema.js';

describe('the record’s table', () => {
  it('allows the subjects and roles the history’s contract names, in its order', () => {
    expect(audit_log.subject_type.enumValues).toEqual([...AUDIT_SUBJECTS]);
    expect(audit_log.actor_role.enumValues).toEqual([...AUDIT_ROLES]);
  });
});
