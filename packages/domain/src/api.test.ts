import { describe, expect, it } from 'vitest';
import { acceptInvitationBody, createInvitationBody, createOrganizationBody, updateSettingsBody } from './api';

describe('API schemas', () => {
  it('trims and bounds organization names', () => {
    expect(createOrganizationBody.parse({ org_name: '  Acme  ' })).toEqual({ org_name: 'Acme' });
    expect(createOrganizationBody.safeParse({ org_name: 'A' }).success).toBe(false);
    expect(createOrganizationBody.safeParse({ org_name: 'x'.repeat(101) }).success).toBe(false);
  });
  it('normalises invitation emails and defaults the role to member', () => {
    expect(createInvitationBody.parse({ email: ' Agent@Example.COM ' })).toEqual({ email: 'agent@example.com', role: 'member' });
    expect(createInvitationBody.safeParse({ email: 'agent', role: 'member' }).success).toBe(false);
    expect(createInvitationBody.safeParse({ email: 'a@b.co', role: 'owner' }).success).toBe(false);
  });
  it('accepts a partial aiIntegration block and refuses unknown keys', () => {
    expect(updateSettingsBody.parse({ aiIntegration: { enableSmartScoring: false } })).toEqual({ aiIntegration: { enableSmartScoring: false } });
    expect(updateSettingsBody.safeParse({ aiIntegration: { other: true } }).success).toBe(false);
    expect(updateSettingsBody.safeParse({ aiIntegration: {}, extra: 1 }).success).toBe(false);
  });
  it('requires an 8-character password when one is given', () => {
    expect(acceptInvitationBody.safeParse({ name: 'A', password: 'short' }).success).toBe(false);
    expect(acceptInvitationBody.parse({})).toEqual({});
  });
});
