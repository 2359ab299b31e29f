import { Window } from 'happy-dom';
import postcss, { type Container } from 'postcss';

/**
 * What a selector may name that the page only has later, or in some browsers: the skin, the
 * direction and the kept session the boot script sets on <html> and <body>, and the states of an
 * element (hovered, focused, disabled…) or its generated parts. Taken out before matching, so a
 * rule for any of them is kept whenever the rest of its selector names the page.
 */
const LATER_STATE = [
  /\.(?:dark-layout|bordered-layout|semi-dark-layout|boot-signed-in)(?![\w-])/g,
  /\[(?:dir|data-skin)(?:[~|^$*]?=[^\]]*)?\]/g,
  /::?(?:hover|focus-visible|focus-within|focus|active|disabled|enabled|checked|visited|placeholder-shown|placeholder|before|after|selection|-webkit-autofill|-moz-focus-inner)(?![\w-])/g,
];

const GROUPING_AT_RULES = /^(?:media|supports|layer|container)$/i;

function withoutLaterState(selector: string): string {
  const stripped = LATER_STATE.reduce((text, pattern) => text.replace(pattern, ''), selector).trim();
  // Only a state was left (":focus-visible", "body.dark-layout" minus its class): it applies to anything.
  return stripped === '' || /[>+~]$/.test(stripped) ? `${stripped}*`.trim() : stripped;
}

/**
 * The rules of `css` that can style the document `html` as it first paints: each rule whose
 * selector names an element of the page (with any skin, direction or state), the grouping rules
 * (@media, @supports…) around them, the @keyframes they animate with and every other at-rule
 * (@font-face, @layer statements). A selector the matcher cannot read is kept. The rules keep
 * their order, so the result is a subset of the stylesheet's cascade.
 */
export function criticalCss(css: string, html: string): string {
  const window = new Window({ settings: { disableJavaScriptEvaluation: true, disableJavaScriptFileLoading: true, disableCSSFileLoading: true } });
  try {
    const document = new window.DOMParser().parseFromString(html, 'text/html');
    const names = (selector: string) => {
      try {
        return document.querySelector(withoutLaterState(selector)) !== null;
      } catch {
        return true;
      }
    };
    const root = postcss.parse(css);
    const prune = (container: Container) => {
      container.each((node) => {
        if (node.type === 'rule' && !node.selectors.some(names)) node.remove();
        else if (node.type === 'atrule' && GROUPING_AT_RULES.test(node.name) && node.nodes) {
          prune(node);
          if (node.nodes.length === 0) node.remove();
        }
      });
    };
    prune(root);
    const animated = new Set<string>();
    root.walkDecls(/^animation(?:-name)?$/i, (decl) => decl.value.split(/[\s,]+/).forEach((word) => animated.add(word)));
    root.walkAtRules(/keyframes$/i, (rule) => {
      if (!animated.has(rule.params.trim())) rule.remove();
    });
    return root.toString();
  } finally {
    void window.happyDOM.close();
  }
}
