/**
 * The CSP nonce of this page load: the server fills the meta tag per response; Vite's dev server
 * leaves the placeholder, which means none. Styles antd injects carry it.
 */
function readNonce(): string | undefined {
  const content = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
  return content && content !== '__CSP_NONCE__' ? content : undefined;
}

const cspNonce = readNonce();

/** The nonce as antd's ConfigProvider takes it (`csp` prop). */
export const antdCsp = cspNonce ? { nonce: cspNonce } : undefined;
