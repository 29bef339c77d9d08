/**
 * The announcement is HTML from the app configuration. The server already sanitizes rich text; this second,
 * small pass (no library: a DOMPurify would double the shell's JS) drops active content anyway, because
 * the markup goes straight into the page: scripts, frames, forms and styles, event-handler attributes,
 * inline styles, and javascript:/data:/vbscript: URLs. Links opening a new tab get rel="noopener noreferrer".
 */
const DROPPED_ELEMENTS = new Set([
  'script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'link', 'meta', 'base',
  'form', 'input', 'button', 'textarea', 'select', 'option', 'svg', 'math', 'template', 'noscript',
]);
const URL_ATTRIBUTES = new Set(['href', 'src', 'srcset', 'action', 'formaction', 'xlink:href', 'poster', 'background']);
const UNSAFE_URL = /^\s*(javascript|data|vbscript):/i;

export function sanitizeHtml(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  clean(template.content);
  return template.innerHTML;
}

function clean(parent: ParentNode): void {
  for (const element of Array.from(parent.children)) {
    if (DROPPED_ELEMENTS.has(element.localName)) {
      element.remove();
      continue;
    }
    for (const { name, value } of Array.from(element.attributes)) {
      const lower = name.toLowerCase();
      // Control characters and whitespace inside a scheme still run ("java\tscript:"): compare without them.
      const compact = stripControlAndSpace(value);
      if (lower.startsWith('on') || lower === 'style' || (URL_ATTRIBUTES.has(lower) && UNSAFE_URL.test(compact))) {
        element.removeAttribute(name);
      }
    }
    if (element.localName === 'a' && element.getAttribute('target') === '_blank') {
      element.setAttribute('rel', 'noopener noreferrer');
    }
    clean(element);
  }
}

function stripControlAndSpace(value: string): string {
  let out = '';
  for (const char of value) if (char.charCodeAt(0) > 0x20) out += char;
  return out;
}
