/*
 * stacklab-embed.js -- <stacklab-embed>: a StackLab lesson or lab in any page.
 *   <script src="https://HOST/PATH/stacklab-embed.js" defer></script>
 *   <stacklab-embed lesson="the-thundering-herd" height="640"></stacklab-embed>
 * Attributes: lesson (a lesson id) or scenario (a lab link's s= value), height (px: a
 * lab keeps it, a lesson grows from it to its length), views (a lab's views, e.g.
 * "cpu-grid,lock"), label (the frame's accessible name), origin (origins that receive
 * learning events), src (the lab's address; default: where this script came from),
 * theme (auto, the default, follows prefers-color-scheme; light; dark).
 * The frame lives in a shadow root, so no styles leak either way.
 * Host side of the postMessage protocol (docs/embedding.md): stacklab:resize sets the
 * frame's height; stacklab:ready and stacklab:statement are re-dispatched on the element
 * as "stacklab-ready" and "stacklab-statement" events; stacklab:navigated (a page reached
 * inside the frame, such as a lesson's Next) scrolls the element's top into view and fires
 * "stacklab-navigated". Only messages from this element's
 * own frame and the lab's origin, of protocol version 1, are read. No framework.
 */
(() => {
  const VERSION = 1;
  const MAX_HEIGHT = 20000;
  const script = document.currentScript || document.querySelector('script[src*="stacklab-embed.js"]');
  const defaultBase = new URL('./', script ? script.src : location.href).href;

  class StackLabEmbed extends HTMLElement {
    static get observedAttributes() {
      return ['lesson', 'scenario', 'height', 'views', 'label', 'origin', 'src', 'theme'];
    }

    constructor() {
      super();
      const root = this.attachShadow({ mode: 'open' });
      const style = document.createElement('style');
      style.textContent =
        ':host{display:block;contain:content}:host([hidden]){display:none}' +
        'iframe{display:block;width:100%;border:0;margin:0;padding:0;background:transparent}';
      this.frame = document.createElement('iframe');
      this.frame.setAttribute('loading', 'lazy');
      root.append(style, this.frame);
      this.onMessage = this.onMessage.bind(this);
    }

    connectedCallback() {
      window.addEventListener('message', this.onMessage);
      this.render();
    }

    disconnectedCallback() {
      window.removeEventListener('message', this.onMessage);
    }

    attributeChangedCallback() {
      if (this.isConnected) this.render();
    }

    /** The #/embed URL this element's attributes describe. */
    get url() {
      const base = new URL(this.getAttribute('src') || defaultBase, location.href);
      const params = [];
      const lesson = this.getAttribute('lesson');
      const scenario = this.getAttribute('scenario');
      if (lesson) params.push('lesson=' + encodeURIComponent(lesson));
      else {
        if (scenario) params.push('s=' + scenario.replace(/[^A-Za-z0-9+\-$]/g, ''));
        // A lab lays itself out for its height and shows the views asked for (the page checks both).
        const views = this.getAttribute('views');
        if (views !== null) params.push('views=' + views.replace(/[^A-Za-z0-9,-]/g, ''));
        params.push('height=' + this.height);
      }
      // auto (the reader's prefers-color-scheme), light or dark; the page explains any other value
      const theme = this.getAttribute('theme');
      if (theme !== null) params.push('theme=' + encodeURIComponent(theme.trim()));
      for (const origin of (this.getAttribute('origin') || '').split(',')) {
        if (origin.trim()) params.push('origin=' + encodeURIComponent(origin.trim()));
      }
      base.hash = '/embed' + (params.length ? '?' + params.join('&') : '');
      return base.href;
    }

    /** The height attribute in px (default 640); a bad value goes to the page, which says what is wrong. */
    get height() {
      const text = (this.getAttribute('height') || '').trim();
      return text === '' ? 640 : encodeURIComponent(text);
    }

    render() {
      const url = this.url;
      const height = Number.parseInt(this.getAttribute('height') || '', 10);
      this.frame.style.height = (height > 0 ? Math.min(height, MAX_HEIGHT) : 640) + 'px';
      const lesson = this.getAttribute('lesson');
      this.frame.title = this.getAttribute('label') || (lesson ? 'StackLab lesson: ' + lesson : 'StackLab lab');
      if (this.frame.src !== url) {
        this.labOrigin = new URL(url).origin;
        this.frame.src = url;
      }
    }

    onMessage(event) {
      if (event.source !== this.frame.contentWindow || event.origin !== this.labOrigin) return;
      const data = event.data;
      if (!data || typeof data !== 'object' || data.version !== VERSION || typeof data.type !== 'string') return;
      if (data.type === 'stacklab:resize') {
        if (Number.isInteger(data.height) && data.height > 0 && data.height <= MAX_HEIGHT) {
          this.frame.style.height = data.height + 'px';
          this.dispatchEvent(new CustomEvent('stacklab-resize', { detail: { height: data.height } }));
        }
      } else if (data.type === 'stacklab:navigated') {
        // Another page inside the frame (a lesson's Next): show its start, the frame's top.
        const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        this.scrollIntoView({ block: 'start', behavior: smooth ? 'smooth' : 'auto' });
        this.dispatchEvent(new CustomEvent('stacklab-navigated', { detail: { content: data.content } }));
      } else if (data.type === 'stacklab:ready') {
        this.dispatchEvent(new CustomEvent('stacklab-ready', { detail: { content: data.content, statements: data.statements } }));
      } else if (data.type === 'stacklab:statement' && data.statement && typeof data.statement === 'object') {
        this.dispatchEvent(new CustomEvent('stacklab-statement', { detail: data.statement, bubbles: true, composed: true }));
      }
    }
  }

  if (!customElements.get('stacklab-embed')) customElements.define('stacklab-embed', StackLabEmbed);
})();
