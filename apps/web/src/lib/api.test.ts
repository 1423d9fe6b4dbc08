import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { ApiError, apiRequest, fieldErrorsOf, isClientError } from './api';
import { shouldRetry } from './query-client';

describe('apiRequest', () => {
  it('reads our error shape', async () => {
    mockApi({ 'GET /api/organization': { status: 404, body: { error: { code: 'NOT_FOUND', message: 'No organization' } } } });
    await expect(apiRequest('/api/organization')).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'No organization' });
  });

  it("reads better-auth's error shape, with and without a code", async () => {
    mockApi({
      'POST /api/auth/sign-in/email': { status: 401, body: { message: 'Invalid email or password', code: 'INVALID_EMAIL_OR_PASSWORD' } },
      'POST /api/auth/sign-up/email': { status: 429, body: { message: 'Too many requests' } },
    });
    await expect(apiRequest('/api/auth/sign-in/email', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 401,
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'Invalid email or password',
    });
    await expect(apiRequest('/api/auth/sign-up/email', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 429,
      code: 'HTTP_429',
      message: 'Too many requests',
    });
  });

  it('sends JSON with the cookie and reads an empty 204', async () => {
    const fetchMock = mockApi({ 'DELETE /api/organization/invitations/i1': { status: 204 } });
    await expect(apiRequest('/api/organization/invitations/i1', { method: 'DELETE' })).resolves.toBeNull();
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ method: 'DELETE', credentials: 'include' });
  });

  it('sends a FormData body as multipart, leaving the Content-Type to the browser', async () => {
    const fetchMock = mockApi({ 'POST /api/dnc/import': { body: { added: 1 } } });
    const form = new FormData();
    form.append('file', new File(['phone\n5125550100\n'], 'list.csv', { type: 'text/csv' }));
    await expect(apiRequest('/api/dnc/import', { method: 'POST', body: form })).resolves.toEqual({ added: 1 });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    expect(init?.headers).toEqual({ Accept: 'application/json' });
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    const error = await apiRequest('/api/me', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('does not retry 4xx answers but retries server and network failures up to 3 times', () => {
    expect(isClientError(new ApiError(403, 'FORBIDDEN', 'no'))).toBe(true);
    expect(shouldRetry(0, new ApiError(404, 'NOT_FOUND', 'gone'))).toBe(false);
    expect(shouldRetry(0, new ApiError(500, 'HTTP_500', 'boom'))).toBe(true);
    expect(shouldRetry(2, new ApiError(0, 'NETWORK_ERROR', 'offline'))).toBe(true);
    expect(shouldRetry(3, new ApiError(0, 'NETWORK_ERROR', 'offline'))).toBe(false);
  });
});

describe('fieldErrorsOf', () => {
  it("reads the fields a 400 names, without the 'field: ' prefix", () => {
    const error = new ApiError(400, 'VALIDATION_ERROR', 'phone: Phone number must be at least 10 digits; reason: Give a reason; other: ignored');
    expect(fieldErrorsOf(error, ['phone', 'reason'])).toEqual({ phone: 'Phone number must be at least 10 digits', reason: 'Give a reason' });
  });

  it('finds nothing in other failures', () => {
    expect(fieldErrorsOf(new ApiError(409, 'CONFLICT', 'phone: already listed'), ['phone'])).toEqual({});
    expect(fieldErrorsOf(new ApiError(400, 'BAD_REQUEST', 'The upload is not a CSV file'), ['phone'])).toEqual({});
    expect(fieldErrorsOf(new Error('phone: x'), ['phone'])).toEqual({});
  });
});
