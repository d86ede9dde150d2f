/**
 * Redaction of secrets in URLs and free text. Every URL that reaches an error message, a log
 * line or an event goes through {@link redactUrl}, so an API key is shown as `key=***`.
 */

/** Query parameters whose values are secrets. */
const SECRET_PARAMS = ["key", "upstream_key", "api_key", "apikey"];

const SECRET_PARAM_PATTERN = new RegExp(`([?&](?:${SECRET_PARAMS.join("|")})=)[^&#\\s"']*`, "gi");

/**
 * Replaces the value of every secret query parameter (`key`, `api_key`, ...) with `***`.
 * Works on absolute and relative URLs and on URLs embedded in longer text; never throws.
 *
 * @example
 * redactUrl("https://x.test/anything?key=s3cret&name=fox"); // "https://x.test/anything?key=***&name=fox"
 */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAM_PATTERN, "$1***");
}

/**
 * Redacts secret query parameters and every literal occurrence of the given secrets (raw and
 * URL-encoded) in a piece of text.
 */
export function redactText(text: string, secrets: readonly (string | undefined)[] = []): string {
  let out = redactUrl(text);
  for (const secret of secrets) {
    if (!secret) continue;
    // Raw, and as encodeURIComponent and URLSearchParams encode it (they differ on space and ~!'()*).
    const formEncoded = new URLSearchParams({ k: secret }).toString().slice(2);
    for (const form of new Set([secret, encodeURIComponent(secret), formEncoded])) {
      out = out.split(form).join("***");
    }
  }
  return out;
}
