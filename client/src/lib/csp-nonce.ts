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

/**
 * Gives this page's nonce to every `<style>` element our scripts create. antd's own styles take
 * it from ConfigProvider, but its dialogs and drawers also go through @rc-component/util, which
 * injects un-nonced `<style>` tags to lock the page's scroll and measure the scrollbar
 * (ant-design/ant-design#58150): the strict CSP blocked them, logging an error at every modal and
 * leaving the page scrollable behind it. Only script-created elements are affected, and only a
 * script that already passed the CSP can create one; `<style>` markup injected into the page
 * still has no nonce and stays blocked, so the policy is as strict as before.
 */
export function nonceScriptCreatedStyles(): void {
  if (!cspNonce) return;
  const nonce = cspNonce;
  const createElement = Document.prototype.createElement;
  Document.prototype.createElement = function (this: Document, tagName: string, options?: ElementCreationOptions) {
    const element = createElement.call(this, tagName, options);
    if (element instanceof HTMLStyleElement && !element.nonce) element.nonce = nonce;
    return element;
  } as typeof createElement;
}
