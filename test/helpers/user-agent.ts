/**
 * The User-Agent the tests send: Sleeve refuses a request without a descriptive one (D6), so
 * every request a test makes carries this, unless the test is about the header itself.
 */
export const UA = 'test/1.0 (test@example.com)';
